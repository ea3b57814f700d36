import { DashboardView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { dashboard, emptyDashboard, manyTasks } from './fixtures'

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardView,
  args: { data: dashboard, onToggleItem: fn(), onCreateReport: fn() },
} satisfies Meta<typeof DashboardView>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Active Tasks')).toBeInTheDocument()
    await expect(canvas.getByText('+1 more')).toBeInTheDocument()
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'Complete Finalize Apollo beta launch checklist' }),
    )
    await expect(args.onToggleItem).toHaveBeenCalled()
  },
}
export const Empty: Story = {
  args: { data: emptyDashboard },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No Active Tasks')).toBeInTheDocument()
    await expect(canvas.getByText('No Pending Follow-ups')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: "Create This Week's Report" }))
    await expect(args.onCreateReport).toHaveBeenCalled()
  },
}
export const LongContent: Story = {
  args: { data: { ...dashboard, activeTasks: manyTasks } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('+35 more')).toBeInTheDocument()
  },
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Follow-ups')).toBeInTheDocument()
  },
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Recent Reports')).toBeInTheDocument()
  },
}
