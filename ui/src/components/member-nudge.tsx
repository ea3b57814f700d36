import { paths } from '@cadence/core/paths'
import { BellRing as LucideBellRing, Check as LucideCheck, Copy as LucideCopy } from 'lucide-react'
import * as React from 'react'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'
import type { NudgeStatus } from '../types'

const BellRing = /* @__PURE__ */ icon(LucideBellRing)
const Check = /* @__PURE__ */ icon(LucideCheck)
const Copy = /* @__PURE__ */ icon(LucideCopy)

export type MemberNudgeProps = {
  /** The member's name, as the page shows it. */
  name: string
  /** Where the linked member stands this week (the member page's `nudge`); null shows nothing. */
  status: NudgeStatus | null
  /** Nudges by e-mail (POST /api/team-members/{uuid}/nudge); resolves once answered. */
  onNudge: () => Promise<unknown>
  /** Copies the message to send yourself when mail is not set up. */
  onCopy: (text: string) => void
  /** Where the member writes their update (the message links it). */
  appUrl: string
  formatDate: (iso: string) => string
}

/** The message a nudge says, for the executive to send when Cadence cannot e-mail it. */
export function nudgeText(
  name: string,
  weekStart: string,
  appUrl: string,
  formatDate: (iso: string) => string,
) {
  const first = name.split(' ')[0] || name
  return `Hi ${first}, a quick nudge: could you send your weekly update for the week of ${formatDate(weekStart)}? You can write it in Cadence: ${appUrl}${paths.reports()}`
}

/**
 * 'Nudge' on a linked member's page: while this week's update is not sent, one e-mail a week
 * asks for it; once nudged, when. Without mail the button says so and copies a message to send
 * yourself instead.
 */
export function MemberNudge({
  name,
  status,
  onNudge,
  onCopy,
  appUrl,
  formatDate,
}: MemberNudgeProps) {
  const [busy, setBusy] = React.useState(false)
  const reasonId = React.useId()
  if (!status) return null
  if (status.sent) {
    return (
      <p className="cad-nudge" data-state="sent">
        <Check size={14} aria-hidden />
        <span>{name} sent this week's update.</span>
      </p>
    )
  }
  if (status.nudged_at) {
    return (
      <p className="cad-nudge" data-state="nudged">
        <BellRing size={14} aria-hidden />
        <span>
          No update from {name} this week yet · nudged {formatDate(status.nudged_at)} (one nudge a
          week)
        </span>
      </p>
    )
  }
  if (!status.mail) {
    const text = nudgeText(name, status.week_start_date, appUrl, formatDate)
    return (
      <div className="cad-nudge" data-state="copy">
        <span className="cad-nudge__what">No update from {name} this week yet.</span>
        <Button size="sm" aria-describedby={reasonId} onClick={() => onCopy(text)}>
          <Copy size={14} aria-hidden />
          Copy a nudge
        </Button>
        <p id={reasonId} className="cad-nudge__why">
          E-mail is not set up on this server, so Cadence cannot nudge {name}: copy this message and
          send it yourself.
        </p>
        <blockquote className="cad-nudge__text">{text}</blockquote>
      </div>
    )
  }
  return (
    <div className="cad-nudge" data-state="due">
      <span className="cad-nudge__what">No update from {name} this week yet.</span>
      <Button
        size="sm"
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          try {
            await onNudge()
          } finally {
            setBusy(false)
          }
        }}
      >
        <BellRing size={14} aria-hidden />
        Nudge
      </Button>
    </div>
  )
}
