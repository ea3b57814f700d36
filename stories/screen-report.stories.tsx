import { ReportView, type ReportViewActions, type ReportViewData } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import * as React from 'react'
import { expect, fireEvent, fn, screen, userEvent, within } from 'storybook/test'
import { fullReport, members, projects } from './fixtures'
import { reportWithHealth } from './fixtures-health'
import { longReport } from './fixtures-long'
import {
  agedReport,
  deliveryFailed,
  deliveryPending,
  deliverySent,
  firstReportChanges,
  reportChanges,
} from './fixtures-week-over-week'

const data: ReportViewData = {
  report: fullReport,
  weekRange: 'Nov 16 – Nov 20, 2026',
  projects,
  members,
  defaultSentDate: '2026-11-20',
}
const actions: ReportViewActions = {
  onTitleChange: fn(),
  onSummaryChange: fn(),
  onDraft: fn(),
  onSend: fn(),
  onImport: fn(),
  onStatusChange: fn(),
  onDelete: fn(),
  onAddItem: fn(),
  onUpdateItem: fn(),
  onDeleteItem: fn(),
  onSectionContentChange: fn(),
}
/** The story's data: the typical report's, with these fields changed. */
const withData = (changed: Partial<ReportViewData>) => ({ data: { ...data, ...changed } })
/** The actions, with these added (the optional ones: Share, health, Retry). */
const withActions = (added: Partial<ReportViewActions>) => ({ actions: { ...actions, ...added } })

