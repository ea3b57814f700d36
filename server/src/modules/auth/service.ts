import { and, eq, ne, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { sessions, userSettings, users } from '../../db/schema'
import type { SessionCheck } from '../../db/statements'
import { logActivity } from '../../lib/activity'
import { BadRequest, Forbidden } from '../../lib/errors'
import { systemSetting } from '../../lib/system-settings'
import { nowIso } from '../../lib/time'
import { forgetSession, forgetUserSessions, hintedUser, rememberSession } from './session-hints'
import { randomToken, sha256Hex } from './tokens'

export const SESSION_DAYS = 30
const DAY = 86_400_000
/** A session with less than this left is renewed on its next use (sliding expiry). */
const RENEW_WITHIN = (SESSION_DAYS * DAY) / 2

export type SessionUser = typeof users.$inferSelect & { is_admin: boolean }

export type Profile = {
  provider: string
  providerUserId: string
  email: string
  name: string | null
  picture?: string | null
}

export const sessionCookieName = (secure: boolean) =>
  secure ? '__Host-cadence_session' : 'cadence_session'
export const oauthCookieName = (secure: boolean) =>
  secure ? '__Host-cadence_oauth' : 'cadence_oauth'

/**
 * ADMIN_EMAILS makes an admin of an account of a real provider; of an account of the development
 * sign-in (where anyone types any address) only while that sign-in is on, which the one-file
 * build allows only with DEV_LOGIN=on (config.ts devLoginDecision).
 */
export function isAdmin(ctx: AppContext, email: string, provider?: string | null) {
  if (provider === 'dev' && !ctx.config.devLogin) return false
  return ctx.config.adminEmails.includes(email.toLowerCase())
}

/**
 * ALLOWED_EMAIL_DOMAINS: whether an address may use Cadence — checked at sign-in, on every use of
 * a session (narrowing the list ends outsiders' sessions at their next request) and when an
 * invitation is accepted.
 */
export function emailDomainAllowed(ctx: AppContext, email: string) {
  const domains = ctx.config.allowedEmailDomains
  if (!domains.length) return true
  const lower = email.toLowerCase()
  return domains.includes(lower.slice(lower.lastIndexOf('@') + 1))
}

export const domainRefusal = (ctx: AppContext) =>
  `Sign-in is limited to addresses at ${ctx.config.allowedEmailDomains.join(', ')}`

/**
 * Who may sign in: with ALLOWED_EMAIL_DOMAINS set, only addresses of those domains (accounts
 * made before included); with the admin setting allow_new_signups false, nobody new — except the
 * addresses in ADMIN_EMAILS, so an administrator can never be locked out.
 */
async function checkSignInAllowed(ctx: AppContext, profile: Profile, isNew: boolean) {
  const email = profile.email.toLowerCase()
  if (!emailDomainAllowed(ctx, email)) throw new Forbidden(domainRefusal(ctx))
  if (
    isNew &&
    !isAdmin(ctx, email, profile.provider) &&
    (await systemSetting(ctx.db, 'allow_new_signups', 'true')) === 'false'
  )
    throw new Forbidden('New sign-ups are closed; ask your administrator')
}

const providerLabel = (provider: string) =>
  provider === 'google' ? 'Google' : provider === 'oidc' ? 'sign-in provider' : provider

/** Finds or creates the user of a provider profile; a new user gets default settings. */
export async function upsertUser(ctx: AppContext, profile: Profile) {
  const { db } = ctx
  const [known] = await db.orm
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.provider, profile.provider), eq(users.provider_user_id, profile.providerUserId)),
    )
  await checkSignInAllowed(ctx, profile, !known)
  return db.tx(async (tx) => {
    const [existing] = await tx.orm
      .select()
      .from(users)
      .where(
        and(
          eq(users.provider, profile.provider),
          eq(users.provider_user_id, profile.providerUserId),
        ),
      )
    // An account is bound to the provider and its subject (`sub`), stored on the first sign-in;
    // the e-mail alone never opens it. Another subject of the same provider with this account's
    // address (a recycled address, a second account at the provider) is refused, not given a
    // second account with the same address: ADMIN_EMAILS and invitations go by the address.
    const [taken] = await tx.orm
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.provider, profile.provider),
          eq(users.email, profile.email),
          ne(users.provider_user_id, profile.providerUserId),
        ),
      )
      .limit(1)
    if (taken)
      throw new Forbidden(
        `This e-mail address belongs to another ${providerLabel(profile.provider)} account here; sign in with the account it was first used with, or ask your administrator`,
      )
    if (existing) {
      const [updated] = await tx.orm
        .update(users)
        .set({
          email: profile.email,
          provider_name: profile.name ?? existing.provider_name,
          picture: profile.picture ?? existing.picture,
          updated_at: nowIso(),
        })
        .where(eq(users.id, existing.id))
        .returning()
      return updated
    }
    const [user] = await tx.orm
      .insert(users)
      .values({
        provider: profile.provider,
        provider_user_id: profile.providerUserId,
        email: profile.email,
        name: profile.name,
        provider_name: profile.name,
        picture: profile.picture ?? null,
      })
      .returning()
    await tx.orm.insert(userSettings).values({ user_id: user.id })
    return user
  })
}

