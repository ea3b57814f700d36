import { paths } from '@cadence/core/paths'
import { Eye as LucideEye, MoreHorizontal as LucideMoreHorizontal } from 'lucide-react'
import * as React from 'react'
import { ReportAsks, type ReportAsksProps } from '../components/asks'
import { DeliveryOutcome } from '../components/delivery-outcome'
import { type EditionSummary, EditionsList } from '../components/editions-list'
import { type ItemMove, ItemMoveProvider } from '../components/item-move'
import { MetricsPanel, type MetricsPanelProps } from '../components/metrics'
import {
  ProjectHealthPanel,
  type ProjectHealthPanelProps,
} from '../components/project-health-panel'
import { ReaderQuestions } from '../components/reader-questions'
import { ReadersList, UnsentChangesNotice } from '../components/readers'
import {
  type CardSection,
  type NewItem,
  SectionCard,
  type SectionCardProps,
} from '../components/section-card'
import { SectionOrderOffer } from '../components/section-order-offer'
import { SinceLastWeek } from '../components/since-last-week'
import { StarterSections } from '../components/starter-sections'
import { formatDate, toIsoDate } from '../lib/dates'
import { useFocusBack } from '../lib/focus-back'
import { useShallowStable } from '../lib/stable'
import { Button } from '../primitives/button'
import { ConfirmInline } from '../primitives/confirm-inline'
import { DatePicker } from '../primitives/date-picker'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../primitives/dropdown-menu'
import { EmptyState } from '../primitives/empty-state'
import { icon } from '../primitives/icon'
import { InlineEdit } from '../primitives/inline-edit'
import { Link } from '../primitives/link'
import { Select } from '../primitives/select'
import { ReportSkeleton } from '../primitives/skeleton'
import type {
  Delivery,
  Project,
  Reader,
  ReaderQuestion,
  Report,
  ReportChanges,
  SectionItem,
  TeamMember,
  UnsentChanges,
} from '../types'

const Eye = /* @__PURE__ */ icon(LucideEye)
const MoreHorizontal = /* @__PURE__ */ icon(LucideMoreHorizontal)

const STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
]

/** A report as the report and draft views take it: its sections' items' ageing optional. */
export type ReportViewReport = Omit<Report, 'sections'> & { sections?: CardSection[] }

/** What the report page shows. */
export type ReportViewData = {
  report: ReportViewReport | null
  weekRange: string
  projects: Project[]
  members: TeamMember[]
  /** 'Since last week' (GET /api/reports/{uuid}/changes); nothing is shown without it. */
  changes?: ReportChanges | null
  /** The report's e-mail deliveries, newest first; a status line is shown when there is one. */
  deliveries?: Delivery[]
  /** Questions from readers of this report's private links, newest first. */
  questions?: ReaderQuestion[]
  /** The browser is offline: Send and Send update wait for the network (they cannot be queued). */
  offline?: boolean
  /** Sources (issue 47): the draft summary panel, shown under the summary (DraftSummaryPanel). */
  draftSummary?: React.ReactNode
  /** Sources: the tray of this week's suggestions from the connected tools (SuggestionsTray). */
  suggestionsTray?: React.ReactNode
  /** Asks: the report's asks of its readers with their answers (GET /api/reports/{uuid}/asks). */
  asks?: ReportAsksProps['asks']
  /** The date the 'Mark as Sent' picker starts on ('YYYY-MM-DD'); today by default. */
  defaultSentDate?: string
  /** Whether the server sends e-mail (the outcome says 'Nothing was e-mailed' when it does not). */
  mailConfigured?: boolean
  /** How many e-mail recipients Settings has. */
  recipients?: number
  /** A sent report's editions, newest first (GET /api/reports/{uuid}/editions); none: no list. */
  editions?: EditionSummary[]
  /** The address of an edition's PDF; with it each edition has 'Download PDF'. */
  editionPdfHref?: (number: number) => string
  /**
   * A sent report edited since its last edition (GET /api/reports/{uuid}'s unsent_changes):
   * 'Changes not sent' with what changed, until 'Send update'.
   */
  unsentChanges?: UnsentChanges | null
  /** The report's links and who opened which edition (GET /api/reports/{uuid}/readers). */
  readers?: readonly Reader[]
  /** How the readers list writes a time ('Nov 28, 2026, 9:12 AM'); formatDate without it. */
  formatTime?: (iso: string) => string
}

