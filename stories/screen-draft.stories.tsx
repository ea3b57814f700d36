import { DraftView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { fullReport, members, projects } from './fixtures'

const meta = {
  title: 'Screens/Draft',
  component: DraftView,
  args: {
    report: fullReport,
    weekRange: 'Nov 16 – Nov 20, 2026',
    projects,
    members,
    onBack: fn(),
    onPrint: fn(),
  },
} satisfies Meta<typeof DraftView>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  args: { onCopyMarkdown: fn(), onCopyEmail: fn() },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('End of Report')).toBeInTheDocument()
    await expect(canvas.getByText('None')).toBeInTheDocument()
    await expect(canvas.getAllByText('✓ Completed').length).toBeGreaterThan(0)
    await userEvent.click(canvas.getByRole('button', { name: 'Print' }))
    await expect(args.onPrint).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Report' }))
    await expect(args.onBack).toHaveBeenCalled()
  },
}
export const NotFound: Story = {
  args: { report: null },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Report not found')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Go back' }))
    await expect(args.onBack).toHaveBeenCalled()
  },
}
export const Dark: Story = { globals: { theme: 'dark' } }
