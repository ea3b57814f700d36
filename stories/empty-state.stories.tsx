// Stories for ui/src/primitives/empty-state.tsx
import { Button, EmptyState } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { FileText, Users } from 'lucide-react'
import { expect, fn, userEvent } from 'storybook/test'

const onCreate = fn()

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: { title: 'No reports yet' },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

export const TitleOnly: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No reports yet')).toBeVisible()
  },
}

export const WithAction: Story = {
  args: {
    icon: <FileText size={18} />,
    title: 'No Current Week Report',
    description: 'Start this week’s report to capture progress, tasks and follow-ups.',
    action: (
      <Button variant="primary" onClick={onCreate}>
        Create This Week's Report
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Current Week Report')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: "Create This Week's Report" }))
    await expect(onCreate).toHaveBeenCalled()
  },
}

export const WithIcon: Story = {
  args: {
    icon: <Users size={18} />,
    title: 'No team members yet',
    description: 'Add the people you report on.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Add the people you report on.')).toBeVisible()
  },
}

export const WithActionDark: Story = {
  ...WithAction,
  globals: { theme: 'dark' },
}
