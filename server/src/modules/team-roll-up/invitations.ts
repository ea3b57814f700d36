import { paths } from '@cadence/core/paths'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Engine } from '../../db'
import { invitations, teamMembers } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors'
import { LIST_CAPS } from '../../lib/limits'
import { nowIso } from '../../lib/time'
import { domainRefusal, emailDomainAllowed } from '../auth/service'
import { randomVerifier, sha256Hex } from '../auth/tokens'
import { notice } from '../sending/delivery/mail-render'
import { smtpTransport } from '../sending/delivery/mail-worker'
import { spendSendQuota } from '../sending/queue/quota'
import { findMember } from '../team-members/service'

/** How long an invitation link works (docs/features.md, "Team roll-up"). */
export const INVITATION_DAYS = 14
/** What a used, expired, revoked or wrong invitation answers: the same, so none can be told apart. */
export const INVITATION_INVALID = 'This invitation is no longer valid'

/** Invitation e-mails to one team member: at most one in this long. */
export const INVITATION_MAIL_GAP_MS = 3_600_000

/** An address as the invitation page shows it: `s***@acme.com`. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

/** A person's name as others see it: their name, or their e-mail when they gave none. */
export const personName = (alias: string) =>
  sql.raw(`COALESCE(NULLIF(${alias}.name, ''), ${alias}.email)`)

type OpenInvitation = {
  id: number
  user_id: number
  team_member_id: number
  inviter_name: string
  team_member_name: string
  team_member_email: string
}

/** The open invitation a token names, with the names its page shows, or 404. */
async function openInvitation(ctx: AppContext, token: string): Promise<OpenInvitation> {
  const row = await ctx.db.row<OpenInvitation>(sql`
    SELECT v.id, v.user_id, v.team_member_id, ${personName('u')} AS inviter_name,
      m.name AS team_member_name, m.email AS team_member_email
    FROM invitations v
    JOIN users u ON u.id = v.user_id
    JOIN team_members m ON m.id = v.team_member_id
    WHERE v.token_hash = ${sha256Hex(token)} AND v.used_at IS NULL AND v.revoked_at IS NULL
      AND v.expires_at > ${nowIso()}`)
  if (!row) throw new NotFound(INVITATION_INVALID)
  return row
}

/**
 * With SMTP set, e-mails the link to the team member at once (it is never stored, so it cannot
 * wait in the delivery queue). Answers whether the mail server took it; a failure is logged and
 * the author still has the link to send themself.
 */
async function emailInvitation(
  ctx: AppContext,
  to: string,
  names: { inviter: string; member: string },
  url: string,
  expiresAt: string,
) {
  const smtp = ctx.config.smtp
  if (!smtp) return false
  const transport = smtpTransport(smtp.url, { requireTls: smtp.requireTls })
  const until = new Date(expiresAt).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const what = `${names.inviter} invited you to Cadence as ${names.member}: sign in with your own account to see what is assigned to you and to send your weekly report to ${names.inviter}.`
  try {
    await transport.sendMail({
      from: smtp.from,
      to: [to],
      subject: `${names.inviter} invited you to Cadence`,
      text: `${what}\n\nAccept the invitation: ${url}\n\nThe link works once, until ${until}.\n`,
      html: notice.html([
        notice.paragraph(what),
        notice.link(url, 'Accept the invitation'),
        notice.smallPrint(`The link works once, until ${until}.`),
      ]),
    })
    return true
  } catch (error) {
    console.warn(`Invitation e-mail failed: ${(error as Error)?.message ?? error}`)
    return false
  } finally {
    transport.close()
  }
}

/** Revokes the member's open invitations (a new one replaces them; unlinking ends them). */
const revokeOpen = (tx: Engine, memberId: number, now: string) =>
  tx.orm
    .update(invitations)
    .set({ revoked_at: now })
    .where(
      and(
        eq(invitations.team_member_id, memberId),
        isNull(invitations.used_at),
        isNull(invitations.revoked_at),
      ),
    )

