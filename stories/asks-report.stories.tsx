// Stories for ui/src/components/asks.tsx: the report page's asks with their answers (the brief's
// ask block: asks-brief.stories.tsx; marking an item: asks-item.stories.tsx).
import { type AskAnswer, formatDate, type ReportAsk, ReportAsks } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'

const answer = (over: Partial<AskAnswer>): AskAnswer => ({
  id: 1,
  item_id: 41,
  name: 'Maria Alvarez',
  answer: 'approve',
  text: null,
  created_at: '2026-11-21T09:12:00.000Z',
  ...over,
})

const reportAsk = (over: Partial<ReportAsk>): ReportAsk => ({
  item_id: 41,
  content: 'Approve the Q1 hiring budget (6 engineers, $1.2M)',
  project_name: 'Hiring',
  closed_at: null,
  answers: [],
  history: [],
  open_again: false,
  ...over,
})

const approved = reportAsk({
  answers: [
    answer({}),
    answer({ id: 2, name: 'Sam Okafor', created_at: '2026-11-21T10:30:00.000Z' }),
  ],
})
const declined = reportAsk({
  item_id: 42,
  content: 'Decide between the two Apollo launch dates',
  project_name: 'Apollo',
  answers: [
    answer({
      id: 3,
      item_id: 42,
      name: 'Priya Raman',
      answer: 'decline',
      text: 'Neither: wait for the vendor’s QA report.',
    }),
  ],
})
const answered = reportAsk({
  answers: [
    answer({
      id: 4,
      name: 'Omar Haddad',
      answer: 'comment',
      text: 'Only if the contractor budget shrinks by the same amount.',
    }),
  ],
})

const meta = {
  title: 'Components/Asks/Report',
  component: ReportAsks,
  parameters: { layout: 'padded' },
  args: {
    asks: [approved, declined],
    onClose: fn(async () => {}),
    onRecordDecision: fn(async () => {}),
    formatDate,
  },
} satisfies Meta<typeof ReportAsks>
export default meta
type Story = StoryObj<typeof meta>

/** The report page: an approved ask (Record as decision) and a declined one. */
export const Approved: Story = {
  args: { asks: [approved] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('2 approved')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /Record as decision/ }))
    await expect(args.onRecordDecision).toHaveBeenCalledWith(approved)
    await expect(await canvas.findByRole('status')).toHaveTextContent('Recorded as a decision')
  },
}

/** A carried copy of an ask already recorded as a decision: no second 'Record as decision'. */
export const AlreadyDecided: Story = {
  args: { asks: [{ ...approved, decision_id: 7 }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Recorded as a decision')
    await expect(canvas.queryByRole('button', { name: /Record as decision/ })).toBeNull()
  },
}

export const ApprovedDark: Story = {
  args: { asks: [approved, declined] },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: /Asks of your readers/ })).toHaveTextContent(
      '2 open',
    )
  },
}

export const ApprovedMobile: Story = {
  args: { asks: [approved, declined] },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: 'Close ask' })).toHaveLength(2)
  },
}

export const Declined: Story = {
  args: { asks: [declined] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('1 declined')).toBeVisible()
    await expect(canvas.getByText(/wait for the vendor/)).toBeVisible()
    // Only an approved ask becomes a decision.
    await expect(canvas.queryByRole('button', { name: /Record as decision/ })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Close ask' }))
    await expect(args.onClose).toHaveBeenCalledWith(42, true)
  },
}

/** Answered with a comment, and a closed ask (Reopen). */
export const AnsweredAndClosed: Story = {
  args: {
    asks: [
      answered,
      reportAsk({
        item_id: 43,
        content: 'Sign off the offsite',
        closed_at: '2026-11-22T08:00:00Z',
      }),
    ],
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('1 comment')).toBeVisible()
    await expect(canvas.getByText('No answers yet')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Reopen ask' }))
    await expect(args.onClose).toHaveBeenCalledWith(43, false)
  },
}

/**
 * One current answer per reader: Maria approved, then declined, then approved again (two replaced
 * answers in the history); Rob approved edition 1's wording, which edition 2 changed, so his
 * approval counts for nothing and the ask is open again.
 */
const reworded = reportAsk({
  item_id: 44,
  content: 'Approve the Q1 hiring budget (5 engineers, $1.0M)',
  open_again: true,
  answers: [
    answer({
      id: 10,
      item_id: 44,
      name: 'Rob Chen',
      edition_number: 1,
      earlier_wording: true,
      created_at: '2026-11-20T17:00:00.000Z',
    }),
    answer({
      id: 13,
      item_id: 44,
      name: 'Maria Alvarez',
      answer: 'comment',
      text: 'Fine with five; which team loses the sixth?',
      edition_number: 2,
      created_at: '2026-11-22T08:05:00.000Z',
    }),
  ],
  history: [
    answer({
      id: 11,
      item_id: 44,
      name: 'Maria Alvarez',
      edition_number: 1,
      earlier_wording: true,
      created_at: '2026-11-21T09:12:00.000Z',
      replaced_at: '2026-11-21T09:14:00.000Z',
    }),
    answer({
      id: 12,
      item_id: 44,
      name: 'Maria Alvarez',
      answer: 'decline',
      edition_number: 1,
      earlier_wording: true,
      created_at: '2026-11-21T09:14:00.000Z',
      replaced_at: '2026-11-22T08:05:00.000Z',
    }),
  ],
})

export const ReplacedAndEarlierWording: Story = {
  args: { asks: [reworded] },
  play: async ({ canvas }) => {
    // Open again: the wording readers approved is not the one they have now.
    await expect(canvas.getByText('Open again: the wording changed')).toBeVisible()
    // One current answer per reader; the earlier-wording approval is shown and not counted.
    await expect(canvas.getByText('1 comment · 1 on an earlier wording')).toBeVisible()
    const current = canvas.getByRole('list', { name: 'Current answers' })
    await expect(within(current).getAllByRole('listitem')).toHaveLength(2)
    await expect(current).toHaveTextContent('Rob Chen approved')
    await expect(current).toHaveTextContent('answered an earlier wording')
    // No approval of this wording: nothing to record as a decision.
    await expect(canvas.queryByRole('button', { name: /Record as decision/ })).toBeNull()
    // Maria's replaced answers stay in the ask's history.
    await userEvent.click(canvas.getByText('2 replaced answers'))
    const replaced = canvas.getByRole('list', { name: 'Replaced answers' })
    await expect(within(replaced).getAllByRole('listitem')).toHaveLength(2)
    await expect(replaced).toHaveTextContent('Maria Alvarez declined')
    await expect(replaced).toHaveTextContent('replaced')
  },
}
export const ReplacedAndEarlierWordingDark: Story = {
  ...ReplacedAndEarlierWording,
  globals: { theme: 'dark' },
}
