import type { AppContext } from '../../context'

/**
 * Which user each session validated on this instance belongs to, so that a write that checks its
 * session itself (`SessionCheck`, src/db/statements.ts: new items and edits) needs no read of the
 * session before it. On PostgreSQL that read is a round trip of its own, about a sixth of a new
 * item's time under load (docs/benchmarks.md, "Durable writes over HTTP").
 *
 * Only a hint, and one a single process may keep: a session's user never changes (the session's
 * id is the hash of its token; signing in again is a new session), and whether the session still
 * holds is asked of the database by the write itself, in its own statement. A session ended on
 * another instance, expired, due for renewal, or whose user was not yet seen today writes
 * nothing, and the request then goes the ordinary way (validateSession: 401, or the renewal, the
 * day's `last_seen_at`, and the write). Not used while ALLOWED_EMAIL_DOMAINS is set: only the
 * ordinary way checks an address's domain.
 */
const MAX_HINTS = 10_000

/** One map per database: tests run several apps in one process. */
const byDb = new WeakMap<AppContext['db'], Map<string, number>>()

/** Remembers the user of a session the ordinary way just validated. */
export function rememberSession(ctx: AppContext, sessionId: string, userId: number) {
  let hints = byDb.get(ctx.db)
  if (!hints) {
    hints = new Map()
    byDb.set(ctx.db, hints)
  }
  // Full: the oldest hint goes (a Map keeps insertion order); its session just reads again.
  if (hints.size >= MAX_HINTS && !hints.has(sessionId)) {
    const oldest = hints.keys().next()
    if (!oldest.done) hints.delete(oldest.value)
  }
  hints.set(sessionId, userId)
}

export function forgetSession(ctx: AppContext, sessionId: string) {
  byDb.get(ctx.db)?.delete(sessionId)
}

/** Forgets every session of a user (all of them ended: sign out everywhere). */
export function forgetUserSessions(ctx: AppContext, userId: number) {
  const hints = byDb.get(ctx.db)
  if (!hints) return
  for (const [id, user] of hints) if (user === userId) hints.delete(id)
}

/** The user a session is known to belong to, if this instance validated it (and hints apply). */
export function hintedUser(ctx: AppContext, sessionId: string) {
  if (ctx.config.allowedEmailDomains.length) return undefined
  return byDb.get(ctx.db)?.get(sessionId)
}

/**
 * Thrown by a write that checked its session and wrote nothing (the session did not vouch for it,
 * or what it names is not the user's): the auth plugin's `writer` then validates the session the
 * ordinary way and runs the write again without the check. Never reaches a client.
 */
export class SessionUnvouched extends Error {
  constructor() {
    super('The session did not vouch for the write')
  }
}
