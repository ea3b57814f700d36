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
    await expect(
      canvas.getAllByText('Apollo beta and Q4 hiring · week of Nov 16, 2026').length,
    ).toBeGreaterThan(0)
    await expect(canvas.getByText('Nov 9, 2026 · Sent')).toBeInTheDocument()
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
    await expect(canvas.getByRole('heading', { name: 'Follow-ups' })).toBeVisible()
    await expect(canvas.getByText('Check with Legal on Atlas DPA')).toBeVisible()
    const links = canvas.getAllByRole('link', { name: 'Apollo beta and Q4 hiring' })
    await expect(links[0]).toBeVisible()
  },
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByRole('heading', { name: 'Recent Reports' })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: "This Week's Report" })).toBeVisible()
  },
}
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
    await expect(canvas.queryByText('Active Tasks')).toBeNull()
  },
}
export const MobileEmpty: Story = {
  args: { data: emptyDashboard },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Active Tasks')).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: "Create This Week's Report" })).toBeVisible()
  },
}
