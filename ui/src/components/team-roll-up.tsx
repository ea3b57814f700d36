import {
  Clock as LucideClock,
  Link2 as LucideLink2,
  UserPlus as LucideUserPlus,
  UserRound as LucideUserRound,
  Users as LucideUsers,
} from 'lucide-react'
import * as React from 'react'
import { useFocusBack } from '../lib/focus-back'
import { Badge } from '../primitives/badge'
import { Button } from '../primitives/button'
import { Card } from '../primitives/card'
import { Checkbox } from '../primitives/checkbox'
import { ConfirmInline } from '../primitives/confirm-inline'
import { icon } from '../primitives/icon'
import type { AssignedItem, Invitation, TeamMember, TeamMembership } from '../types'
import { LinkDialog } from './sharing'

const Clock = /* @__PURE__ */ icon(LucideClock)
const Link2 = /* @__PURE__ */ icon(LucideLink2)
const UserPlus = /* @__PURE__ */ icon(LucideUserPlus)
const UserRound = /* @__PURE__ */ icon(LucideUserRound)
const Users = /* @__PURE__ */ icon(LucideUsers)

// Team roll-up: inviting a team member, their link, what is assigned to them,
// and the teams they are on.

type InviteDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  memberName: string
  memberEmail: string
  /** Whether the server can send e-mail: then the link also goes to `memberEmail`. */
  smtp?: boolean
  /** Makes the invitation; its answer is the only time the link is shown. */
  onCreate: () => Promise<Invitation>
  onCopy: (url: string) => void
  formatDate: (iso: string) => string
}

/** Why the server did not e-mail the link (the invitation's `not_emailed_reason`), in words. */
export function notEmailedWhy(
  reason: NonNullable<Invitation['not_emailed_reason']>,
  memberName: string,
) {
  switch (reason) {
    case 'mail_not_set_up':
      return 'Not e-mailed: e-mail is not set up on this server.'
    case 'emailed_within_hour':
      return `Not e-mailed: ${memberName} was e-mailed an invitation less than an hour ago, and invitations are e-mailed at most once an hour.`
    case 'mail_failed':
      return 'Not e-mailed: the mail server did not take the message.'
  }
}

/** 'Invite to Cadence': a single-use link, e-mailed when the server can, shown once either way. */
function InviteDialog({
  open,
  onOpenChange,
  memberName,
  memberEmail,
  smtp = false,
  onCreate,
  onCopy,
  formatDate,
}: InviteDialogProps) {
  return (
    <LinkDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite to Cadence"
      description={`${memberName} signs in with their own account and sees what you assign to them; their sent reports reach your Team updates.`}
      linkLabel="Invitation link"
      createLabel="Create invitation"
      what="the invitation"
      onCreate={onCreate}
      onCopy={onCopy}
      hint={(created: Invitation) => (
        <>
          Single use · works until {formatDate(created.expires_at)}.{' '}
          {created.emailed ? (
            `We also e-mailed it to ${memberEmail}.`
          ) : (
            <>
              {created.not_emailed_reason ? (
                <strong>{notEmailedWhy(created.not_emailed_reason, memberName)} </strong>
              ) : null}
              {`Send it to ${memberName} yourself: it is not shown again.`}
            </>
          )}
        </>
      )}
    >
      <p className="cad-screen__muted">
        Only what you assign to {memberName} and the reports they send cross between your accounts.
        Your drafts and everything else stay yours.
      </p>
      <p className="cad-screen__muted">
        {smtp
          ? `We also e-mail the link to ${memberEmail}.`
          : `E-mail is not set up on this server: you send the link to ${memberName} yourself.`}
      </p>
    </LinkDialog>
  )
}

type MemberLinkProps = {
  member: Pick<TeamMember, 'name' | 'email' | 'linked_user_email' | 'pending_invitation'>
  onInvite: () => void
  onRevoke: (invitationId: number) => void
  onUnlink: () => void
  /**
   * Corrects the address invitations go to (only that address can accept one); shown while the
   * member is not linked.
   */
  onChangeEmail?: (email: string) => void
  formatDate: (iso: string) => string
}