/**
 * POST /api/team-members/{uuid}/invitations: a single-use link (256 random bits, only its SHA-256
 * kept) that links whoever accepts it to this team member. A new invitation revokes the open one:
 * only the newest link works.
 */
export async function createInvitation(ctx: AppContext, userId: number, memberUuid: string) {
  const member = await findMember(ctx, userId, memberUuid)
  if (!member.email) throw new BadRequest(`Add an e-mail for ${member.name} before inviting them`)
  const token = randomVerifier()
  const now = nowIso()
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000).toISOString()
  const { row, mail } = await ctx.db.tx(
    async (tx) => {
      await revokeOpen(tx, member.id, now)
      const [created] = await tx.orm
        .insert(invitations)
        .values({
          user_id: userId,
          team_member_id: member.id,
          token_hash: sha256Hex(token),
          expires_at: expiresAt,
        })
        .returning()
      // The e-mail: one an hour per member, claimed by a conditional update (two requests or
      // instances at once claim it once), and a send against the account's quota (429: the
      // whole invitation is undone). Within the hour the link is made but not e-mailed.
      if (!ctx.config.smtp) return { row: created, mail: 'mail_not_set_up' as const }
      const hourAgo = new Date(Date.now() - INVITATION_MAIL_GAP_MS).toISOString()
      const claimed = await tx.exec(sql`
        UPDATE team_members SET invitation_emailed_at = ${now}
        WHERE id = ${member.id}
          AND (invitation_emailed_at IS NULL OR invitation_emailed_at <= ${hourAgo})`)
      if (claimed) await spendSendQuota({ ...ctx, db: tx }, userId)
      return { row: created, mail: claimed > 0 ? null : ('emailed_within_hour' as const) }
    },
    { user: userId },
  )
  await logActivity(ctx.db, {
    userId,
    action: 'team_member_invited',
    entityType: 'team_member',
    entityId: member.uuid,
  })
  const url = `${ctx.config.publicUrl}${paths.invitation(token)}`
  const inviter = await ctx.db.row<{ name: string }>(
    sql`SELECT ${personName('u')} AS name FROM users u WHERE u.id = ${userId}`,
  )
  // `mail`: null when this request claimed the e-mail, else why none goes.
  const emailed =
    mail === null &&
    (await emailInvitation(
      ctx,
      member.email,
      { inviter: inviter?.name ?? 'Your manager', member: member.name },
      url,
      expiresAt,
    ))
  const not_emailed_reason = emailed ? null : (mail ?? ('mail_failed' as const))
  return { id: row.id, url, expires_at: row.expires_at, emailed, not_emailed_reason }
}

/** DELETE /api/invitations/{id}: revokes at once; revoking again (or a used one) changes nothing. */
export async function revokeInvitation(ctx: AppContext, userId: number, id: number) {
  const [row] = await ctx.db.orm
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.user_id, userId)))
  if (!row) throw new NotFound('Invitation not found')
  if (!row.revoked_at && !row.used_at) {
    await ctx.db.orm.update(invitations).set({ revoked_at: nowIso() }).where(eq(invitations.id, id))
  }
  return { success: true }
}

/**
 * GET /api/invitations/{token}: who invited, as whom, and to which address (masked); 404 when it
 * cannot be accepted.
 */
export async function previewInvitation(ctx: AppContext, token: string) {
  const open = await openInvitation(ctx, token)
  return {
    inviter_name: open.inviter_name,
    team_member_name: open.team_member_name,
    sent_to: maskEmail(open.team_member_email),
  }
}

/**
 * POST /api/invitations/{token}/accept: links the signed-in user to the team member, when the
 * user's verified e-mail is the member's (case-insensitive) and its domain is allowed; else 403.
 * The invitation is spent by a conditional update that checks the address again, so two accepts
 * of one link link one person, and an address changed meanwhile links nobody.
 */