/** What the report page does: the report's own changes, then its items'. */
export type ReportViewActions = {
  onTitleChange: (title: string) => void
  onSummaryChange: (summary: string) => void
  onDraft: () => void
  /** Send (a draft only): the app opens the review step, which sends. */
  onSend: () => void
  /** 'Send update' (a sent report only): the review step again, sending the next edition. */
  onSendUpdate?: () => void
  onImport: () => void
  onStatusChange: (status: 'draft' | 'sent', sentDate?: string) => void
  onDelete: () => void
  onAddItem: (sectionId: number, item: NewItem) => void
  onUpdateItem: (id: number, changes: Partial<SectionItem>) => void
  onDeleteItem: (id: number) => void
  onSectionContentChange: (sectionId: number, content: string) => void
  /** Retry of a failed delivery (POST /api/deliveries/{id}/retry). */
  onRetryDelivery?: (id: number) => void
  /** 'Share': a private read-only link for readers (the button shows only with it). */
  onShare?: () => void
  /**
   * Sets a project's health on this report (PUT …/project-health/{project}); with it, the report
   * shows a Project health panel for the projects that have items this week.
   */
  onHealthChange?: ProjectHealthPanelProps['onChange']
  /** Sets this week's value of a metric (PUT …/metric-values/{id}); with it, a Metrics block shows. */
  onMetricChange?: MetricsPanelProps['onChange']
  /** The author's answer to a reader's question (the questions show only with it). */
  onAnswerQuestion?: (id: number, answer: string | null) => Promise<void>
  /** 'Read' of an edition (the editions list shows only with it). */
  onOpenEdition?: (number: number) => void
  /** Asks: closes or reopens an ask (the asks show only with it). */
  onCloseAsk?: ReportAsksProps['onClose']
  /**
   * A report with no sections offers the three usual ones in one click (with it): POST
   * /api/reports/{uuid}/starter-sections.
   */
  onAddStarterSections?: () => Promise<unknown>
  /** Asks: 'Record as decision' on an approved ask. */
  onRecordAskDecision?: ReportAsksProps['onRecordDecision']
  /** Decisions: 'Record as decision' on an item (the button shows only with it). */
  onRecordDecision?: (itemId: number) => void
  /**
   * Her order: an item dragged by its handle within or between sections (item-move.tsx); the
   * handles show only with it.
   */
  onMoveItem?: (id: number, move: ItemMove) => void
  /**
   * Settings' order of sections differs from this draft's: with it, the banner 'Your sections are
   * in a new order in Settings.' offers 'Apply to this report'.
   */
  onApplySectionOrder?: () => void
  /** Closes that banner without applying the order. */
  onDismissSectionOrder?: () => void
}

export type ReportViewProps = {
  data: ReportViewData
  actions: ReportViewActions
  loading?: boolean
  /**
   * Renders each section; SectionCard by default. An app whose store can follow one section may
   * pass a card that reads its section itself (by `section.id`), so an item change re-renders
   * that section only, not the whole report.
   */
  sectionCard?: React.ComponentType<SectionCardProps>
}

type SectionCallbacks = {
  onAddItem: (item: NewItem) => void
  onUpdateItem: (id: number, changes: Partial<SectionItem>) => void
  onDeleteItem: (id: number) => void
  onContentChange: (content: string) => void
}

/**
 * Per-section callbacks that keep their identity across renders and call the latest props, so a
 * change to one item re-renders only its own (memoised) section card.
 */
function useSectionCallbacks(p: ReportViewActions) {
  const latest = React.useRef(p)
  latest.current = p
  const cache = React.useRef(new Map<number, SectionCallbacks>())
  return (sectionId: number): SectionCallbacks => {
    let c = cache.current.get(sectionId)
    if (!c) {
      c = {
        onAddItem: (item) => latest.current.onAddItem(sectionId, item),
        onUpdateItem: (id, changes) => latest.current.onUpdateItem(id, changes),
        onDeleteItem: (id) => latest.current.onDeleteItem(id),
        onContentChange: (content) => latest.current.onSectionContentChange(sectionId, content),
      }
      cache.current.set(sectionId, c)
    }
    return c
  }
}

/**
 * The title row: Draft, Send (the one primary action; 'Send update' once sent), Share, Import,
 * Delete (secondary), then the status with its sent date. Below 768 px Share, Import and Delete
 * move into a 'More actions' menu, so the buttons stay one row.
 */
