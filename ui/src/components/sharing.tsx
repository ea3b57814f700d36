import { Copy as LucideCopy, Link2 as LucideLink2 } from 'lucide-react'
import * as React from 'react'
import { useFocusBack } from '../lib/focus-back'
import { Badge } from '../primitives/badge'
import { Button } from '../primitives/button'
import { ConfirmInline } from '../primitives/confirm-inline'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { Field } from '../primitives/field'
import { icon } from '../primitives/icon'
import { Select } from '../primitives/select'
import type { CreatedShare, ShareLink } from '../types'

const Copy = /* @__PURE__ */ icon(LucideCopy)
const Link2 = /* @__PURE__ */ icon(LucideLink2)

/** How long a new link lives: 7, 30 (the default) or 90 days, or until revoked. */
export type ShareExpiry = 7 | 30 | 90 | null

const EXPIRY_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'never', label: 'Never (until revoked)' },
]

type LinkDialogProps<T extends { url: string }> = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  /** The created link's field label. */
  linkLabel: string
  /** The create button's words. */
  createLabel: string
  /** In 'Failed to create …': 'the link', 'the invitation'. */
  what: string
  onCreate: () => Promise<T>
  onCopy: (url: string) => void
  /** What is said under the created link (until when, and that it is not shown again). */
  hint: (created: T) => React.ReactNode
  /** Called when the dialog closes, to reset the caller's own fields. */
  onClosed?: () => void
  /** Shown before the link is made (options, explanations). */
  children?: React.ReactNode
}

/**
 * A dialog that makes a link shown once (a private link, an invitation): read-only, selected on
 * focus, copied; only its hash is kept on the server.
 */