export async function acceptInvitation(ctx: AppContext, userId: number, token: string) {
  const open = await openInvitation(ctx, token)
  if (open.user_id === userId) {
    throw new BadRequest('This invitation is for someone on your team: send them the link')
  }
  const me = await ctx.db.row<{ email: string }>(sql`SELECT email FROM users WHERE id = ${userId}`)
  if (!me) throw new NotFound(INVITATION_INVALID)
  if (!emailDomainAllowed(ctx, me.email)) throw new Forbidden(domainRefusal(ctx))
  const email = me.email.toLowerCase()
  if (email !== open.team_member_email.toLowerCase()) {
    throw new Forbidden(
      `This invitation was sent to ${maskEmail(open.team_member_email)}: sign in with that address to accept it, or ask ${open.inviter_name} to change the e-mail address of ${open.team_member_name} in Cadence to the one you sign in with`,
    )
  }
  const now = nowIso()
  await ctx.db.tx(
    async (tx) => {
      const already = await tx.row<{ name: string }>(sql`
      SELECT name FROM team_members
      WHERE user_id = ${open.user_id} AND linked_user_id = ${userId} AND id <> ${open.team_member_id}`)
      if (already) {
        throw new Conflict(`You are already on ${open.inviter_name}'s team as ${already.name}`)
      }
      const spent = await tx.exec(sql`
      UPDATE invitations SET used_at = ${now}, used_by_user_id = ${userId}
      WHERE id = ${open.id} AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ${now}
        AND EXISTS (SELECT 1 FROM team_members m
          WHERE m.id = invitations.team_member_id AND lower(m.email) = ${email})`)
      if (!spent) throw new NotFound(INVITATION_INVALID)
      await tx.orm
        .update(teamMembers)
        .set({ linked_user_id: userId, linked_at: now, updated_at: now })
        .where(eq(teamMembers.id, open.team_member_id))
    },
    { user: open.user_id },
  )
  await logActivity(ctx.db, {
    userId,
    action: 'invitation_accepted',
    entityType: 'invitation',
    entityId: open.id,
  })
  return {
    success: true,
    inviter_name: open.inviter_name,
    team_member_name: open.team_member_name,
  }
}

/**
 * DELETE /api/team-members/{uuid}/link: by the executive (their team member) or by the linked
 * person (leaving). Every shared view between the two ends at once: they all follow the link.
 * Open invitations for that member are revoked too.
 */
export async function unlinkMember(ctx: AppContext, userId: number, memberUuid: string) {
  const member = await ctx.db.row<{ id: number; user_id: number; linked_user_id: number | null }>(
    sql`SELECT id, user_id, linked_user_id FROM team_members
      WHERE uuid = ${memberUuid} AND (user_id = ${userId} OR linked_user_id = ${userId})`,
  )
  if (!member) throw new NotFound('Team member not found')
  const now = nowIso()
  await ctx.db.tx(
    async (tx) => {
      await tx.orm
        .update(teamMembers)
        .set({ linked_user_id: null, linked_at: null, updated_at: now })
        .where(eq(teamMembers.id, member.id))
      await revokeOpen(tx, member.id, now)
    },
    { user: member.user_id },
  )
  if (member.linked_user_id != null) {
    await logActivity(ctx.db, {
      userId,
      action: member.user_id === userId ? 'team_member_unlinked' : 'team_left',
      entityType: 'team_member',
      entityId: memberUuid,
    })
  }
  return { success: true }
}

/** GET /api/my-teams: the executives whose team the signed-in user is on. */
export async function myTeams(ctx: AppContext, userId: number) {
  const teams = await ctx.db.rows<{
    team_member_uuid: string
    executive_name: string
    member_name: string
    linked_at: string | null
  }>(sql`
    SELECT m.uuid AS team_member_uuid, ${personName('e')} AS executive_name,
      m.name AS member_name, m.linked_at
    FROM team_members m JOIN users e ON e.id = m.user_id
    WHERE m.linked_user_id = ${userId} AND m.user_id <> ${userId}
    ORDER BY executive_name, m.id
    LIMIT ${LIST_CAPS.myTeams}`)
  return { teams }
}