/** On a narrow screen, Share, Import and Delete behind 'More actions'. */
function MoreActions({
  actions: a,
  onDelete,
}: {
  actions: ReportViewActions
  onDelete: () => void
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button className="cad-report__narrow" aria-label="More actions" title="More actions">
          <MoreHorizontal size={16} aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {a.onShare ? <DropdownMenuItem onSelect={a.onShare}>Share</DropdownMenuItem> : null}
        <DropdownMenuItem onSelect={a.onImport}>Import</DropdownMenuItem>
        <DropdownMenuItem tone="danger" onSelect={onDelete}>
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

function ReportHeader({
  report: r,
  weekRange,
  defaultSentDate,
  offline = false,
  actions: a,
}: {
  report: ReportViewReport
  weekRange: string
  defaultSentDate?: string
  offline?: boolean
  actions: ReportViewActions
}) {
  const [confirming, setConfirming] = React.useState(false)
  const deleteRef = useFocusBack<HTMLButtonElement>(confirming)
  const [sentDate, setSentDate] = React.useState(() => defaultSentDate ?? toIsoDate(new Date()))
  // Sending cannot wait in the outbox: offline it says so instead of failing.
  const sendTitle = offline
    ? 'You are offline — this will be possible when you are back online'
    : undefined
  return (
    <header className="cad-screen__head cad-report__head">
      <div>
        <h1 className="cad-screen__title">Weekly Report</h1>
        <p className="cad-screen__muted">{weekRange}</p>
      </div>
      <div className="cad-screen__actions cad-report__toolbar">
        {/* The product spec names this button 'Draft'; the eye says it opens the preview, so it
            does not read as a second status beside the status menu. */}
        <Button onClick={a.onDraft} title="Preview and print the draft">
          <Eye size={16} aria-hidden /> Draft
        </Button>
        {!r.is_submitted ? (
          <Button variant="primary" onClick={a.onSend} disabled={offline} title={sendTitle}>
            Send
          </Button>
        ) : a.onSendUpdate ? (
          <Button variant="primary" onClick={a.onSendUpdate} disabled={offline} title={sendTitle}>
            Send update
          </Button>
        ) : null}
        {a.onShare ? (
          <Button className="cad-report__wide" onClick={a.onShare}>
            Share
          </Button>
        ) : null}
        <Button className="cad-report__wide" onClick={a.onImport}>
          Import
        </Button>
        {confirming ? null : (
          <Button
            ref={deleteRef}
            className="cad-report__wide"
            variant="ghost"
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        )}
        <MoreActions actions={a} onDelete={() => setConfirming(true)} />
      </div>
      <div className="cad-screen__actions cad-report__status-row">
        <Select
          aria-label="Status"
          className="cad-report__status"
          value={r.is_submitted ? 'sent' : 'draft'}
          options={STATUSES}
          onValueChange={(v) => {
            if (v === 'sent') a.onStatusChange('sent', sentDate || undefined)
            else a.onStatusChange('draft')
          }}
        />
        {r.is_submitted ? (
          r.sent_date ? (
            <small className="cad-screen__muted">Sent {formatDate(r.sent_date)}</small>
          ) : null
        ) : (
          <span className="cad-screen__inline">
            <DatePicker
              label="Sent date"
              hideLabel
              className="cad-report__sent-date"
              value={sentDate}
              onChange={setSentDate}
            />
            <Button disabled={!sentDate} onClick={() => a.onStatusChange('sent', sentDate)}>
              Mark as Sent
            </Button>
          </span>
        )}
        {confirming ? (
          <ConfirmInline
            message="Delete this report?"
            confirmLabel="Yes, Delete"
            cancelLabel="Cancel"
            onConfirm={() => {
              setConfirming(false)
              a.onDelete()
            }}
            onCancel={() => setConfirming(false)}
          />
        ) : null}
      </div>
    </header>
  )
}

export function ReportView({ data: d, actions: a, loading, sectionCard }: ReportViewProps) {
  const projects = useShallowStable(d.projects) as Project[]
  const members = useShallowStable(d.members) as TeamMember[]
  const sectionCallbacks = useSectionCallbacks(a)
  const latestDecide = React.useRef(a.onRecordDecision)
  latestDecide.current = a.onRecordDecision
  const recordDecision = React.useCallback((id: number) => latestDecide.current?.(id), [])
  const Section = sectionCard ?? SectionCard
  // 'Add the usual sections' leaves the page once they exist: focus goes to the first section's
  // 'Add an item' field, not the body.
  const startedSections = React.useRef(false)
  const firstSectionId = d.report?.sections?.[0]?.id
  React.useEffect(() => {
    if (!startedSections.current || firstSectionId === undefined) return
    startedSections.current = false
    document.getElementById(`add-${firstSectionId}`)?.focus()
  }, [firstSectionId])
  const addStarterSections = a.onAddStarterSections
    ? () => {
        startedSections.current = true
        return a.onAddStarterSections!()
      }
    : undefined
  if (loading) return <ReportSkeleton />
  const r = d.report
  if (!r)
    return (
      <EmptyState
        title="Report not found"
        description="It may have been deleted, or the link is not quite right."
        action={<Link href={paths.reports()}>All reports</Link>}
      />
    )
  const offline = 'You are offline — this will be possible when you are back online'
  const sections = (r.sections ?? []).map((s) => (
    <Section
      key={s.id}
      section={s}
      projects={projects}
      members={members}
      {...sectionCallbacks(s.id)}
      onRecordDecision={a.onRecordDecision ? recordDecision : undefined}
      firstReport={d.changes ? d.changes.previous === null : undefined}
    />
  ))
  return (
    <div className="cad-screen">
      <ReportHeader
        report={r}
        weekRange={d.weekRange}
        defaultSentDate={d.defaultSentDate}
        offline={d.offline}
        actions={a}
      />
      <DeliveryOutcome
        deliveries={d.deliveries ?? []}
        sent={r.is_submitted}
        mailConfigured={d.mailConfigured}
        recipients={d.recipients}
        onRetry={a.onRetryDelivery}
      />
      {r.is_submitted && d.unsentChanges ? (
        // The toolbar's 'Send update' sends them: one button for it on the page.
        <UnsentChangesNotice changes={d.unsentChanges} />
      ) : null}
      {r.is_submitted && d.editions?.length && a.onOpenEdition ? (
        <EditionsList
          editions={d.editions}
          onOpen={a.onOpenEdition}
          pdfHref={d.editionPdfHref}
          formatDate={formatDate}
        />
      ) : null}
      {r.is_submitted && d.readers ? (
        <ReadersList readers={d.readers} formatDate={d.formatTime ?? formatDate} />
      ) : null}
      <InlineEdit
        aria-label="Title"
        className="cad-report__title"
        value={r.title ?? ''}
        placeholder="Add a title for this week's report..."
        onSave={a.onTitleChange}
      />
      <InlineEdit
        aria-label="Summary"
        className="cad-report__summary"
        multiline
        value={r.summary ?? ''}
        placeholder="Add a summary of this week's progress..."
        onSave={a.onSummaryChange}
      />
      {d.draftSummary ?? null}
      {d.changes ? <SinceLastWeek changes={d.changes} /> : null}
      {d.questions?.length && a.onAnswerQuestion ? (
        <ReaderQuestions
          questions={d.questions}
          onAnswer={a.onAnswerQuestion}
          formatDate={formatDate}
        />
      ) : null}
      {d.asks?.length && a.onCloseAsk ? (
        <ReportAsks
          asks={d.asks}
          onClose={a.onCloseAsk}
          onRecordDecision={a.onRecordAskDecision}
          formatDate={formatDate}
        />
      ) : null}
      {a.onHealthChange && r.project_health?.length ? (
        <ProjectHealthPanel rows={r.project_health} onChange={a.onHealthChange} />
      ) : null}
      {a.onMetricChange && r.metrics?.length ? (
        <MetricsPanel metrics={r.metrics} week={r.week_start_date} onChange={a.onMetricChange} />
      ) : null}
      {d.suggestionsTray ?? null}
      {addStarterSections && (r.sections ?? []).length === 0 ? (
        <StarterSections onAdd={addStarterSections} settingsHref={paths.settings('sections')} />
      ) : null}
      {a.onApplySectionOrder && (r.sections ?? []).length > 1 ? (
        <SectionOrderOffer
          onApply={a.onApplySectionOrder}
          onDismiss={a.onDismissSectionOrder}
          disabledReason={d.offline ? offline : undefined}
        />
      ) : null}
      {a.onMoveItem ? (
        <ItemMoveProvider onMove={a.onMoveItem} disabledReason={d.offline ? offline : undefined}>
          {sections}
        </ItemMoveProvider>
      ) : (
        sections
      )}
    </div>
  )
}
