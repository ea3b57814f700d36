// Stories for ui/src/components/needs-you.tsx: 'Needs you', what needs the executive today
import { NeedsYouPanel, NO_NEEDS_YOU } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { needsYouWeek } from './fixtures-needs-you'

const meta = {
  title: 'Components/Needs you',
  component: NeedsYouPanel,
  args: {
    data: needsYouWeek,
    today: '2026-11-28',
    onCreateReport: fn(),
    onAnswersSeen: fn(),
    onDismissQuestion: fn(),
  },
} satisfies Meta<typeof NeedsYouPanel>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    const panel = within(canvas.getByRole('region', { name: /Needs you/ }))
    // Every entry is named, and each opens the place to act.
    await expect(panel.getByText(/Not sent — was due Fri, Nov 27/)).toBeVisible()
    await expect(panel.getByRole('link', { name: 'Open the report' })).toHaveAttribute(
      'href',
      '/reports/r-this',
    )
    await expect(panel.getByRole('link', { name: 'EMEA expansion' })).toHaveAttribute(
      'href',
      '/projects/p-emea',
    )
    await expect(panel.getByText(/Berlin lease fell through/)).toBeVisible()
    await expect(panel.getByText(/Trend: .*Off track/)).toBeInTheDocument()
    await expect(panel.getByText(/Hannah Kim calls/)).toHaveTextContent(
      'Hannah Kim calls Series B Off track — “Lead walked”; you say On track.',
    )
    await expect(panel.getByRole('link', { name: 'Review the health' })).toHaveAttribute(
      'href',
      '/reports/r-this',
    )
    await expect(panel.getByText(/Lena Park asks/)).toBeVisible()
    await expect(panel.getByRole('link', { name: 'Answer' })).toHaveAttribute(
      'href',
      '/reports/r-this',
    )
    await expect(panel.getByText(/Rob Chen approved/)).toBeVisible()
    await expect(
      panel.getByRole('link', { name: 'Keep the Atlas launch in January' }),
    ).toHaveAttribute('href', '/decisions?query=Keep%20the%20Atlas%20launch%20in%20January')
    await expect(panel.getByRole('link', { name: 'Maya Chen' })).toHaveAttribute(
      'href',
      '/team-members/m-maya',
    )
    await expect(panel.getByRole('link', { name: 'Vendor security review' })).toBeVisible()
    await expect(panel.getByText('Yours')).toBeVisible()
    // 1 report + 2 projects + 1 mismatch + 1 question + 1 answer + 1 revisit + 3 stalled.
    await expect(canvas.getByRole('heading', { name: /Needs you/ })).toHaveTextContent(
      'Needs you10',
    )

    await userEvent.click(panel.getByRole('button', { name: "Dismiss Lena Park's question" }))
    await expect(args.onDismissQuestion).toHaveBeenCalledWith(11)
    await userEvent.click(panel.getByRole('button', { name: "Mark Rob Chen's answer seen" }))
    await expect(args.onAnswersSeen).toHaveBeenCalledWith([21])
  },
}

export const NoReportYet: Story = {
  args: {
    data: {
      ...NO_NEEDS_YOU,
      unsent: { report_uuid: null, week_start_date: '2026-11-23', due_date: '2026-11-28' },
    },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Not sent — due today \(Sat, Nov 28\)/)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Start the report' }))
    await expect(args.onCreateReport).toHaveBeenCalledTimes(1)
  },
}

export const NothingNeedsYou: Story = {
  args: { data: NO_NEEDS_YOU },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nothing needs you today.')).toBeVisible()
    await expect(canvas.queryByRole('link')).toBeNull()
  },
}

export const LongNames: Story = {
  name: 'Long names wrap',
  args: {
    data: {
      ...NO_NEEDS_YOU,
      questions: [
        {
          ...needsYouWeek.questions[0],
          text: `Could you ${'explain the whole plan '.repeat(12)}?`,
          name: 'Maximilian Alexander von Habsburg-Lothringen',
        },
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Maximilian Alexander/)).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByRole('region', { name: /Needs you/ })).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'EMEA expansion' })).toBeVisible()
  },
}
