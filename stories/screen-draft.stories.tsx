// Stories for ui/src/screens/draft.tsx, which draws ui/src/components/report-memo.tsx and its
// blocks (ui/src/components/report-memo-blocks.tsx: each composed block of the brief)
import { DraftView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { fullReport, members, projects } from './fixtures'
import { reportWithHealth } from './fixtures-health'
import { longReport } from './fixtures-long'
import { attributedReport } from './fixtures-team'
import { agedReport, firstReportChanges, reportChanges } from './fixtures-week-over-week'

const meta = {
  title: 'Screens/Draft',
  component: DraftView,
  args: {
    report: fullReport,
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
/** With the report's PDF: 'Download PDF' beside Print. */
export const DownloadPdf: Story = {
  args: { pdfHref: '/api/reports/r1/pdf' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/reports/r1/pdf',
    )
    await expect(canvas.getByRole('button', { name: 'Print' })).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Back to Report' })).toBeInTheDocument()
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
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading report')
    await expect(canvas.queryByText('Report not found')).toBeNull()
  },
}
export const Empty: Story = {
  args: {
    report: {
      ...fullReport,
      title: null,
      summary: null,
      sections: (fullReport.sections ?? []).map((s) => ({ ...s, content: null, items: [] })),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('None')).toHaveLength(4)
    await expect(canvas.getByText('End of Report')).toBeInTheDocument()
  },
}
export const LongContent: Story = {
  args: { report: longReport },
  play: async ({ canvas }) => {
    // the draft prints everything: all 40 tasks, none hidden behind '+N more'
    await expect(canvas.getAllByText(/^Tâche \d+:/)).toHaveLength(40)
    await expect(canvas.getAllByText(/Assigned to/).length).toBeGreaterThan(0)
    await expect(canvas.getByText('End of Report')).toBeInTheDocument()
  },
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Weekly Report' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Print' })).toBeVisible()
    await expect(canvas.getByText('End of Report')).toBeVisible()
  },
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('Assigned to Maya Chen')).toBeVisible()
    await expect(canvas.getAllByText('✓ Completed').length).toBeGreaterThan(0)
  },
}

// Week over week: the copy buttons and 'Since last week' on the draft.
export const CopyButtons: Story = {
  args: { onCopyMarkdown: fn(), onCopyEmail: fn() },
  play: async ({ canvas, args }) => {
    const markdown = canvas.getByRole('button', { name: 'Copy as Markdown' })
    await userEvent.click(markdown)
    await expect(args.onCopyMarkdown).toHaveBeenCalledOnce()
    await userEvent.click(canvas.getByRole('button', { name: 'Copy for e-mail' }))
    await expect(args.onCopyEmail).toHaveBeenCalledOnce()
    // the buttons sit with Print and Back, which paper leaves out
    await expect(markdown.closest('.cad-no-print')).not.toBeNull()
  },
}
export const CopyButtonsHidden: Story = {
  args: { onCopyMarkdown: undefined, onCopyEmail: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Print' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Copy as Markdown' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Copy for e-mail' })).toBeNull()
  },
}
export const SinceLastWeek: Story = {
  args: { changes: reportChanges },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Since last week', level: 3 })).toBeVisible()
    // one line of counts, then only the completed and stalled items (the rest is in the body)
    await expect(canvas.getByText(/2 completed/).closest('p')).toHaveTextContent(
      '2 completed · 3 new · 2 carried · 1 stalled',
    )
    for (const h of ['Completed (2)', 'Stalled (1)'])
      await expect(canvas.getByRole('heading', { name: h, level: 4 })).toBeVisible()
    await expect(canvas.queryByRole('heading', { name: /^New \(/ })).toBeNull()
    await expect(canvas.queryByRole('heading', { name: /^Carried \(/ })).toBeNull()
    await expect(canvas.queryByRole('button', { name: /Stalled$/ })).toBeNull()
    await expect(canvas.getAllByText('open 3 weeks')).toHaveLength(1)
  },
}
export const SinceLastWeekFirstReport: Story = {
  args: { changes: firstReportChanges },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No earlier report to compare with')).toBeVisible()
  },
}
export const SinceLastWeekDark: Story = {
  ...SinceLastWeek,
  globals: { theme: 'dark' },
}
export const Ageing: Story = {
  name: 'Ageing of open items, on screen only',
  args: { report: agedReport },
  play: async ({ canvas }) => {
    const stalled = canvas.getByText('· Stalled, open 3 weeks, since the report of Oct 26')
    await expect(stalled).toBeInTheDocument()
    // The author's notes stay off the print: the print is the brief the readers get.
    await expect(stalled.closest('[data-slot="author-notes"]')).toHaveClass('cad-no-print')
    await expect(canvas.getByText('· open 1 week, since the report of Nov 9')).toBeInTheDocument()
    // new items stay plain on paper
    await expect(canvas.queryByText(/new this week/)).toBeNull()
  },
}