/** The address invitations go to, and changing it. */
function InvitationAddress({
  member,
  onChange,
}: {
  member: Pick<TeamMember, 'name' | 'email'>
  onChange: (email: string) => void
}) {
  const [editing, setEditing] = React.useState(false)
  const [value, setValue] = React.useState(member.email)
  if (!editing)
    return (
      <div className="cad-member-link__email">
        <span className="cad-screen__muted">
          {member.email ? (
            <>
              Invitations go to <span className="cad-break">{member.email}</span>; only that address
              can accept one.
            </>
          ) : (
            // A member added without an e-mail (issue 46): one is needed to invite them.
            <>No e-mail yet: add one to invite {member.name}.</>
          )}
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setValue(member.email)
            setEditing(true)
          }}
        >
          {member.email ? 'Change address' : 'Add address'}
        </Button>
      </div>
    )
  return (
    <form
      className="cad-member-link__email"
      onSubmit={(e) => {
        e.preventDefault()
        if (!value.trim()) return
        setEditing(false)
        if (value.trim() !== member.email) onChange(value.trim())
      }}
    >
      <input
        className="cad-input"
        type="email"
        aria-label={`E-mail address of ${member.name}`}
        value={value}
        autoFocus
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            setEditing(false)
          }
        }}
      />
      <Button size="sm" type="submit" variant="primary">
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </form>
  )
}

/** On a team member's page: whether they are on Cadence, and the one action that fits. */
function MemberLink({
  member,
  onInvite,
  onRevoke,
  onUnlink,
  onChangeEmail,
  formatDate,
}: MemberLinkProps) {
  const [asking, setAsking] = React.useState(false)
  const unlinkRef = useFocusBack<HTMLButtonElement>(asking)
  let body: React.ReactNode
  if (member.linked_user_email) {
    body = asking ? (
      <ConfirmInline
        message={`Unlinking ends every shared view at once: ${member.name} no longer sees what you assign, and their reports leave your Team updates.`}
        confirmLabel="Unlink"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          onUnlink()
        }}
      />
    ) : (
      <>
        <span className="cad-member-link__state" data-state="linked">
          <Link2 size={16} aria-hidden />
          <span className="cad-break">Linked — {member.linked_user_email}</span>
        </span>
        <Button ref={unlinkRef} variant="ghost" size="sm" onClick={() => setAsking(true)}>
          Unlink
        </Button>
      </>
    )
  } else if (member.pending_invitation) {
    const invitation = member.pending_invitation
    body = (
      <>
        <span className="cad-member-link__state" data-state="invited">
          <Clock size={16} aria-hidden />
          <span>Invitation sent · expires {formatDate(invitation.expires_at)}</span>
        </span>
        <span className="cad-screen__actions">
          <Button variant="ghost" size="sm" onClick={onInvite}>
            New link
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onRevoke(invitation.id)}>
            Revoke
          </Button>
        </span>
      </>
    )
  } else {
    body = (
      <>
        <span className="cad-member-link__state" data-state="none">
          <UserRound size={16} aria-hidden />
          <span>Not on Cadence yet</span>
        </span>
        <Button size="sm" onClick={onInvite}>
          <UserPlus size={14} aria-hidden /> Invite to Cadence
        </Button>
      </>
    )
  }
  return (
    <section className="cad-member-link" aria-label="Cadence account">
      {body}
      {onChangeEmail && !member.linked_user_email ? (
        <InvitationAddress member={member} onChange={onChangeEmail} />
      ) : null}
    </section>
  )
}

type AssignedToMeProps = {
  items: readonly AssignedItem[]
  onToggle: (id: number, done: boolean) => void
  onNote: (id: number, note: string) => void
  formatWeek: (isoDate: string) => string
}

export const ASSIGNED_NOTE_MAX = 500

function NoteEditor({
  initial,
  onSave,
  onCancel,
  label,
}: {
  initial: string
  onSave: (note: string) => void
  onCancel: () => void
  label: string
}) {
  const [value, setValue] = React.useState(initial)
  return (
    <form
      className="cad-assigned__note-form"
      onSubmit={(e) => {
        e.preventDefault()
        onSave(value.trim())
      }}
    >
      <input
        className="cad-input"
        aria-label={label}
        value={value}
        maxLength={ASSIGNED_NOTE_MAX}
        autoFocus
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            onCancel()
          }
        }}
      />
      <Button size="sm" type="submit" variant="primary">
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  )
}