/** A fresh token for every sign-in; only its hash is stored. */
export async function createSession(ctx: AppContext, userId: number) {
  const token = randomToken()
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY)
  await ctx.db.orm
    .insert(sessions)
    .values({ id: sha256Hex(token), user_id: userId, expires_at: expiresAt.toISOString() })
  await logActivity(ctx.db, { userId, action: 'sign_in', entityType: 'user', entityId: userId })
  return { token, expiresAt }
}

/**
 * The user of a session token, or null. Sliding expiry: past half its lifetime the session is
 * extended and `renewedUntil` tells the caller to re-send the cookie. The lookups are hand-tuned
 * statements (src/db/sqlite and src/db/pg, statements/auth.ts): this runs on every authenticated request.
 */
export async function validateSession(ctx: AppContext, token: string | undefined) {
  if (!token || token.length > 200) return null
  const id = sha256Hex(token)
  const found = await ctx.db.q.auth.sessionUser(id)
  if (!found) {
    forgetSession(ctx, id)
    return null
  }
  const { session, user: userRow } = found
  const expires = Date.parse(session.expires_at)
  // Expired, or the account's domain is no longer allowed: the session ends here.
  if (expires <= Date.now() || !emailDomainAllowed(ctx, userRow.email)) {
    forgetSession(ctx, id)
    await ctx.db.orm.delete(sessions).where(eq(sessions.id, id))
    return null
  }
  rememberSession(ctx, id, userRow.id)
  let renewedUntil: Date | null = null
  if (expires - Date.now() < RENEW_WITHIN) {
    renewedUntil = new Date(Date.now() + SESSION_DAYS * DAY)
    await ctx.db.orm
      .update(sessions)
      .set({ expires_at: renewedUntil.toISOString() })
      .where(eq(sessions.id, id))
  }
  // At most one write a day per user (not per request): the day's first request records it.
  const today = nowIso().slice(0, 10)
  if (!userRow.last_seen_at || userRow.last_seen_at.slice(0, 10) !== today) {
    await ctx.db.orm.update(users).set({ last_seen_at: nowIso() }).where(eq(users.id, userRow.id))
  }
  const user: SessionUser = { ...userRow, is_admin: isAdmin(ctx, userRow.email, userRow.provider) }
  return { user, renewedUntil }
}

/**
 * The user a session token is known to belong to, and the check a write makes of it in its own
 * statement (session-hints.ts): the bounds are validateSession's, so a session the check passes
 * is one validateSession would pass with nothing to write. Undefined: validate the ordinary way.
 */
export function hintedSession(
  ctx: AppContext,
  token: string | undefined,
): { userId: number; check: SessionCheck } | undefined {
  if (!token || token.length > 200) return undefined
  const id = sha256Hex(token)
  const userId = hintedUser(ctx, id)
  if (userId === undefined) return undefined
  return {
    userId,
    check: {
      id,
      expiresAfter: new Date(Date.now() + RENEW_WITHIN).toISOString(),
      seenOn: nowIso().slice(0, 10),
    },
  }
}

/**
 * The user of a session token and the version of that user's data (see src/lib/http-cache.ts),
 * in one read and with no write: null when the token is unknown or expired, and also when
 * validateSession would have something to write (sliding expiry, the day's last_seen_at), so the
 * caller then takes the ordinary path that does it. `hash`: the session id of a token (its SHA-256;
 * the cache passes a memo of it).
 */