// The memo header: organisation, 'Not sent yet' (the draft is the live text), 'Weekly Report',
// the week, the author.
const author = { name: 'Dana Whitfield', title: 'Chief Executive' }
export const MemoHeader: Story = {
  args: { author, organisationName: 'Northwind Labs', report: reportWithHealth },
  play: async ({ canvas }) => {
    const header = canvas.getByText('Northwind Labs').closest('header') as HTMLElement
    await expect(header).toHaveTextContent('Not sent yet')
    await expect(header).toHaveTextContent('From Dana Whitfield, Chief Executive')
    await expect(header).toHaveTextContent('Nov 16 – Nov 20, 2026')
    await expect(canvas.getByRole('heading', { name: 'Weekly Report', level: 1 })).toBeVisible()
    // section icons are drawn (SVG), not text symbols
    await expect(canvas.queryByText(/[▤☑☐↻]/)).toBeNull()
    await expect(
      canvas.getAllByRole('heading', { level: 3 }).some((h) => h.querySelector('svg')),
    ).toBe(true)
  },
}
export const MemoHeaderSent: Story = {
  args: {
    author,
    organisationName: 'Northwind Labs',
    report: { ...reportWithHealth, is_submitted: true, sent_date: '2026-11-20' },
  },
  play: async ({ canvas }) => {
    // The preview of a sent report is its live text, which nobody has received: never stamped
    // with the date it was sent.
    const header = canvas.getByText('Northwind Labs').closest('header') as HTMLElement
    await expect(header).toHaveTextContent('Not sent yet')
    await expect(header).not.toHaveTextContent('Sent Nov 20')
  },
}
export const MemoHeaderDark: Story = { ...MemoHeader, globals: { theme: 'dark' } }
export const MemoHeaderNoOrganisation: Story = {
  args: { author: { name: 'Dana Whitfield', title: null }, organisationName: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('From Dana Whitfield')).toBeVisible()
    await expect(canvas.getByText('Not sent yet')).toBeVisible()
  },
}
/** On a phone the health table is one card per project, each value labelled. */
export const MobileHealthCards: Story = {
  args: { author, organisationName: 'Northwind Labs', report: reportWithHealth },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeVisible()
    // Cards are the stylesheet's work at 390 px: checked where there is layout (the browser run).
    const heading = canvas.getByRole('heading', { name: 'Weekly Report' })
    if (heading.getBoundingClientRect().height === 0) return
    const row = canvas.getAllByRole('row')[1] as HTMLElement
    await expect(getComputedStyle(row).display).toBe('grid')
    const table = canvas.getByRole('table')
    // nothing is cut off: the cards fit the page's width
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.parentElement?.clientWidth ?? 0)
  },
}

// Reports that travel: the brief opens with the Project health table.
export const ProjectHealth: Story = {
  args: { report: reportWithHealth },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table')
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeInTheDocument()
    await expect(table).toHaveTextContent('At risk')
    await expect(table).toHaveTextContent('was On track')
    await expect(table).toHaveTextContent('Vendor slipped the beta by two weeks.')
  },
}
export const ProjectHealthDark: Story = {
  args: { report: reportWithHealth },
  globals: { theme: 'dark' },
}
export const NoProjectHealth: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading', { name: 'Project health' })).toBeNull()
  },
}

// Team roll-up: a pulled item names its author; Maya completed hers with a note.
export const TeamAttribution: Story = {
  args: { report: attributedReport },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/from Tom Reed's report/)).toBeInTheDocument()
    const completed = canvas.getByText(/Completed by Maya Chen · Tue/)
    await expect(completed.closest('[data-slot="author-notes"]')).toHaveClass('cad-no-print')
    await expect(canvas.getByText(/Maya Chen: Checklist signed off by QA/)).toBeInTheDocument()
  },
}