/**
 * The dashboard's 'Assigned to me': what others assigned to the signed-in user, grouped by who
 * assigned it. Complete or reopen, and a short note; nothing else of their reports.
 */
function AssignedToMe({ items, onToggle, onNote, formatWeek }: AssignedToMeProps) {
  const [editing, setEditing] = React.useState<number | null>(null)
  const groups = new Map<string, AssignedItem[]>()
  for (const item of items) {
    const list = groups.get(item.assigned_by_name) ?? []
    list.push(item)
    groups.set(item.assigned_by_name, list)
  }
  return (
    <Card className="cad-assigned" id="assigned-to-me">
      <h2 className="cad-assigned__title">
        <Users size={16} aria-hidden /> Assigned to me
      </h2>
      {items.length === 0 ? (
        <p className="cad-screen__muted">Nothing assigned to you.</p>
      ) : (
        [...groups].map(([by, list]) => (
          <section key={by} className="cad-assigned__group" aria-label={`From ${by}`}>
            <h3 className="cad-assigned__from">From {by}</h3>
            <ul className="cad-assigned__list">
              {list.map((item) => (
                <li key={item.id} className="cad-assigned__item">
                  <div className="cad-assigned__row">
                    <Checkbox
                      id={`assigned-${item.id}`}
                      checked={item.is_completed}
                      onCheckedChange={(v) => onToggle(item.id, v === true)}
                      aria-label={item.content}
                    />
                    <label
                      htmlFor={`assigned-${item.id}`}
                      className={
                        item.is_completed
                          ? 'cad-assigned__content cad-assigned__content--done'
                          : 'cad-assigned__content'
                      }
                    >
                      {item.content}
                    </label>
                  </div>
                  <div className="cad-assigned__meta">
                    {item.project_name ? <Badge tone="accent">{item.project_name}</Badge> : null}
                    <span>Week of {formatWeek(item.week_start_date)}</span>
                    {editing === item.id ? null : (
                      <Button variant="ghost" size="sm" onClick={() => setEditing(item.id)}>
                        {item.note ? 'Edit note' : 'Add a note'}
                      </Button>
                    )}
                  </div>
                  {editing === item.id ? (
                    <NoteEditor
                      initial={item.note ?? ''}
                      label={`Note for ${by}`}
                      onCancel={() => setEditing(null)}
                      onSave={(note) => {
                        setEditing(null)
                        onNote(item.id, note)
                      }}
                    />
                  ) : item.note ? (
                    <p className="cad-assigned__note">Your note: {item.note}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Card>
  )
}

type MyTeamsProps = {
  teams: readonly TeamMembership[]
  onLeave: (teamMemberUuid: string) => void
}

/** Settings → Sharing: the executives whose team the user is on, and leaving one. */
function MyTeams({ teams, onLeave }: MyTeamsProps) {
  const [asking, setAsking] = React.useState<string | null>(null)
  return (
    <div className="cad-screen__block">
      <h3 className="cad-settings__subtitle">Teams you are on</h3>
      {teams.length === 0 ? (
        <p className="cad-screen__muted">You are not on anyone's team.</p>
      ) : (
        <ul className="cad-screen__list">
          {teams.map((t) => (
            <li key={t.team_member_uuid} className="cad-screen__row">
              {asking === t.team_member_uuid ? (
                <ConfirmInline
                  message={`${t.executive_name} will no longer see your reports or assign you items.`}
                  confirmLabel="Leave team"
                  onCancel={() => setAsking(null)}
                  onConfirm={() => {
                    setAsking(null)
                    onLeave(t.team_member_uuid)
                  }}
                />
              ) : (
                <>
                  <span className="cad-screen__grow">
                    On {t.executive_name}'s team as {t.member_name}
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => setAsking(t.team_member_uuid)}>
                    Leave
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export type { AssignedToMeProps, InviteDialogProps, MemberLinkProps, MyTeamsProps }

export { AssignedToMe, InviteDialog, MemberLink, MyTeams }