const meta = {
  title: 'Screens/Report',
  component: ReportView,
  args: { data, actions },
} satisfies Meta<typeof ReportView>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Weekly Report')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }))
    await expect(args.actions.onSend).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Draft' }))
    await expect(args.actions.onDraft).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }))
    await expect(canvas.getByText('Delete this report?')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, Delete' }))
    await expect(args.actions.onDelete).toHaveBeenCalled()
  },
}
export const MarkAsSent: Story = {
  play: async ({ canvas, args }) => {
    const status = canvas.getByRole('combobox', { name: 'Status' })
    await expect(status).toHaveTextContent('Draft')
    const date = canvas.getByLabelText('Sent date')
    await expect(date).toHaveValue('2026-11-20')
    await fireEvent.change(date, { target: { value: '2026-11-18' } })
    await userEvent.click(canvas.getByRole('button', { name: 'Mark as Sent' }))
    await expect(args.actions.onStatusChange).toHaveBeenLastCalledWith('sent', '2026-11-18')
    await userEvent.click(status)
    await userEvent.click(await screen.findByRole('option', { name: 'Sent' }))
    await expect(args.actions.onStatusChange).toHaveBeenCalledTimes(2)
    await expect(args.actions.onStatusChange).toHaveBeenLastCalledWith('sent', '2026-11-18')
  },
}
export const Sent: Story = {
  args: withData({ report: { ...fullReport, is_submitted: true, sent_date: '2026-11-20' } }),
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Mark as Sent' })).toBeNull()
    await expect(canvas.getByText('Sent Nov 20, 2026')).toBeInTheDocument()
    const status = canvas.getByRole('combobox', { name: 'Status' })
    await expect(status).toHaveTextContent('Sent')
    await userEvent.click(status)
    await userEvent.click(await screen.findByRole('option', { name: 'Draft' }))
    await expect(args.actions.onStatusChange).toHaveBeenCalledWith('draft')
  },
}
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading report')
    await expect(canvas.queryByText('Report not found')).toBeNull()
  },
}
export const NotFound: Story = {
  args: withData({ report: null }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Report not found')).toBeInTheDocument()
    // A way back.
    await expect(canvas.getByRole('link', { name: 'All reports' })).toHaveAttribute(
      'href',
      '/reports',
    )
  },
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByRole('heading', { name: 'Weekly Report' })).toBeVisible()
    await expect(canvas.getByText('Apollo beta opened to 40 design partners')).toBeVisible()
  },
}
/** Offline (issue 46): Send cannot wait in the outbox, so it is disabled and says why. */
export const Offline: Story = {
  args: withData({ offline: true }),
  play: async ({ canvas, args }) => {
    const send = canvas.getByRole('button', { name: 'Send' })
    await expect(send).toBeDisabled()
    await expect(send).toHaveAttribute(
      'title',
      'You are offline — this will be possible when you are back online',
    )
    await userEvent.click(send, { pointerEventsCheck: 0 })
    await expect(args.actions.onSend).not.toHaveBeenCalled()
    // What can wait for the network still works: the preview opens.
    await userEvent.click(canvas.getByRole('button', { name: 'Draft' }))
    await expect(args.actions.onDraft).toHaveBeenCalled()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Weekly Report' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeVisible()
    // At 390 px (the browser run) Share, Import and Delete are in the one 'More actions' menu;
    // without layout (happy-dom) the wide toolbar shows.
    if (window.matchMedia('(max-width: 767px)').matches) {
      await expect(canvas.queryByRole('button', { name: 'Delete' })).toBeNull()
      await userEvent.click(canvas.getByRole('button', { name: 'More actions' }))
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }))
      await expect(canvas.getByText('Delete this report?')).toBeVisible()
    } else {
      await expect(canvas.getByRole('button', { name: 'Delete' })).toBeVisible()
    }
  },
}
/** A sent report: 'Send update' is the primary action (the review step sends the next edition). */
export const SentWithUpdate: Story = {
  args: {
    ...withData({ report: { ...fullReport, is_submitted: true, sent_date: '2026-11-20' } }),
    ...withActions({ onSendUpdate: fn() }),
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Send update' }))
    await expect(args.actions.onSendUpdate).toHaveBeenCalled()
  },
}
/** A sent report with its editions: each can be read and downloaded as a PDF. */
export const SentWithEditions: Story = {
  args: {
    ...withData({
      report: { ...fullReport, is_submitted: true, sent_date: '2026-11-20' },
      editions: [
        { number: 2, sent_at: '2026-11-21', note: 'Launch moved a week' },
        { number: 1, sent_at: '2026-11-20', note: null },
      ],
      editionPdfHref: (number) => `/api/reports/r1/editions/${number}/pdf`,
    }),
    ...withActions({ onSendUpdate: fn(), onOpenEdition: fn() }),
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Editions' })).toBeInTheDocument()
    await expect(canvas.getByText('Launch moved a week')).toBeInTheDocument()
    const pdfs = canvas.getAllByRole('link', { name: /Download PDF/ })
    await expect(pdfs[0]).toHaveAttribute('href', '/api/reports/r1/editions/2/pdf')
    await userEvent.click(canvas.getByRole('button', { name: 'Read edition 1' }))
    await expect(args.actions.onOpenEdition).toHaveBeenCalledWith(1)
  },
}
export const Empty: Story = {
  args: withData({
    report: {
      ...fullReport,
      title: null,
      summary: null,
      sections: (fullReport.sections ?? []).map((s) => ({ ...s, content: null, items: [] })),
    },
  }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Add a title for this week's report...")).toBeInTheDocument()
    await expect(canvas.getByText("Add a summary of this week's progress...")).toBeInTheDocument()
    await expect(canvas.getByText('Highlights')).toBeInTheDocument()
  },
}
export const LongContent: Story = {
  args: withData({ report: longReport }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('+35 more tasks')).toBeInTheDocument()
    await expect(canvas.getByText(/^Apollo beta, Atlas migration and Q4 hiring —/)).toBeVisible()
  },
}
export const MobileLongContent: Story = {
  args: withData({ report: longReport }),
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('+35 more tasks')).toBeVisible()
  },
}

