// Stories for ui/src/components/asks.tsx: the brief's ask block, in the memo (read only) and on
// the shared page, where a reader answers each ask in one click with their name.
import {
  type AskAnswer,
  type AskAnswering,
  AskAnsweringContext,
  type BriefAsk,
  BriefAsks,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'

const asks: BriefAsk[] = [
  { id: 41, content: 'Approve the Q1 hiring budget (6 engineers, $1.2M)', project_name: 'Hiring' },
  { id: 42, content: 'Decide between the two Apollo launch dates', project_name: 'Apollo' },
]

const answer = (over: Partial<AskAnswer>): AskAnswer => ({
  id: 1,
  item_id: 41,
  name: 'Maria Alvarez',
  answer: 'approve',
  text: null,
  created_at: '2026-11-21T09:12:00.000Z',
  ...over,
})

type Props = {
  asks: BriefAsk[]
  /** Without it: the memo (no buttons). With it: the shared page. */
  onAnswer?: AskAnswering['onAnswer']
  answers?: AskAnswer[]
  readerName?: string
}

/** The block as the memo draws it, inside the shared page's answering when it has one. */
function AsksOnBrief({ asks, onAnswer, answers = [], readerName = '' }: Props) {
  if (!onAnswer) return <BriefAsks asks={asks} />
  return (
    <AskAnsweringContext.Provider value={{ answers, readerName, onAnswer }}>
      <BriefAsks asks={asks} />
    </AskAnsweringContext.Provider>
  )
}

const meta = {
  title: 'Components/Asks/Brief',
  component: AsksOnBrief,
  parameters: { layout: 'padded' },
  args: { asks, onAnswer: fn(async () => {}) },
} satisfies Meta<typeof AsksOnBrief>
export default meta
type Story = StoryObj<typeof meta>

/** The memo (the author's draft, print, an edition): the asks, no buttons. */
export const InMemo: Story = {
  args: { onAnswer: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Asks of you' })).toBeVisible()
    await expect(canvas.getByText(/Approve the Q1 hiring budget/)).toBeVisible()
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

/** The shared page, open asks: the name is asked once, then one click answers. */
export const Open: Story = {
  play: async ({ canvas, args }) => {
    const first = within(canvas.getAllByRole('listitem')[0])
    await userEvent.click(first.getByRole('button', { name: /Approve/ }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your name is required')
    await expect(args.onAnswer).not.toHaveBeenCalled()
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your name' }), 'Maria Alvarez')
    await userEvent.click(first.getByRole('button', { name: /Approve/ }))
    await expect(args.onAnswer).toHaveBeenCalledWith({
      item_id: 41,
      name: 'Maria Alvarez',
      answer: 'approve',
      text: null,
    })
  },
}

export const OpenDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: /Decline/ })).toHaveLength(2)
  },
}

export const OpenMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: /Comment/ })).toHaveLength(2)
  },
}

/** Once this reader answered: their answers under each ask, the name remembered. */
export const Answered: Story = {
  args: {
    readerName: 'Maria Alvarez',
    answers: [
      answer({}),
      answer({ id: 2, item_id: 42, answer: 'comment', text: 'The later date, please.' }),
    ],
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Answering as/)).toHaveTextContent('Maria Alvarez')
    await expect(canvas.getByText(/The later date, please/)).toBeVisible()
    const asked = canvas.getAllByRole('listitem').filter((li) => li.querySelector('fieldset'))
    const second = within(asked[1])
    await userEvent.click(second.getByRole('button', { name: /Comment/ }))
    await userEvent.type(second.getByRole('textbox', { name: /Comment/ }), 'Or split it.')
    await userEvent.click(second.getByRole('button', { name: 'Send comment' }))
    await expect(args.onAnswer).toHaveBeenCalledWith({
      item_id: 42,
      name: 'Maria Alvarez',
      answer: 'comment',
      text: 'Or split it.',
    })
  },
}

export const AnsweredDark: Story = {
  args: Answered.args,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/approved/)).toBeVisible()
  },
}

/** A reader declined; sending failed once (the error says so, nothing is lost). */
export const Declined: Story = {
  args: {
    readerName: 'Priya Raman',
    answers: [answer({ id: 3, name: 'Priya Raman', answer: 'decline' })],
    onAnswer: fn(async () => {
      throw new Error('Too many requests, try again in a minute')
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/declined/)).toBeVisible()
    const second = within(
      canvas.getAllByRole('listitem').filter((li) => li.querySelector('fieldset'))[1],
    )
    await userEvent.click(second.getByRole('button', { name: /Decline/ }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many requests')
  },
}
