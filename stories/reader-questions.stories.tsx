// Stories for ui/src/components/reader-questions.tsx
import { formatDate, type ReaderQuestion, ReaderQuestions } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

const question = (over: Partial<ReaderQuestion>): ReaderQuestion => ({
  id: 1,
  report_uuid: 'r-47',
  week_start_date: '2026-11-16',
  item_id: 11,
  item_content: 'Apollo beta opened to 40 design partners',
  followup_item_id: 90,
  name: 'Maria Alvarez',
  text: 'Board: why is Apollo at risk if the beta opened on time?',
  answer: null,
  answered_at: null,
  seen_at: null,
  created_at: '2026-11-21T09:12:00.000Z',
  ...over,
})

const questions: ReaderQuestion[] = [
  question({}),
  question({
    id: 2,
    item_id: null,
    item_content: null,
    name: 'Sam Okafor',
    text: 'Can we see the hiring numbers by team next week?',
    answer: 'Yes — I will add a table to the next brief.',
    answered_at: '2026-11-21T10:00:00.000Z',
    seen_at: '2026-11-21T10:00:00.000Z',
    created_at: '2026-11-20T17:40:00.000Z',
  }),
]

const meta = {
  title: 'Components/ReaderQuestions',
  component: ReaderQuestions,
  parameters: { layout: 'padded' },
  args: { questions, onAnswer: fn(async () => {}), formatDate },
} satisfies Meta<typeof ReaderQuestions>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: /Questions from readers/ })).toHaveTextContent(
      '1 new',
    )
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Your answer (readers of the link see it)' }),
      'The vendor slipped QA by two weeks.',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Save answer' }))
    await expect(args.onAnswer).toHaveBeenCalledWith(1, 'The vendor slipped QA by two weeks.')
    await expect(
      canvas.getByText('Yes — I will add a table to the next brief.'),
    ).toBeInTheDocument()
  },
}
export const SaveFails: Story = {
  args: {
    questions: [questions[0]],
    onAnswer: fn(async () => {
      throw new Error('Network error')
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox'), 'Soon')
    await userEvent.click(canvas.getByRole('button', { name: 'Save answer' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Failed to save the answer: Network error',
    )
  },
}
export const None: Story = {
  args: { questions: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cad-questions')).toBeNull()
  },
}
export const Dark: Story = { globals: { theme: 'dark' } }
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } }
