import { ReportsOverviewView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { reports } from './fixtures'

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
export const WithRecent: Story = { args: { recentReports: reports.slice(1, 6) } }
