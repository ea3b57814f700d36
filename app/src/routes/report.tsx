import { paths } from '@cadence/core/paths'
import {
  formatDate,
  ImportReportDialog,
  memoDocumentTitle,
  type ReportViewActions,
  SectionCard,
  type SectionCardProps,
  ShareDialog,
  toIsoDate,
} from '@cadence/ui'
import { memo, useCallback, useEffect, useState } from 'react'
import { useLocation, useParams } from 'wouter'
import { closeAsk, loadReportAsks, recordAskDecision, useReportAsks } from '../state/asks'
import { cache, useSectionTemplates, useSettings } from '../state/cache'
import { loadReportChanges, useReportChanges } from '../state/changes'
import { recordItemAsDecision } from '../state/decisions'
import { retryDelivery, stopDeliveries, useDeliveries, watchDeliveries } from '../state/deliveries'
import { editionPdfHref, loadEditions, sendUpdate, useEditions } from '../state/editions'
import { setMetricValue } from '../state/metrics'
import { refreshProjectHealth, setProjectHealth } from '../state/project-health'
import { usePwa } from '../state/pwa'
import { markQuestionsSeen, useReportQuestions } from '../state/question-badges'
import { useReaders } from '../state/readers'
import {
  addItem,
  addStarterSections,
  applySectionOrder,
  deleteItem,
  deleteReport,
  importIntoReport,
  markAsDraft,
  markAsSent,
  moveItem,
  previewImport,
  sectionsInSettingsOrder,
  toggleItem,
  updateItem,
  updateReport,
  updateSectionContent,
  useReportSection,
} from '../state/reports'
import { answerQuestion, copyLink, createShare, loadReportQuestions } from '../state/sharing'
import { toast } from '../state/toasts'
import { refreshUnsentChanges } from '../state/unsent'
import { useReportSources } from './report-sources'
import { SendReview } from './send-review'
import { useDocumentTitle } from './use-document-title'
import { useMailEnabled } from './use-mail-enabled'
import { useReportEditorPage } from './use-report-page'
import { ReportView } from './views'

/**
 * A section card that follows its own section in the store: toggling an item re-renders this
 * card (and, memoised inside it, that item's row), not the page.
 */
const LiveSectionCard = memo(function LiveSectionCard(props: SectionCardProps) {
  const section = useReportSection(props.section.id)
  return <SectionCard {...props} section={section ?? props.section} />
})

/** What the editor shows beside the report, loaded and followed while the page is open. */
function useReportExtras(uuid: string, sent: boolean) {
  const questions = useReportQuestions(uuid)
  const reloadQuestions = useCallback(
    () =>
      loadReportQuestions(uuid)
        // Shown here now: their badges (Reports, the sidebar) go.
        .then((list) => markQuestionsSeen(uuid, list))
        .catch((error) => console.error(error)),
    [uuid],
  )
  const changes = useReportChanges(uuid)
  const asks = useReportAsks(uuid)
  const deliveries = useDeliveries(uuid)
  const editions = useEditions(uuid)
  const readers = useReaders(uuid, sent, editions[0]?.number)
  useEffect(() => {
    if (sent) void loadEditions(uuid)
  }, [uuid, sent])
  // `#questions` (a reader's question found by search): brought into view once they are there.
  const questionsShown = (questions?.length ?? 0) > 0
  useEffect(() => {
    if (questionsShown && window.location.hash === '#questions')
      document.getElementById('questions')?.scrollIntoView({ block: 'start' })
  }, [questionsShown])
  useEffect(() => {
    loadReportChanges(uuid).catch((error) => console.error(error))
    cache.settings.load().catch(() => {})
    // Deliveries of an earlier Send (still pending ones are followed while the page is open).
    void watchDeliveries(uuid)
    void reloadQuestions()
    void loadReportAsks(uuid)
    return () => stopDeliveries()
  }, [uuid, reloadQuestions])
  return { questions, reloadQuestions, changes, asks, deliveries, editions, readers }
}

type EditorPage = ReturnType<typeof useReportEditorPage>

/** Which of the editor's dialogs is open: the send review, Share, Import. */
type EditorDialogs = {
  review: 'send' | 'update' | null
  setReview: (mode: 'send' | 'update' | null) => void
  shareOpen: boolean
  setShareOpen: (open: boolean) => void
  importOpen: boolean
  setImportOpen: (open: boolean) => void
}

function useEditorDialogs(): EditorDialogs {
  const [importOpen, setImportOpen] = useState(false)
  const [shareOpen, setShareOpen] = useState(false)
  const [review, setReview] = useState<'send' | 'update' | null>(null)
  return { review, setReview, shareOpen, setShareOpen, importOpen, setImportOpen }
}

