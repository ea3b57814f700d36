import { ReportsOverviewView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { reports } from './fixtures'
import { longReports } from './fixtures-long'

const meta = {
  title: 'Screens/ReportsOverview',
  component: ReportsOverviewView,
  args: { onCreateReport: fn() },
} satisfies Meta<typeof ReportsOverviewView>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No Current Week Report')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: "Create This Week's Report" }))
    await expect(args.onCreateReport).toHaveBeenCalled()
  },
}
export const WithRecent: Story = {
  args: { recentReports: reports.slice(1, 6) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Current Week Report')).toBeInTheDocument()
    await expect(canvas.getAllByRole('link')).toHaveLength(5)
    await expect(canvas.getAllByText('Sent')).toHaveLength(5)
    await expect(canvas.getByRole('link', { name: 'Week of Nov 9, 2026' })).toBeInTheDocument()
  },
}
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
    await expect(canvas.queryByText('No Current Week Report')).toBeNull()
  },
}
export const LongContent: Story = {
  args: { recentReports: longReports },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(40)
    await expect(canvas.getByText(/^Board prep — über-long name/)).toBeInTheDocument()
    // titled reports show their week beside the status; untitled ones show it as the title
    await expect(canvas.getByText('Nov 9, 2026 · Draft')).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'Week of Oct 19, 2026' })).toBeInTheDocument()
  },
}
export const Mobile: Story = {
  args: { recentReports: reports.slice(1, 6) },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: "Create This Week's Report" })).toBeVisible()
    await expect(canvas.getAllByRole('link')[0]).toBeVisible()
  },
}
export const Dark: Story = {
  args: { recentReports: reports.slice(1, 6) },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('No Current Week Report')).toBeVisible()
  },
}
