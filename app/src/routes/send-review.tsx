import {
  memoBriefOf,
  nextEdition,
  type Project,
  ReportMemo,
  SendReviewDialog,
  type TeamMember,
} from '@cadence/ui'
import { type ComponentProps, useEffect, useRef, useState } from 'react'
import { cache, useSettings } from '../state/cache'
import { useReportChanges } from '../state/changes'
import { useEditions } from '../state/editions'
import { type EmailPreview, loadEmailPreview } from '../state/email-preview'
import { useReport } from '../state/reports'
import { reviewDoubts, sendNow } from '../state/send'
import { copyLink, privateLink } from '../state/sharing'
import { useMailEnabled } from './use-mail-enabled'
import { useMemoHeader } from './use-memo-header'

type SendReviewProps = {
  uuid: string
  /** Which step is open: 'send' (a draft), 'update' (a sent report), or none. */
  mode: 'send' | 'update' | null
  onClose: () => void
  projects: Project[]
  members: TeamMember[]
  /** 'Send update' with its note (POST /api/reports/{uuid}/editions). */
  onSendUpdate?: (note: string | undefined) => Promise<void>
}

/**
 * The review step of the report page: the e-mail itself as the server renders it (GET
 * /api/reports/{uuid}/email-preview, made again when the open report changes), or the brief as
 * readers get it when no e-mail can be shown; who gets it from Settings → Delivery, and whether
 * mail is set up. Without mail, a private link is offered to copy instead.
 *
 * Mounted on first open: until then an edit of the report costs the page nothing here.
 */
function SendReview(props: SendReviewProps) {
  const [used, setUsed] = useState(false)
  if (props.mode !== null && !used) setUsed(true)
  return used ? <SendReviewStep {...props} /> : null
}

type ReviewContent = Pick<
  ComponentProps<typeof SendReviewDialog>,
  'brief' | 'untitled' | 'empty' | 'emptyMetrics'
>

function SendReviewStep({ uuid, mode, onClose, projects, members, onSendUpdate }: SendReviewProps) {
  const { current } = useReport()
  const settings = useSettings()
  const mailEnabled = useMailEnabled()
  const changes = useReportChanges(uuid)
  const header = useMemoHeader()
  const editions = useEditions(uuid)
  const [preview, setPreview] = useState<EmailPreview | null>(null)
  useEffect(() => {
    cache.settings.load().catch(() => {})
  }, [])
  const report = current?.uuid === uuid ? current : null
  const open = mode !== null
  // What the e-mail is made of: any edit while the step is open makes it again. Read only while
  // open (reading the report subscribes to it): closed, an edit does not render this again.
  const version =
    report && open
      ? JSON.stringify([
          report.updated_at,
          report.title,
          report.summary,
          report.sections,
          report.project_health,
          report.metrics,
        ])
      : undefined
  // The e-mail of what would go out now: asked again when the open report changes.
  useEffect(() => {
    if (!open || version === undefined) return
    const abort = new AbortController()
    void loadEmailPreview(uuid, abort.signal).then((p) => {
      if (!abort.signal.aborted) setPreview(p)
    })
    return () => abort.abort()
  }, [open, uuid, version])
  // Closing, the dialog still shows what it showed while it fades out.
  const shown = useRef<ReviewContent | null>(null)
  if (report && open) {
    shown.current = {
      brief: (
        <ReportMemo
          brief={memoBriefOf(report, projects, members, header)}
          weekDays={header.weekDays}
          // As readers will get it: the next edition, sent today.
          edition={nextEdition(editions.length)}
          changes={changes.data}
        />
      ),
      ...reviewDoubts(report),
      emptyMetrics: (report.metrics ?? []).filter((m) => m.value === null).map((m) => m.name),
    }
  }
  if (!report || !shown.current) return null
  const mailConfigured = preview?.mail_configured ?? mailEnabled
  return (
    <SendReviewDialog
      open={open}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      mode={mode ?? 'send'}
      email={preview}
      {...shown.current}
      audience={{
        emails: [...(settings.data?.report_recipients ?? [])],
        webhooks: [...(settings.data?.webhook_urls ?? [])],
        mailConfigured,
      }}
      onSend={() => sendNow(uuid)}
      onSendUpdate={onSendUpdate}
      onCopyLink={async () => {
        const share = await privateLink(uuid)
        copyLink(share.url)
      }}
    />
  )
}

export { SendReview }