const failEdit = (message: string) => (error: unknown) => {
  console.error(error)
  toast.error(message)
}

/** What the editor's controls do: each edit goes to the store, failures are told in a toast. */
function useReportActions(
  uuid: string,
  { report, projects, members }: Pick<EditorPage, 'report' | 'projects' | 'members'>,
  dialogs: EditorDialogs,
  reloadQuestions: () => Promise<unknown>,
): ReportViewActions {
  const [, navigate] = useLocation()
  // After an edit: the health rows and, for a sent report, what its readers were not sent.
  const afterEdit = () => {
    refreshProjectHealth(uuid)
    refreshUnsentChanges(uuid)
  }
  return {
    onTitleChange: (title) =>
      void updateReport({ title })
        .then(() => refreshUnsentChanges(uuid))
        .catch(failEdit('Failed to update report')),
    onSummaryChange: (summary) =>
      void updateReport({ summary })
        .then(() => refreshUnsentChanges(uuid))
        .catch(failEdit('Failed to update report')),
    onDraft: () => navigate(paths.draft(uuid)),
    onRetryDelivery: (id) => void retryDelivery(id),
    // Send opens the review step; its 'Send now' sends and follows the deliveries.
    onSend: () => dialogs.setReview('send'),
    // 'Send update' (a sent report): the review step again, which sends the next edition.
    onSendUpdate: () => dialogs.setReview('update'),
    // 'Read' opens the edition's own page (its PDF stays one link away in the list).
    onOpenEdition: (number) => navigate(paths.edition(uuid, number)),
    onStatusChange: async (status, sentDate) => {
      const ok = await (status === 'sent' ? markAsSent(sentDate ?? '') : markAsDraft())
      if (ok && status === 'sent') void watchDeliveries(uuid)
    },
    onImport: () => dialogs.setImportOpen(true),
    onAddStarterSections: () => addStarterSections(uuid),
    onShare: () => dialogs.setShareOpen(true),
    onHealthChange: async (projectUuid, next) => {
      await setProjectHealth(uuid, projectUuid, next)
      refreshUnsentChanges(uuid)
    },
    onMetricChange: (metricId, value) => setMetricValue(uuid, metricId, value),
    onCloseAsk: (itemId, closed) => closeAsk(uuid, itemId, closed),
    onRecordAskDecision: async (ask) => {
      await recordAskDecision(ask)
      toast.success('Recorded as a decision')
    },
    onAnswerQuestion: async (id, answer) => {
      await answerQuestion(id, answer)
      await reloadQuestions()
    },
    onDelete: async () => {
      if (await deleteReport(uuid)) navigate(paths.dashboard(), { replace: true })
    },
    onAddItem: (sectionId, item) =>
      void addItem({ ...item, section_id: sectionId })
        .then(afterEdit)
        .catch(failEdit('Failed to add item')),
    onUpdateItem: (id, changes) => {
      const keys = Object.keys(changes)
      // A lone completion toggle gets the task toasts ('Task completed', …).
      if (keys.length === 1 && changes.is_completed !== undefined) {
        void toggleItem(id, changes.is_completed).then(afterEdit)
        return
      }
      void updateItem(id, changes)
        .then(() => {
          afterEdit()
          // Marked or unmarked as an ask: the report's asks change.
          if (changes.is_ask !== undefined) void loadReportAsks(uuid)
        })
        .catch(failEdit('Failed to update task'))
    },
    onDeleteItem: (id) => void deleteItem(id).then(afterEdit),
    // Her order: the item moves at once; a failure puts it back with 'Failed to move item'.
    onMoveItem: (id, move) =>
      void moveItem(id, move).then((moved) => {
        if (moved) afterEdit()
      }),
    // Decisions: the item recorded as a decision in one click (its text, project and assignee).
    onRecordDecision: (id) => {
      const item = report?.sections?.flatMap((s) => s.items).find((i) => i.id === id)
      if (!item) return
      const project = projects.find((p) => p.id === item.project_id)
      const assignee = members.find((m) => m.id === item.assigned_to_team_member_id)
      void recordItemAsDecision(
        {
          id,
          content: item.content,
          project_uuid: project?.uuid ?? null,
          assignee_uuid: assignee?.uuid ?? null,
        },
        toIsoDate(new Date()),
      )
    },
    onSectionContentChange: (sectionId, content) =>
      void updateSectionContent(sectionId, content).catch(() => {}),
  }
}

