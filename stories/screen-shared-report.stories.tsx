// Stories for ui/src/screens/shared-report.tsx
import { LinkUnavailableView, type SharedReport, SharedReportView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  apolloAtRisk,
  briefHeader,
  briefMetrics,
  briefSections,
  briefSinceLastWeek,
} from './fixtures-brief'

const meta = {
  title: 'Screens/Shared Report',
  component: SharedReportView,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SharedReportView>

export default meta
type Story = StoryObj<typeof meta>

const data: SharedReport = {
  report: {
    ...briefHeader,
    metrics: briefMetrics,
    project_health: [
      apolloAtRisk,
      {
        project_uuid: 'p-hiring',
        project_name: 'Q4 hiring',
        health: 'on_track',
        note: null,
        previous_health: 'on_track',
        open_count: 1,
        completed_count: 1,
      },
    ],
    sections: briefSections({
      id: 23,
      content: 'Two senior engineers start Monday',
      is_completed: true,
      project_name: 'Q4 hiring',
      assignee_name: null,
    }),
  },
  edition: { number: 1, sent_at: '2026-11-27T16:00:00.000Z', note: null },
  questions: [
    {
      id: 1,
      name: 'Maria',
      text: 'Does the slip move the launch?',
      item_id: 21,
      created_at: '2026-11-24T09:00:00Z',
      answer: 'No: the launch keeps Jan 12; QA overlaps the beta.',
    },
  ],
}

/** Whether the story is laid out (the browser run); happy-dom has no layout or stylesheet. */
const hasLayout = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('heading', { name: 'Weekly Report' }).getBoundingClientRect().height > 0

const base = {
  data,
  onAcknowledge: fn(async (_name: string) => {}),
  onAsk: fn(async (_q: { name: string; text: string; item_id: number | null }) => {}),
  onReaderName: fn(),
}

export const Default: Story = {
  args: base,
  play: async ({ canvas }) => {
    // A memo from someone: organisation, sent date, author, week.
    const header = canvas.getByText('Northwind Labs').closest('header') as HTMLElement
    await expect(header).toHaveTextContent('Sent Nov 27, 2026')
    await expect(header).toHaveTextContent('From Dana Whitfield, Chief Executive')
    await expect(header).toHaveTextContent('Nov 23 – Nov 27, 2026')
    await expect(header).not.toHaveTextContent('Not sent yet')
    // The brief and the health table; nothing else of the account.
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeVisible()
    await expect(canvas.getByRole('region', { name: 'Project health' })).toHaveTextContent(
      'Vendor slipped the beta',
    )
    await expect(canvas.queryByRole('navigation')).toBeNull()
    await expect(canvas.getByText(/Does the slip move the launch\?/)).toBeVisible()
    await expect(canvas.getByText(/the launch keeps Jan 12/)).toBeVisible()
    // One Ask per item, one 'Ask a question' and one 'Read — thanks' for the whole.
    await expect(canvas.getAllByRole('button', { name: /^Ask about/ })).toHaveLength(4)
    await expect(canvas.getAllByRole('button', { name: 'Ask a question' })).toHaveLength(1)
    await expect(canvas.getAllByRole('button', { name: 'Read — thanks' })).toHaveLength(1)
    await expect(canvas.queryByRole('textbox')).toBeNull()
  },
}

/** The Ask of an item is hidden until its item is hovered or focused; Tab reaches it. */
export const AskOnFocus: Story = {
  args: base,
  play: async ({ canvas, args }) => {
    const ask = canvas.getByRole('button', { name: 'Ask about “Sign the QA vendor”' })
    // Hidden and shown by the stylesheet: checked where there is layout (the browser run).
    if (hasLayout(canvas)) await expect(getComputedStyle(ask).opacity).toBe('0')
    ask.focus()
    if (hasLayout(canvas)) await waitFor(() => expect(getComputedStyle(ask).opacity).toBe('1'))
    await userEvent.keyboard('{Enter}')
    const form = canvas.getByRole('form', { name: 'Question about “Sign the QA vendor”' })
    await expect(within(form).getByRole('textbox', { name: 'Question' })).toHaveFocus()
    await userEvent.type(within(form).getByRole('textbox', { name: 'Your name' }), 'Maria')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Question' }), 'Which vendor?')
    await userEvent.click(within(form).getByRole('button', { name: 'Send question' }))
    await waitFor(() =>
      expect(args.onAsk).toHaveBeenCalledWith({
        name: 'Maria',
        text: 'Which vendor?',
        item_id: 22,
      }),
    )
    await expect(await within(form).findByRole('status')).toHaveTextContent('Sent.')
    // The name is kept for this browser, and not asked again.
    await expect(args.onReaderName).toHaveBeenCalledWith('Maria')
    await userEvent.click(canvas.getByRole('button', { name: 'Read — thanks' }))
    await waitFor(() => expect(args.onAcknowledge).toHaveBeenCalledWith('Maria'))
    await expect(await canvas.findByText(/the author will see that you have read it/)).toBeVisible()
  },
}

/** 'Read — thanks' asks the name the first time only. */
export const ReadThanksAsksName: Story = {
  args: base,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Read — thanks' }))
    const form = canvas.getByRole('form', { name: 'Read — thanks' })
    const name = within(form).getByRole('textbox', { name: 'Your name' })
    await expect(name).toHaveFocus()
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }))
    await expect(within(form).getByRole('alert')).toHaveTextContent('Your name is required')
    await userEvent.type(name, 'Rob Chen')
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(args.onAcknowledge).toHaveBeenCalledWith('Rob Chen'))
    await expect(args.onReaderName).toHaveBeenCalledWith('Rob Chen')
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Thanks: the author will see that you have read it.',
    )
  },
}