// Week over week: 'Since last week' and the e-mail delivery line.
export const SinceLastWeek: Story = {
  args: withData({ report: agedReport, changes: reportChanges }),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Since last week' })).toBeVisible()
    await expect(canvas.getByText('Compared with the report of Nov 9, 2026')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /Carried$/ }))
    await expect(canvas.getByRole('heading', { name: 'Carried (2)' })).toBeVisible()
    await expect(canvas.getByText('open 1 week, since the report of Nov 9')).toBeVisible()
    // the items of the report show their age too: a short chip ('1w', amber when stalled), the
    // sentence its tooltip
    await expect(canvas.getByTitle(/^Open 1 week, since the report of Nov 9/)).toHaveTextContent(
      /^1w/,
    )
    const stalled = canvasElement.querySelector('[data-slot="age-chip"][data-stalled="true"]')
    await expect(stalled).toHaveAttribute(
      'title',
      expect.stringMatching(/^Stalled, open \d+ weeks/),
    )
  },
}
export const SinceLastWeekFirstReport: Story = {
  args: withData({ changes: firstReportChanges }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No earlier report to compare with')).toBeVisible()
  },
}
export const SinceLastWeekMobile: Story = {
  args: withData({ changes: reportChanges }),
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Stalled$/ })).toHaveTextContent('1Stalled')
  },
}
// What a send did (ui/src/components/delivery-outcome.tsx): the summary, then the e-mail line in
// its three states: sent, sending or retrying, and failed with Retry.
export const DeliverySent: Story = {
  args: withData({
    report: { ...fullReport, is_submitted: true, sent_date: '2026-11-20' },
    deliveries: [deliverySent],
  }),
  play: async ({ canvas }) => {
    const [summary, line] = canvas.getAllByRole('status')
    await expect(summary).toHaveTextContent('Delivered to 3 · 0 failed')
    await expect(line).toHaveTextContent('Sent by e-mail to 3 recipients')
  },
}
export const DeliverySending: Story = {
  args: withData({
    report: { ...fullReport, is_submitted: true, sent_date: '2026-11-20' },
    deliveries: [deliveryPending],
  }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sending…')).toBeVisible()
    await expect(canvas.getByText('Retrying after an error: Connection timed out')).toBeVisible()
  },
}
export const DeliveryFailed: Story = {
  args: {
    ...withData({
      report: { ...fullReport, is_submitted: true, sent_date: '2026-11-20' },
      deliveries: [deliveryFailed, deliverySent],
    }),
    ...withActions({ onRetryDelivery: fn() }),
  },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByText('E-mail delivery failed: 550 5.1.1 Mailbox unavailable'),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(args.actions.onRetryDelivery).toHaveBeenCalledWith(3)
  },
}
export const DeliveryFailedDark: Story = {
  ...DeliveryFailed,
  globals: { theme: 'dark' },
}

// Reports that travel: Share, and the health of each project with items this week.
export const ShareAndHealth: Story = {
  args: {
    ...withData({ report: reportWithHealth }),
    ...withActions({ onShare: fn(), onHealthChange: fn(async () => {}) }),
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }))
    await expect(args.actions.onShare).toHaveBeenCalled()
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeInTheDocument()
    await expect(canvas.getByRole('combobox', { name: 'Health of Apollo' })).toHaveTextContent(
      'At risk',
    )
    await userEvent.click(canvas.getByRole('combobox', { name: 'Health of Atlas' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Off track' }))
    await expect(args.actions.onHealthChange).toHaveBeenCalledWith('p-atlas', {
      health: 'off_track',
      note: null,
    })
  },
}
export const WithoutShareOrHealth: Story = {
  args: withData({ report: reportWithHealth }),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Share' })).toBeNull()
    await expect(canvas.queryByRole('heading', { name: 'Project health' })).toBeNull()
  },
}
export const ShareAndHealthMobile: Story = {
  ...ShareAndHealth,
  play: undefined,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

// First run: a report with no sections (an account that skipped the tour has no templates)
// offers the three usual sections in place, and the template settings.
export const NoSections: Story = {
  args: {
    ...withData({ report: { ...fullReport, sections: [] } }),
    ...withActions({ onAddStarterSections: fn(async () => {}) }),
  },
  play: async ({ canvas, args }) => {
    const offer = within(canvas.getByRole('region', { name: 'This report has no sections yet' }))
    await userEvent.click(offer.getByRole('button', { name: 'Add the usual sections' }))
    await expect(args.actions.onAddStarterSections).toHaveBeenCalledTimes(1)
    await expect(offer.getByRole('link', { name: 'Set up sections in Settings' })).toHaveAttribute(
      'href',
      '/settings?tab=sections',
    )
  },
}

/** The sections added in place: focus lands on the first section's 'Add an item', not the body. */
function StartWithUsualSections(props: React.ComponentProps<typeof ReportView>) {
  const [sections, setSections] = React.useState(props.data.report?.sections ?? [])
  return (
    <ReportView
      {...props}
      data={{ ...props.data, report: props.data.report && { ...props.data.report, sections } }}
      actions={{
        ...props.actions,
        onAddStarterSections: async () => setSections(fullReport.sections ?? []),
      }}
    />
  )
}
export const NoSectionsKeepsFocus: Story = {
  args: NoSections.args,
  render: (args) => <StartWithUsualSections {...args} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add the usual sections' }))
    const first = fullReport.sections![0]
    await expect(
      await canvas.findByRole('combobox', { name: `Add an item to ${first.section_name}` }),
    ).toHaveFocus()
  },
}
export const NoSectionsMobile: Story = {
  ...NoSections,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add the usual sections' })).toBeVisible()
  },
}
export const NoSectionsDark: Story = {
  ...NoSections,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add the usual sections' })).toBeVisible()
  },
}

