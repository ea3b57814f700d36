// Stories for ui/src/screens/edition.tsx, which draws ui/src/components/report-memo.tsx
import { type EditionDetail, EditionView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { apolloAtRisk, briefHeader, briefSections, briefSinceLastWeek } from './fixtures-brief'

const meta = {
  title: 'Screens/Edition',
  component: EditionView,
  args: { edition: null, onBack: fn() },
} satisfies Meta<typeof EditionView>
export default meta
type Story = StoryObj<typeof meta>

/** Edition 2 of a sent brief: an update with its note, and 'Since last week' frozen with it. */
const edition: EditionDetail = {
  number: 2,
  sent_at: '2026-11-28T09:30:00.000Z',
  note: 'The beta moved to Dec 7',
  ...briefHeader,
  project_health: [apolloAtRisk],
  since_last_week: briefSinceLastWeek,
  sections: briefSections({
    id: 24,
    content: 'Renew the office lease',
    is_completed: false,
    project_name: null,
    assignee_name: null,
  }),
}

export const Typical: Story = {
  args: { edition, pdfHref: '/api/reports/r1/editions/2/pdf' },
  play: async ({ canvas, canvasElement, args }) => {
    // Which edition: its number, when it went out, the update's note.
    const about = canvasElement.querySelector('[data-slot="edition-about"]') as HTMLElement
    await expect(about).toHaveTextContent('Edition 2')
    await expect(about).toHaveTextContent('Sent Nov 28, 2026')
    await expect(about).toHaveTextContent('The beta moved to Dec 7')
    // A summary typed by hand: no model line.
    await expect(canvasElement.querySelector('[data-slot="edition-summary-model"]')).toBeNull()
    // The memo as readers got it: header, update line, health, 'Since last week', sections.
    const header = canvas.getByText('Northwind Labs').closest('header') as HTMLElement
    await expect(header).toHaveTextContent('From Dana Whitfield, Chief Executive')
    await expect(header).toHaveTextContent('Updated Nov 28, 2026: The beta moved to Dec 7')
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeInTheDocument()
    const since = canvasElement.querySelector('[data-slot="since-last-week"]') as HTMLElement
    await expect(since).toHaveTextContent('1 completed')
    await expect(since).toHaveTextContent('1 stalled')
    await expect(within(since).getByText('Renew the office lease')).toBeInTheDocument()
    await expect(canvas.getByText('Move the beta to Dec 7')).toBeInTheDocument()
    await expect(canvas.getByText('End of Report')).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/reports/r1/editions/2/pdf',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Report' }))
    await expect(args.onBack).toHaveBeenCalled()
  },
}

/** The first edition: no update line, no note. */
export const FirstEdition: Story = {
  args: { edition: { ...edition, number: 1, sent_at: '2026-11-27T16:00:00.000Z', note: null } },
  play: async ({ canvas, canvasElement }) => {
    const about = canvasElement.querySelector('[data-slot="edition-about"]') as HTMLElement
    await expect(about).toHaveTextContent('Edition 1')
    await expect(about).toHaveTextContent('Sent Nov 27, 2026')
    await expect(canvas.queryByText(/Updated/)).toBeNull()
    await expect(canvas.queryByRole('link', { name: 'Download PDF' })).toBeNull()
  },
}

/** Its summary accepted from a model's draft (issue 47): which model, said above the memo. */
export const DraftedSummary: Story = {
  args: { edition: { ...edition, summary_model: 'llama3.1:8b' } },
  play: async ({ canvasElement }) => {
    const line = canvasElement.querySelector('[data-slot="edition-summary-model"]') as HTMLElement
    await expect(line).toHaveTextContent(
      'Summary drafted with llama3.1:8b, reviewed by Dana Whitfield',
    )
  },
}

export const Dark: Story = { ...Typical, globals: { theme: 'dark' } }

export const Mobile: Story = {
  ...Typical,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading report')
    await expect(canvas.queryByText('Edition not found')).toBeNull()
  },
}

export const NotFound: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Edition not found')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Report' }))
    await expect(args.onBack).toHaveBeenCalled()
  },
}
