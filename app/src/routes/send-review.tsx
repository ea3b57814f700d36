import {
  memoBriefOf,
  type Project,
  ReportMemo,
  SendReviewDialog,
  type TeamMember,
  toIsoDate,
} from '@cadence/ui'
import { useEffect } from 'react'
import { cache, useSettings } from '../state/cache'
import { useReportChanges } from '../state/changes'
import { useReport } from '../state/reports'
import { reviewDoubts, sendNow } from '../state/send'
import { copyLink, createShare } from '../state/sharing'
import { useMailEnabled } from './use-mail-enabled'
import { useMemoHeader } from './use-memo-header'

type SendReviewProps = {
  uuid: string
  /** Which step is open: 'send' (a draft), 'update' (a sent report), or none. */
  mode: 'send' | 'update' | null
  onClose: () => void
  weekRange: string
  projects: Project[]
  members: TeamMember[]
  /** 'Send update' with its note (POST /api/reports/{uuid}/editions). */
  onSendUpdate?: (note: string | undefined) => Promise<void>
}

/**
 * The review step of the report page: the brief as readers get it (the open report, followed item
 * by item while the step is open), who gets it from Settings → Delivery, and whether mail is set
 * up (GET /api/config). Without mail, a private link is offered to copy instead.
 */
function SendReview({
  uuid,
  mode,
  onClose,
  weekRange,
  projects,
  members,
  onSendUpdate,
}: SendReviewProps) {
  const { current } = useReport()
  const settings = useSettings()
  const mailConfigured = useMailEnabled()
  const changes = useReportChanges(uuid)
  const header = useMemoHeader()
  useEffect(() => {
    cache.settings.load().catch(() => {})
  }, [])
  const report = current?.uuid === uuid ? current : null
  if (!report) return null
  return (
    <SendReviewDialog
      open={mode !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      mode={mode ?? 'send'}
      brief={
        <ReportMemo
          brief={{
            ...memoBriefOf(report, projects, members, header),
            // As readers will get it: sent today (or on the date it was sent).
            sent_date: report.sent_date ?? toIsoDate(new Date()),
          }}
          weekRange={weekRange}
          changes={changes.data}
        />
      }
      audience={{
        emails: [...(settings.data?.report_recipients ?? [])],
        webhooks: [...(settings.data?.webhook_urls ?? [])],
        mailConfigured,
      }}
      {...reviewDoubts(report)}
      onSend={() => sendNow(uuid)}
      onSendUpdate={onSendUpdate}
      onCopyLink={async () => {
        const share = await createShare(uuid, 30)
        copyLink(share.url)
      }}
    />
  )
}

export { SendReview }