function LinkDialog<T extends { url: string }>(p: LinkDialogProps<T>) {
  const id = React.useId()
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const [created, setCreated] = React.useState<T | null>(null)
  const change = (next: boolean) => {
    if (!next) {
      setCreated(null)
      setError(null)
      p.onClosed?.()
    }
    p.onOpenChange(next)
  }
  const create = async () => {
    setBusy(true)
    setError(null)
    try {
      setCreated(await p.onCreate())
    } catch (err) {
      setError(
        `Failed to create ${p.what}: ${err instanceof Error ? err.message : 'Unknown error'}`,
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={p.open} onOpenChange={change}>
      <DialogContent title={p.title} description={p.description} size="sm">
        <div className="cad-form">
          {created ? (
            <>
              <Field label={p.linkLabel} htmlFor={`${id}-url`}>
                <div className="cad-share__url">
                  <input
                    id={`${id}-url`}
                    className="cad-input"
                    readOnly
                    value={created.url}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <Button onClick={() => p.onCopy(created.url)}>
                    <Copy size={14} aria-hidden /> Copy link
                  </Button>
                </div>
              </Field>
              <p className="cad-share__hint">{p.hint(created)}</p>
              <DialogFooter>
                <Button variant="primary" onClick={() => change(false)}>
                  Done
                </Button>
              </DialogFooter>
            </>
          ) : (
            <>
              {p.children}
              {error && (
                <p className="cad-form__error" role="alert">
                  {error}
                </p>
              )}
              <DialogFooter>
                <Button variant="ghost" onClick={() => change(false)}>
                  Cancel
                </Button>
                <Button variant="primary" onClick={create} loading={busy}>
                  <Link2 size={14} aria-hidden /> {p.createLabel}
                </Button>
              </DialogFooter>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}

type ShareDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** 'Week of Nov 16, 2026' or the report's title. */
  reportName: string
  /** Creates the link; its answer is the only time the link's address is shown. */
  onCreate: (expiresInDays: ShareExpiry) => Promise<Pick<CreatedShare, 'url' | 'expires_at'>>
  /** Copies the address (the app uses the clipboard). */
  onCopy: (url: string) => void
  /** Formats an ISO time for people. */
  formatDate: (iso: string) => string
}

/**
 * 'Share': a private read-only link for readers without an account. The address is shown once,
 * right after it is made (only its hash is stored); Settings → Sharing lists and revokes links.
 */
function ShareDialog({
  open,
  onOpenChange,
  reportName,
  onCreate,
  onCopy,
  formatDate,
}: ShareDialogProps) {
  const id = React.useId()
  const [expiry, setExpiry] = React.useState('30')
  return (
    <LinkDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share a private link"
      description={`Anyone with the link can read ${reportName} and its project health, without an account. Nothing else of yours is shown.`}
      linkLabel="Link"
      createLabel="Create link"
      what="the link"
      onCreate={() => onCreate(expiry === 'never' ? null : (Number(expiry) as 7 | 30 | 90))}
      onCopy={onCopy}
      onClosed={() => setExpiry('30')}
      hint={(created) => (
        <>
          {created.expires_at
            ? `Works until ${formatDate(created.expires_at)}.`
            : 'Works until you revoke it.'}{' '}
          Copy it now: it is not shown again. Settings → Sharing lists your links and revokes them.
        </>
      )}
    >
      <Field label="Expires after" htmlFor={`${id}-expiry`}>
        <Select
          id={`${id}-expiry`}
          value={expiry}
          onValueChange={setExpiry}
          options={EXPIRY_OPTIONS}
        />
      </Field>
    </LinkDialog>
  )
}

type SharingListProps = {
  links: readonly ShareLink[]
  onRevoke: (id: number) => Promise<void>
  formatDate: (iso: string) => string
  /** An ISO time: which links have expired (tests and stories fix it). */
  now?: string
}

function linkState(link: ShareLink, now: string) {
  if (link.revoked_at) return { label: 'Revoked', tone: 'neutral' as const }
  if (link.expires_at && link.expires_at <= now)
    return { label: 'Expired', tone: 'neutral' as const }
  return { label: 'Active', tone: 'success' as const }
}

/** 'Revoke', asked in place; a failure says why and keeps the link listed. */
function RevokeLink({ onRevoke }: { onRevoke: () => Promise<void> }) {
  const [asking, setAsking] = React.useState(false)
  const revokeRef = useFocusBack<HTMLButtonElement>(asking)
  const [error, setError] = React.useState<string | null>(null)
  if (!asking)
    return (
      <div className="cad-sharing__actions">
        <Button ref={revokeRef} variant="ghost" size="sm" onClick={() => setAsking(true)}>
          Revoke
        </Button>
        {error && (
          <p className="cad-form__error" role="alert">
            {error}
          </p>
        )}
      </div>
    )
  return (
    <ConfirmInline
      message="Readers with this link lose access at once."
      confirmLabel="Revoke link"
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false)
        setError(null)
        onRevoke().catch((err: unknown) =>
          setError(`Failed to revoke: ${err instanceof Error ? err.message : 'Unknown error'}`),
        )
      }}
    />
  )
}

/** Settings → Sharing: every private link, its views (how often and when, never who), revoke. */
function SharingList({ links, onRevoke, formatDate, now }: SharingListProps) {
  const at = now ?? new Date().toISOString()
  if (links.length === 0)
    return (
      <p className="cad-screen__muted">
        No links yet. 'Share' on a report makes a private link for readers without an account.
      </p>
    )
  return (
    <ul className="cad-sharing">
      {links.map((link) => {
        const state = linkState(link, at)
        const active = state.label === 'Active'
        return (
          <li key={link.id} className="cad-sharing__link">
            <div className="cad-sharing__what">
              <span className="cad-sharing__name cad-break">
                {link.report_title ||
                  (link.week_start_date ? `Week of ${formatDate(link.week_start_date)}` : 'Report')}
              </span>
              <Badge tone={state.tone}>{state.label}</Badge>
            </div>
            <p className="cad-sharing__meta">
              {link.views === 0
                ? 'Not opened yet'
                : `Opened ${link.views} ${link.views === 1 ? 'time' : 'times'}, last ${formatDate(link.last_viewed_at as string)}`}
              {' · '}
              {link.revoked_at
                ? `revoked ${formatDate(link.revoked_at)}`
                : link.expires_at
                  ? `${active ? 'expires' : 'expired'} ${formatDate(link.expires_at)}`
                  : 'never expires'}
            </p>
            {active ? <RevokeLink onRevoke={() => onRevoke(link.id)} /> : null}
          </li>
        )
      })}
    </ul>
  )
}

export type { LinkDialogProps, ShareDialogProps, SharingListProps }
export { LinkDialog, ShareDialog, SharingList }