// Escape on 'Delete this report?' gives focus back to Delete, which the question had replaced.
export const DeleteCancelFocus: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }))
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await expect(canvas.queryByText('Delete this report?')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Delete' })).toHaveFocus()
    await expect(args.actions.onDelete).not.toHaveBeenCalled()
  },
}

/**
 * What readers have: a sent report edited since its edition 2 says 'Changes not sent' with what
 * changed (the toolbar's 'Send update' sends them), and lists its readers and what they opened.
 */
const whatReadersHave = {
  ...withData({
    report: { ...fullReport, is_submitted: true, sent_date: '2026-11-20' },
    editions: [
      { number: 2, sent_at: '2026-11-21', note: 'Launch moved a week' },
      { number: 1, sent_at: '2026-11-20', note: null },
    ],
    unsentChanges: {
      since_edition: 2,
      added: 1,
      completed: 2,
      edited: 0,
      removed: 0,
      health_changed: 0,
    },
    readers: [
      {
        share_id: 1,
        recipient_email: 'maria.alvarez@board.example',
        name: 'Maria Alvarez',
        edition_number: 2,
        opened_at: '2026-11-21T09:12:00.000Z',
        acknowledged_at: '2026-11-21T09:15:00.000Z',
        revoked_at: null,
      },
      {
        share_id: 2,
        recipient_email: 'rob.chen@harbor.example',
        name: null,
        edition_number: 1,
        opened_at: '2026-11-20T18:00:00.000Z',
        acknowledged_at: null,
        revoked_at: null,
      },
    ],
  }),
  ...withActions({ onSendUpdate: fn(), onOpenEdition: fn() }),
}
export const ChangesNotSentAndReaders: Story = {
  args: whatReadersHave,
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('region', { name: 'Changes not sent' })).toHaveTextContent(
      'Readers have edition 2; since then: 1 item added · 2 completed. Send update sends them.',
    )
    // One 'Send update' on the page: the toolbar's.
    const send = canvas.getAllByRole('button', { name: 'Send update' })
    await expect(send).toHaveLength(1)
    await userEvent.click(send[0] as HTMLElement)
    await expect(args.actions.onSendUpdate).toHaveBeenCalled()
    const readers = canvas.getByRole('region', { name: 'Readers' })
    await expect(readers).toHaveTextContent('2 of 2 opened · 1 said thanks')
    await expect(readers).toHaveTextContent('rob.chen@harbor.example')
  },
}
export const ChangesNotSentAndReadersMobile: Story = {
  args: whatReadersHave,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
export const ChangesNotSentAndReadersDark: Story = {
  args: whatReadersHave,
  globals: { theme: 'dark' },
}

/** Her order (issue 46): each item has its handle, and Settings' new order is offered. */
export const HerOrder: Story = {
  args: withActions({
    onMoveItem: fn(),
    onApplySectionOrder: fn(),
    onDismissSectionOrder: fn(),
  }),
  parameters: { visual: { showFocus: true } },
  play: async ({ canvas, args }) => {
    const handles = canvas.getAllByRole('button', { name: /^Move / })
    await expect(handles.length).toBeGreaterThan(1)
    await expect(canvas.getByText('Your sections are in a new order in Settings.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Apply to this report' }))
    await expect(args.actions.onApplySectionOrder).toHaveBeenCalled()
    handles[0].focus()
  },
}

/** Offline: the handles and 'Apply to this report' wait for the network, and say so. */
export const HerOrderOffline: Story = {
  args: {
    ...withData({ offline: true }),
    ...withActions({ onMoveItem: fn(), onApplySectionOrder: fn() }),
  },
  play: async ({ canvas }) => {
    const offline = 'You are offline — this will be possible when you are back online'
    for (const handle of canvas.getAllByRole('button', { name: /^Move / })) {
      await expect(handle).toBeDisabled()
      await expect(handle).toHaveAttribute('title', offline)
    }
    const apply = canvas.getByRole('button', { name: 'Apply to this report' })
    await expect(apply).toBeDisabled()
    await expect(apply).toHaveAttribute('title', offline)
  },
}