/** A reader who gave their name before: one press, and questions ask for no name. */
export const RememberedReader: Story = {
  args: { ...base, readerName: 'Rob Chen' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ask a question' }))
    const form = canvas.getByRole('form', { name: 'Question on the whole report' })
    await expect(within(form).queryByRole('textbox', { name: 'Your name' })).toBeNull()
    await expect(form).toHaveTextContent('As Rob Chen')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Question' }), 'Runway?')
    await userEvent.click(within(form).getByRole('button', { name: 'Send question' }))
    await waitFor(() =>
      expect(args.onAsk).toHaveBeenCalledWith({ name: 'Rob Chen', text: 'Runway?', item_id: null }),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Read — thanks' }))
    await waitFor(() => expect(args.onAcknowledge).toHaveBeenCalledWith('Rob Chen'))
  },
}

/**
 * A recipient's personal link (from the e-mail): the server knows the reader, so nothing asks a
 * name; 'Read — thanks' is one press and a question goes without one.
 */
export const PersonalLink: Story = {
  args: {
    ...base,
    data: { ...data, personal: true },
    onAnswerAsk: fn(async () => {}),
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('textbox', { name: 'Your name' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Ask a question' }))
    const form = canvas.getByRole('form', { name: 'Question on the whole report' })
    await expect(within(form).queryByRole('textbox', { name: 'Your name' })).toBeNull()
    await userEvent.type(within(form).getByRole('textbox', { name: 'Question' }), 'Runway?')
    await userEvent.click(within(form).getByRole('button', { name: 'Send question' }))
    await waitFor(() =>
      expect(args.onAsk).toHaveBeenCalledWith({ name: '', text: 'Runway?', item_id: null }),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Read — thanks' }))
    await waitFor(() => expect(args.onAcknowledge).toHaveBeenCalledWith(''))
    await expect(args.onReaderName).not.toHaveBeenCalled()
  },
}

/** An update: 'Updated <date>: <note>' under the header. */
export const Updated: Story = {
  args: {
    ...base,
    data: {
      ...data,
      edition: { number: 2, sent_at: '2026-11-28T09:30:00.000Z', note: 'Beta date confirmed' },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Updated Nov 28, 2026: Beta date confirmed')).toBeVisible()
  },
}

/**
 * The sent brief's own 'Since last week' (frozen with it: counts, completed and stalled items) and
 * an item pulled from a teammate's report, named as on the author's draft.
 */
export const SinceLastWeekAndTeam: Story = {
  args: {
    ...base,
    data: {
      ...data,
      report: {
        ...data.report,
        since_last_week: briefSinceLastWeek,
        sections: data.report.sections.map((s) => ({
          ...s,
          items: s.items.map((it) =>
            it.id === 21 ? { ...it, source_author_name: 'Tom Reed' } : it,
          ),
        })),
      },
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const since = canvasElement.querySelector('[data-slot="since-last-week"]') as HTMLElement
    await expect(since).toHaveTextContent('1 completed')
    await expect(since).toHaveTextContent('1 stalled')
    await expect(since).toHaveTextContent('Compared with Nov 16 – Nov 20, 2026')
    await expect(within(since).getByText('Renew the office lease')).toBeInTheDocument()
    const pulled = canvas.getByText('Move the beta to Dec 7').closest('li') as HTMLElement
    await expect(pulled).toHaveTextContent("from Tom Reed's report")
    await expect(canvas.getAllByText(/from .+'s report/)).toHaveLength(1)
  },
}

/** A link made from a draft: the live draft, labelled Draft. */
export const DraftLink: Story = {
  args: {
    ...base,
    data: { ...data, edition: null, report: { ...data.report, sent_date: null } },
  },
  play: async ({ canvas }) => {
    const header = canvas.getByText('Northwind Labs').closest('header') as HTMLElement
    await expect(within(header).getByText('Not sent yet')).toBeVisible()
    await expect(header).not.toHaveTextContent('Sent')
  },
}

export const QuestionRefused: Story = {
  args: {
    ...base,
    onAsk: async () => {
      throw new Error('Too many questions from this link; try again in a minute')
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ask a question' }))
    const form = canvas.getByRole('form', { name: 'Question on the whole report' })
    await userEvent.click(within(form).getByRole('button', { name: 'Send question' }))
    await expect(within(form).getByRole('alert')).toHaveTextContent('Your name is required')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Your name' }), 'Ken')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Question' }), 'Budget?')
    await userEvent.click(within(form).getByRole('button', { name: 'Send question' }))
    await expect(await within(form).findByRole('alert')).toHaveTextContent('Too many questions')
    // What the reader typed stays.
    await expect(within(form).getByRole('textbox', { name: 'Question' })).toHaveValue('Budget?')
  },
}

export const Acknowledged: Story = {
  args: {
    ...base,
    data: { ...data, report: { ...data.report, project_health: [] } },
    acknowledged: true,
  },
  play: async ({ canvas }) => {
    // A report without projects shows no health table.
    await expect(canvas.queryByRole('region', { name: 'Project health' })).toBeNull()
    await expect(canvas.getByText(/the author will see that you have read it/)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Read — thanks' })).toBeNull()
  },
}

/** On a phone the health table is stacked cards: nothing cut off after the Why column. */
export const Mobile: Story = {
  args: base,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeVisible()
    // Cards are the stylesheet's work at 390 px: checked where there is layout (the browser run).
    if (!hasLayout(canvas)) return
    // Health and metrics: one card per row at 390 px, every value on screen.
    for (const table of canvas.getAllByRole('table')) {
      const row = within(table).getAllByRole('row')[1] as HTMLElement
      await expect(getComputedStyle(row).display).toBe('grid')
      await expect(table.scrollWidth).toBeLessThanOrEqual(table.parentElement?.clientWidth ?? 0)
      await expect(table.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
    }
    const metrics = canvas.getByRole('region', { name: 'Metrics' })
    for (const text of ['This week', 'Since last week', 'Flag', 'Missed target', '−€25k (worse)'])
      await expect(within(metrics).getAllByText(text)[0]).toBeVisible()
  },
}

export const Dark: Story = {
  args: base,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Weekly Report' })).toBeVisible()
  },
}

export const MobileDark: Story = {
  args: base,
  globals: { theme: 'dark', viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sent Nov 27, 2026')).toBeVisible()
  },
}

export const LinkUnavailable: Story = {
  args: base,
  render: () => <LinkUnavailableView />,
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'This link is no longer available' }),
    ).toBeVisible()
  },
}