export function peekSession(
  ctx: AppContext,
  token: string | undefined,
  hash: (token: string) => string = sha256Hex,
): PeekedSession | null | Promise<PeekedSession | null> {
  if (!token || token.length > 200) return null
  const row = ctx.db.q.auth.peek(hash(token))
  // Synchronous when the engine answered at once (SQLite, mostly): no promise on the hot path.
  // An account outside ALLOWED_EMAIL_DOMAINS goes the ordinary way, which ends its session.
  const allowed = (r: PeekRow | undefined) =>
    r && emailDomainAllowed(ctx, r.email) ? r : undefined
  return row instanceof Promise ? row.then((r) => peeked(allowed(r))) : peeked(allowed(row))
}

/** `day`: today's UTC date (YYYY-MM-DD) as the check saw it, for the caller's own use. */
export type PeekedSession = { userId: number; version: string; day: string }
type PeekRow = NonNullable<Awaited<ReturnType<AppContext['db']['q']['auth']['peek']>>>

/** Today's UTC date, made again only when the clock leaves the day it was made for. */
const today = { day: '', from: 0, until: 0 }
function utcDay(now: number) {
  if (now < today.from || now >= today.until) {
    today.from = now - (now % DAY)
    today.until = today.from + DAY
    today.day = new Date(today.from).toISOString().slice(0, 10)
  }
  return today.day
}

/**
 * What a peeked row gives, per row: SQLite hands back the same row while nothing is committed
 * (src/db/sqlite/statements/auth.ts), so its expiry is parsed and its answer made once, for one
 * day. Whether the session still holds is checked against the clock on every call all the same.
 */
const peekedOf = new WeakMap<PeekRow, { expiresAt: number; day: string; session: PeekedSession }>()

function peeked(row: PeekRow | undefined): PeekedSession | null {
  if (!row) return null
  const now = Date.now()
  const day = utcDay(now)
  let known = peekedOf.get(row)
  if (!known || known.day !== day) {
    const version = `${row.version}.${row.shared}.${row.team}`
    known = {
      expiresAt: Date.parse(row.expiresAt),
      day,
      session: { userId: row.userId, version, day },
    }
    peekedOf.set(row, known)
  }
  if (known.expiresAt - now < RENEW_WITHIN) return null
  if (!row.lastSeenAt?.startsWith(day)) return null
  return known.session
}

export async function deleteSession(ctx: AppContext, token: string | undefined) {
  if (!token) return
  const id = sha256Hex(token)
  forgetSession(ctx, id)
  await ctx.db.orm.delete(sessions).where(eq(sessions.id, id))
}

/**
 * Ends every session of a user, on every instance (the sessions are rows; a write that checks its
 * session in its own statement finds none): "sign out everywhere", and an admin ending a user's
 * sessions. Answers how many there were.
 */
export async function endUserSessions(ctx: AppContext, userId: number, byUserId: number) {
  forgetUserSessions(ctx, userId)
  const ended = await ctx.db.exec(sql`DELETE FROM sessions WHERE user_id = ${userId}`)
  await logActivity(ctx.db, {
    userId: byUserId,
    action: byUserId === userId ? 'sessions_ended' : 'user_sessions_ended',
    entityType: 'user',
    entityId: userId,
    details: `${ended} session${ended === 1 ? '' : 's'}`,
  })
  return ended
}

export function publicUser(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    provider: user.provider,
    provider_user_id: user.provider_user_id,
    provider_name: user.provider_name,
    picture: user.picture,
    display_title: user.display_title ?? null,
    is_admin: user.is_admin,
    created_at: user.created_at,
    updated_at: user.updated_at,
  }
}

/**
 * PUT /api/users/me: the user's own profile fields — the name and title of the memo header.
 * Blank clears the title; a blank name is refused (400). Answers the user as GET does.
 */
export async function updateProfile(
  ctx: AppContext,
  user: SessionUser,
  input: { name?: string; display_title?: string | null },
) {
  const changes: Partial<typeof users.$inferInsert> = {}
  if (input.name !== undefined) changes.name = profileLine(input.name, 'name')
  if (!changes.name && input.name !== undefined) throw new BadRequest('name is required')
  if (input.display_title !== undefined)
    changes.display_title = profileLine(input.display_title, 'display_title')
  if (Object.keys(changes).length === 0) return publicUser(user)
  const [row] = await ctx.db.orm
    .update(users)
    .set({ ...changes, updated_at: nowIso() })
    .where(eq(users.id, user.id))
    .returning()
  return publicUser({ ...row, is_admin: user.is_admin })
}

/** One line of the memo header: control characters refused, trimmed; blank is null. */
function profileLine(value: string | null, field: string): string | null {
  const text = value?.trim() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new BadRequest(`${field} must be one line of text`)
  return text || null
}
