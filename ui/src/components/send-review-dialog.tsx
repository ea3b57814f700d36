import {
  CircleAlert as LucideCircleAlert,
  Copy as LucideCopy,
  Link2 as LucideLink2,
  Mail as LucideMail,
  MessageSquare as LucideMessageSquare,
  Send as LucideSend,
} from 'lucide-react'
import * as React from 'react'
import { Button } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { Field } from '../primitives/field'
import { icon } from '../primitives/icon'
import { Input } from '../primitives/input'
import { webhookName } from './chat-delivery'

const CircleAlert = /* @__PURE__ */ icon(LucideCircleAlert)
const Copy = /* @__PURE__ */ icon(LucideCopy)
const Link2 = /* @__PURE__ */ icon(LucideLink2)
const Mail = /* @__PURE__ */ icon(LucideMail)
const MessageSquare = /* @__PURE__ */ icon(LucideMessageSquare)
const Send = /* @__PURE__ */ icon(LucideSend)

/** The longest note of an update ('Send update'), as the server allows. */
const UPDATE_NOTE_MAX = 280

/** Who gets the brief, by which channel. */
type SendReviewAudience = {
  /** E-mail recipients (Settings → Delivery), each sent the whole brief. */
  emails: string[]
  /** Chat webhook URLs (Settings → Delivery); each is named by its service, never shown whole. */
  webhooks: string[]
  /** Whether the server sends e-mail; undefined while not known. */
  mailConfigured: boolean | undefined
}

/** The e-mail itself (GET /api/reports/{uuid}/email-preview): what a recipient's inbox shows. */
type SendReviewEmail = {
  subject: string
  /** The message's HTML, drawn in a sandboxed frame (no script, no same-origin, no form). */
  html: string
}

type SendReviewDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** 'send' for a draft (Send now); 'update' for a sent report (Send update, with a note). */
  mode: 'send' | 'update'
  /**
   * The brief as readers get it (the app passes ReportMemo): shown when there is no e-mail to
   * show (mail not set up, no recipients, or the preview could not be made).
   */
  brief: React.ReactNode
  /** The e-mail as recipients get it; shown in place of the brief. */
  email?: SendReviewEmail | null
  audience: SendReviewAudience
  /** The report has no title: asked once more before sending. */
  untitled?: boolean
  /** The report has no items: asked once more before sending. */
  empty?: boolean
  /**
   * Names of the metrics with no value this week: readers would see 'Not entered', so the step
   * says so (a warning, not a question: a metric may be left empty on purpose).
   */
  emptyMetrics?: readonly string[]
  /** Send now; the dialog closes once it resolves, and stays open with the error if it throws. */
  onSend: () => Promise<void>
  /** Send update with the optional one-line note of what changed. */
  onSendUpdate?: (note: string | undefined) => Promise<void>
  /** Makes a private link and copies it (offered when nothing will be e-mailed). */
  onCopyLink?: () => Promise<void>
}

/** Whether anyone will be e-mailed: mail is set up and there is a recipient. */
const mails = (a: SendReviewAudience) => a.mailConfigured !== false && a.emails.length > 0

/** 'Send now' with mail and someone to mail; 'Mark as sent' when nothing will be e-mailed. */
function actionLabel(update: boolean, a: SendReviewAudience) {
  if (update) return mails(a) ? 'Send update' : 'Mark update as sent'
  return mails(a) ? 'Send now' : 'Mark as sent'
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** 'Reaches 2 people by e-mail and 1 chat channel', or what it reaches when nothing is mailed. */
function reachLine(a: SendReviewAudience) {
  const people = a.mailConfigured === false ? 0 : a.emails.length
  const parts = [
    people ? `${count(people, 'person', 'people')} by e-mail` : null,
    a.webhooks.length ? count(a.webhooks.length, 'chat channel', 'chat channels') : null,
  ].filter(Boolean)
  return parts.length ? `Reaches ${parts.join(' and ')}` : 'Reaches no one directly'
}

/** The channels, one line each: what goes out and to whom. */
function Audience({ audience: a }: { audience: SendReviewAudience }) {
  const noMail = a.mailConfigured === false
  return (
    <ul className="cad-review__audience" data-slot="send-review-audience" aria-label="Recipients">
      {a.emails.length === 0 ? (
        <li className="cad-review__channel" data-state="none">
          <Mail size={14} aria-hidden className="cad-review__icon" />
          <span>No e-mail recipients: add them in Settings → Delivery.</span>
        </li>
      ) : (
        a.emails.map((email) => (
          <li key={email} className="cad-review__channel" data-state={noMail ? 'blocked' : 'ready'}>
            <Mail size={14} aria-hidden className="cad-review__icon" />
            <span className="cad-truncate">{email}</span>
            <small className="cad-review__how">
              {noMail ? 'not e-mailed (mail is not set up)' : 'e-mail with the whole brief'}
            </small>
          </li>
        ))
      )}
      {a.webhooks.map((url) => (
        <li key={url} className="cad-review__channel" data-state="ready">
          <MessageSquare size={14} aria-hidden className="cad-review__icon" />
          <span>{webhookName(url)}</span>
          <small className="cad-review__how">title, health and summary, with a private link</small>
        </li>
      ))}
    </ul>
  )
}

/**
 * Who gets it: a warning when mail is not set up, the audience, a note when no one will, and a
 * private link to copy when no e-mail goes out.
 */
function WhoGetsIt({
  id,
  audience,
  copied,
  onCopy,
}: {
  id: string
  audience: SendReviewAudience
  copied: boolean
  onCopy?: () => void
}) {
  const noMail = audience.mailConfigured === false
  const nobody = (noMail || audience.emails.length === 0) && audience.webhooks.length === 0
  return (
    <section className="cad-review__who" aria-labelledby={`${id}-who`}>
      <h3 id={`${id}-who`} className="cad-review__heading">
        Who gets it
      </h3>
      <p className="cad-review__reach" data-slot="send-review-reach">
        {reachLine(audience)}
      </p>
      {noMail ? (
        <p className="cad-review__warning" role="alert" data-slot="send-review-no-mail">
          <CircleAlert size={14} aria-hidden className="cad-review__icon" />
          <span>Nothing will be e-mailed: mail is not set up.</span>
        </p>
      ) : null}
      <Audience audience={audience} />
      {nobody ? (
        <p className="cad-review__note">
          No one will receive it from Cadence: it is marked sent, and readers see it through a
          private link.
        </p>
      ) : null}
      {(noMail || audience.emails.length === 0) && onCopy ? (
        <p className="cad-review__link">
          <Button size="sm" onClick={onCopy}>
            {copied ? <Copy size={14} aria-hidden /> : <Link2 size={14} aria-hidden />}{' '}
            {copied ? 'Link copied' : 'Copy a private link instead'}
          </Button>
        </p>
      ) : null}
    </section>
  )
}

/** An update's note: one line readers see with it, at most UPDATE_NOTE_MAX characters. */
function UpdateNote({
  id,
  note,
  onNote,
}: {
  id: string
  note: string
  onNote: (note: string) => void
}) {
  const tooLong = note.length > UPDATE_NOTE_MAX
  return (
    <Field
      label="What changed (optional)"
      htmlFor={`${id}-note`}
      hint={`One line readers see with the update; ${note.length}/${UPDATE_NOTE_MAX}`}
      error={tooLong ? `At most ${UPDATE_NOTE_MAX} characters` : undefined}
    >
      <Input
        id={`${id}-note`}
        value={note}
        invalid={tooLong}
        placeholder="e.g. Corrected the Apollo launch date"
        onChange={(e) => onNote(e.currentTarget.value)}
      />
    </Field>
  )
}

/** 'ARR and NPS are not entered: readers will see "Not entered"', before the Send. */
function EmptyMetrics({ names }: { names: readonly string[] }) {
  const list =
    names.length === 1
      ? names[0]
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
  return (
    <p className="cad-review__warning" data-slot="send-review-empty-metrics">
      <CircleAlert size={14} aria-hidden className="cad-review__icon" />
      <span>
        {names.length === 1 ? 'The metric ' : `${names.length} metrics, `}
        <span className="cad-break">{list}</span>
        {names.length === 1 ? ', has' : ', have'} no value this week: readers will see “Not
        entered”. Enter {names.length === 1 ? 'it' : 'them'} in the report's Metrics, or send as it
        is.
      </span>
    </p>
  )
}

/** 'This report has no title (and no items). Send it anyway': asked before a doubtful Send. */
function SendAnyway({
  id,
  doubts,
  confirmed,
  onConfirmed,
}: {
  id: string
  doubts: string[]
  confirmed: boolean
  onConfirmed: (confirmed: boolean) => void
}) {
  return (
    <div className="cad-review__confirm">
      <Checkbox
        id={`${id}-confirm`}
        checked={confirmed}
        onCheckedChange={(v) => onConfirmed(v === true)}
      />
      <label htmlFor={`${id}-confirm`}>This report {doubts.join(' and ')}. Send it anyway</label>
    </div>
  )
}

/**
 * The step between Send and sending: the brief as readers will get it, who gets it by which
 * channel, what will not happen (mail not set up, no recipients) and a second question for an
 * untitled or empty report. For a sent report the same step sends an update with a note.
 */
function SendReviewDialog(p: SendReviewDialogProps) {
  const id = React.useId()
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const [confirmed, setConfirmed] = React.useState(false)
  const [note, setNote] = React.useState('')
  const [copied, setCopied] = React.useState(false)
  const update = p.mode === 'update'
  const doubts = [p.untitled ? 'has no title' : null, p.empty ? 'has no items' : null].filter(
    (x): x is string => x !== null,
  )
  const needsConfirm = !update && doubts.length > 0
  // The e-mail when someone gets it; else the brief as link readers see it.
  const email = p.email && mails(p.audience) ? p.email : null
  const tooLong = note.length > UPDATE_NOTE_MAX

  const change = (next: boolean) => {
    if (!next) {
      setError(null)
      setConfirmed(false)
      setNote('')
      setCopied(false)
    }
    p.onOpenChange(next)
  }
  const go = async () => {
    setBusy(true)
    setError(null)
    try {
      if (update) await p.onSendUpdate?.(note.trim() || undefined)
      else await p.onSend()
      change(false)
    } catch (err) {
      setError(
        `${update ? 'Failed to send the update' : 'Failed to send'}: ${err instanceof Error ? err.message : 'Unknown error'}`,
      )
    } finally {
      setBusy(false)
    }
  }
  const copy = async () => {
    if (!p.onCopyLink) return
    try {
      await p.onCopyLink()
      setCopied(true)
    } catch (err) {
      setError(`Failed to create the link: ${err instanceof Error ? err.message : 'Unknown error'}`)
    }
  }

  return (
    <Dialog open={p.open} onOpenChange={change}>
      <DialogContent
        title={update ? 'Send an update' : 'Review and send'}
        description={
          update
            ? 'Readers get this edition in place of the one they have, with your note.'
            : email
              ? 'This is the e-mail as recipients will get it, and who gets it.'
              : 'This is the brief as readers will get it, and who gets it.'
        }
        size="lg"
        className="cad-review"
      >
        <div className="cad-review__body" data-slot="send-review">
          <WhoGetsIt
            id={id}
            audience={p.audience}
            copied={copied}
            onCopy={p.onCopyLink ? copy : undefined}
          />
          {email ? (
            <section
              className="cad-review__email"
              aria-label="The e-mail"
              data-slot="send-review-email"
            >
              <p className="cad-review__subject">
                <span className="cad-review__subject-label">Subject</span>{' '}
                <span className="cad-break">{email.subject}</span>
              </p>
              {/* No script, no same origin, no forms or navigation: the message is only drawn. */}
              <iframe
                className="cad-review__frame"
                title="The e-mail as recipients get it"
                sandbox=""
                srcDoc={email.html}
              />
            </section>
          ) : (
            /* Scrolls on its own, so it takes focus for the keyboard. */
            <section className="cad-review__brief cad-draft" aria-label="The brief" tabIndex={0}>
              {p.brief}
            </section>
          )}
          {p.emptyMetrics?.length ? <EmptyMetrics names={p.emptyMetrics} /> : null}
          {update ? <UpdateNote id={id} note={note} onNote={setNote} /> : null}
          {needsConfirm ? (
            <SendAnyway id={id} doubts={doubts} confirmed={confirmed} onConfirmed={setConfirmed} />
          ) : null}
          {error ? (
            <p className="cad-form__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={go}
            loading={busy}
            disabled={(needsConfirm && !confirmed) || tooLong}
          >
            <Send size={14} aria-hidden /> {actionLabel(update, p.audience)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

export type { SendReviewAudience, SendReviewDialogProps, SendReviewEmail }
export { actionLabel as sendActionLabel, SendReviewDialog, UPDATE_NOTE_MAX }
