// What readers have (issue 41): "Changes not sent" on a sent report edited since, and the report's
// readers — each recipient's personal link and each anonymous link, the edition they opened last,
// when, and whether they acknowledged it.
import {
  CircleAlert as LucideCircleAlert,
  CircleCheck as LucideCircleCheck,
  Link2 as LucideLink2,
  Mail as LucideMail,
  Send as LucideSend,
} from 'lucide-react'
import * as React from 'react'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'
import type { Reader, UnsentChanges } from '../types'

const CircleAlert = /* @__PURE__ */ icon(LucideCircleAlert)
const CircleCheck = /* @__PURE__ */ icon(LucideCircleCheck)
const Link2 = /* @__PURE__ */ icon(LucideLink2)
const Mail = /* @__PURE__ */ icon(LucideMail)
const Send = /* @__PURE__ */ icon(LucideSend)

const count = (n: number, one: string, many = one) => `${n} ${n === 1 ? one : many}`

/** '2 items added · 1 completed · 1 edited · 1 project's health': only what changed. */
function unsentSummary(c: UnsentChanges): string {
  return [
    c.added ? `${count(c.added, 'item added', 'items added')}` : null,
    c.completed ? `${c.completed} completed` : null,
    c.edited ? `${c.edited} edited` : null,
    c.removed ? `${c.removed} removed` : null,
    c.health_changed ? `${count(c.health_changed, "project's health", "projects' health")}` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

type UnsentChangesNoticeProps = {
  changes: UnsentChanges
  /** 'Send update' (the review step of the next edition). */
  onSendUpdate?: () => void
}

/**
 * 'Changes not sent': the report was edited after its last edition went out; readers still have
 * that edition until 'Send update'.
 */
function UnsentChangesNotice({ changes, onSendUpdate }: UnsentChangesNoticeProps) {
  const id = React.useId()
  const what = unsentSummary(changes)
  return (
    <section
      className="cad-unsent"
      aria-labelledby={id}
      data-slot="unsent-changes"
      data-print="hide"
    >
      <CircleAlert size={16} aria-hidden className="cad-unsent__icon" />
      <div className="cad-unsent__text">
        <h2 id={id} className="cad-unsent__title">
          Changes not sent
        </h2>
        <p className="cad-unsent__what">
          Readers have edition {changes.since_edition}
          {what ? `; since then: ${what}` : ''}.{onSendUpdate ? null : ' Send update sends them.'}
        </p>
      </div>
      {onSendUpdate ? (
        <Button size="sm" variant="primary" onClick={onSendUpdate}>
          <Send size={14} aria-hidden /> Send update
        </Button>
      ) : null}
    </section>
  )
}

type ReadersListProps = {
  readers: readonly Reader[]
  /** 'Nov 28, 2026 at 9:12 AM' or as the app writes a time. */
  formatDate: (iso: string) => string
  className?: string
}

/** One reader: who (a recipient or an anonymous link), what they opened, whether they read it. */
function ReaderRow({ r, formatDate }: { r: Reader; formatDate: (iso: string) => string }) {
  const who = r.recipient_email ?? (r.name ? `Private link (${r.name})` : 'Private link')
  const Icon = r.recipient_email ? Mail : Link2
  return (
    <tr data-revoked={r.revoked_at ? '' : undefined}>
      <th scope="row" className="cad-break">
        <span className="cad-readers__who">
          <Icon size={14} aria-hidden className="cad-readers__icon" />
          <span>
            {who}
            {r.recipient_email && r.name ? (
              <small className="cad-readers__name"> {r.name}</small>
            ) : null}
            {r.revoked_at ? <small className="cad-readers__name"> · revoked</small> : null}
          </span>
        </span>
      </th>
      <td data-label="Opened" className="cad-tabular">
        {r.opened_at ? (
          <>
            {r.edition_number ? `Edition ${r.edition_number}` : 'The draft'}
            <small className="cad-readers__when"> · {formatDate(r.opened_at)}</small>
          </>
        ) : (
          <span className="cad-screen__muted">Not opened</span>
        )}
      </td>
      <td data-label="Read — thanks" className="cad-tabular">
        {r.acknowledged_at ? (
          <span className="cad-readers__ack">
            <CircleCheck size={14} aria-hidden /> {formatDate(r.acknowledged_at)}
          </span>
        ) : (
          <span className="cad-screen__muted">—</span>
        )}
      </td>
    </tr>
  )
}

/**
 * The report's readers (GET /api/reports/{uuid}/readers): each recipient's link, then the
 * anonymous ones, with the edition each opened last, when, and their 'Read — thanks'.
 */
function ReadersList({ readers, formatDate, className }: ReadersListProps) {
  const id = React.useId()
  const opened = readers.filter((r) => r.opened_at).length
  const thanked = readers.filter((r) => r.acknowledged_at).length
  return (
    <section
      className={['cad-readers', className].filter(Boolean).join(' ')}
      aria-labelledby={id}
      data-slot="readers"
    >
      <div className="cad-readers__head">
        <h2 id={id} className="cad-readers__title">
          Readers
        </h2>
        <span className="cad-screen__muted cad-tabular">
          {opened} of {readers.length} opened · {thanked} said thanks
        </span>
      </div>
      {readers.length === 0 ? (
        <p className="cad-screen__muted">No one has a link to this report yet.</p>
      ) : (
        <div className="cad-readers__scroll">
          <table className="cad-readers__table">
            <thead>
              <tr>
                <th scope="col">Reader</th>
                <th scope="col">Opened last</th>
                <th scope="col">Read — thanks</th>
              </tr>
            </thead>
            <tbody>
              {readers.map((r) => (
                <ReaderRow key={r.share_id} r={r} formatDate={formatDate} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export type { ReadersListProps, UnsentChangesNoticeProps }
export { ReadersList, UnsentChangesNotice, unsentSummary }