/** The editor's dialogs: the send review, Share and Import. */
function ReportDialogs({
  uuid,
  page: { report, projects, members },
  dialogs,
}: {
  uuid: string
  page: EditorPage
  dialogs: EditorDialogs
}) {
  return (
    <>
      <SendReview
        uuid={uuid}
        mode={dialogs.review}
        onClose={() => dialogs.setReview(null)}
        projects={projects}
        members={members}
        onSendUpdate={async (note) => {
          await sendUpdate(uuid, note)
          // Sent: nothing is left unsent.
          refreshUnsentChanges(uuid, 0)
        }}
      />
      <ShareDialog
        open={dialogs.shareOpen}
        onOpenChange={dialogs.setShareOpen}
        reportName={report?.title || `Week of ${report ? formatDate(report.week_start_date) : ''}`}
        onCreate={(days) => createShare(uuid, days)}
        onCopy={copyLink}
        formatDate={formatDate}
      />
      <ImportReportDialog
        open={dialogs.importOpen}
        onOpenChange={dialogs.setImportOpen}
        onPreview={previewImport}
        onImport={async (_structure, text) => {
          await importIntoReport(uuid, text)
          dialogs.setImportOpen(false)
        }}
      />
    </>
  )
}

/** Where 'Not now' on the section order banner is kept: per report, per order of Settings. */
const orderDismissedKey = (uuid: string) => `cadence:section-order-dismissed:${uuid}`

/**
 * The draft's offer to take Settings' order of sections (after a reorder there): shown while the
 * report is unsent and its sections are in another order than Settings', until applied or
 * dismissed ('Not now', for this order of Settings, in this tab).
 */
function useSectionOrderOffer(uuid: string, report: EditorPage['report']) {
  const templates = useSectionTemplates()
  const sent = report?.is_submitted === true
  useEffect(() => {
    if (!sent) cache.sectionTemplates.load().catch(() => {})
  }, [sent])
  const order =
    report && !sent && templates.data
      ? sectionsInSettingsOrder(report.sections ?? [], templates.data)
      : null
  const signature = templates.data?.map((t) => t.id).join(',') ?? ''
  const [dismissed, setDismissed] = useState(() => readDismissed(uuid))
  if (!order || dismissed === signature) return {}
  return {
    onApplySectionOrder: () => void applySectionOrder(uuid, order),
    onDismissSectionOrder: () => {
      // Remembered for the tab when it can be (storage may be off or absent); shown as dismissed
      // either way.
      try {
        sessionStorage.setItem(orderDismissedKey(uuid), signature)
      } catch {}
      setDismissed(signature)
    },
  }
}

function readDismissed(uuid: string): string | null {
  try {
    return sessionStorage.getItem(orderDismissedKey(uuid))
  } catch {
    return null
  }
}

/** `/reports/:uuid`: the report editor. */
function ReportPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const page = useReportEditorPage(uuid)
  const { report, loading, projects, members, weekRange } = page
  const dialogs = useEditorDialogs()
  const settings = useSettings()
  // Send waits for the network: the button says so offline (issue 46, point 5).
  const pwa = usePwa()
  const mailConfigured = useMailEnabled()
  const sent = report?.is_submitted === true
  const extras = useReportExtras(uuid, sent)
  const actions = useReportActions(uuid, page, dialogs, extras.reloadQuestions)
  const sources = useReportSources(uuid, report, projects)
  const orderOffer = useSectionOrderOffer(uuid, report)
  useDocumentTitle(
    report
      ? memoDocumentTitle(
          report,
          settings.data
            ? { start: settings.data.weekly_start_day, end: settings.data.weekly_end_day }
            : null,
        )
      : null,
  )

  return (
    <>
      <ReportView
        loading={loading && !report}
        sectionCard={LiveSectionCard}
        data={{
          report,
          weekRange,
          projects: projects.filter((p) => p.status === 'active'),
          members,
          changes: report ? extras.changes.data : null,
          deliveries: extras.deliveries,
          questions: extras.questions,
          offline: pwa.offline,
          asks: extras.asks,
          mailConfigured,
          recipients: settings.data?.report_recipients.length,
          editions: sent ? extras.editions : undefined,
          editionPdfHref: (number) => editionPdfHref(uuid, number),
          unsentChanges: sent ? (report?.unsent_changes ?? null) : null,
          readers: sent ? extras.readers : undefined,
          draftSummary: sources.draftSummary,
          suggestionsTray: sources.suggestionsTray,
        }}
        actions={{ ...actions, ...orderOffer }}
      />
      <ReportDialogs uuid={uuid} page={page} dialogs={dialogs} />
    </>
  )
}

export default ReportPage
