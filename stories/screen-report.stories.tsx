import { ReportView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { fullReport, members, projects } from './fixtures'

const meta = {
  title: 'Screens/Report',
  component: ReportView,
  args: {
    report: fullReport,
    weekRange: 'Nov 16 – Nov 20, 2026',
    projects,
    members,
    onTitleChange: fn(),
    onSummaryChange: fn(),
    onDraft: fn(),
    onSend: fn(),
    onImport: fn(),
    onStatusChange: fn(),
    onDelete: fn(),
    onAddItem: fn(),
    onUpdateItem: fn(),
    onDeleteItem: fn(),
    onSectionContentChange: fn(),
  },
} satisfies Meta<typeof ReportView>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Weekly Report')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }))
    await expect(args.onSend).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Draft' }))
    await expect(args.onDraft).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }))
    await expect(canvas.getByText('Delete this report?')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, Delete' }))
    await expect(args.onDelete).toHaveBeenCalled()
  },
}
export const Sent: Story = {
  args: { report: { ...fullReport, is_submitted: true } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull()
  },
}
export const Loading: Story = { args: { loading: true } }
export const NotFound: Story = {
  args: { report: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Report not found')).toBeInTheDocument()
  },
}
export const Dark: Story = { globals: { theme: 'dark' } }
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } }
