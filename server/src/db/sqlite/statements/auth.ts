import type { AuthStatements, PeekRow, SessionRow, UserRow } from '../../statements'
import { ready, type SqliteCore } from '../core'

// Two single-table statements rather than one JOIN: with bun:sqlite the JOIN costs several times
// the pair (the same holds for PEEK below, written with scalar subqueries); the session check runs
// on every authenticated request.
const SESSION = 'SELECT user_id, expires_at FROM sessions WHERE id = ?'
const USER = 'SELECT * FROM users WHERE id = ?'
const PEEK = `
SELECT s.user_id AS userId, s.expires_at AS expiresAt,
  (SELECT last_seen_at FROM users WHERE id = s.user_id) AS lastSeenAt,
  (SELECT email FROM users WHERE id = s.user_id) AS email,
  coalesce((SELECT version FROM data_versions WHERE user_id = s.user_id), 0) AS version,
  coalesce((SELECT version FROM data_versions WHERE user_id = 0), 0) AS shared,
  coalesce((SELECT SUM(v.version) FROM team_members m JOIN data_versions v ON v.user_id = m.linked_user_id
    WHERE m.user_id = s.user_id AND m.linked_user_id <> s.user_id), 0) AS team
FROM sessions s
WHERE s.id = ?`

/** The session lookups of every authenticated request (twin: src/db/pg/statements/auth.ts). */
export const authStatements = (db: SqliteCore): AuthStatements => {
  const peeks = rememberedPeeks(db)
  return {
    async sessionUser(id: string) {
      await ready(db)
      const session = db.prepare(SESSION).get(id) as SessionRow | null
      if (!session) return undefined
      const user = db.prepare(USER).get(session.user_id) as UserRow | null
      return user ? { session, user } : undefined
    },
    /**
     * The session's user and that user's data version (src/lib/http-cache.ts), in one read:
     * synchronous unless a write batch holds the connection. The cached GETs are answered without
     * a promise when they can be (measured: a promise per answer cost a tenth of the throughput).
     */
    peek(id: string): PeekRow | undefined | Promise<PeekRow | undefined> {
      const read = () => peeks.read(id)
      const wait = ready(db)
      return wait ? wait.then(read) : read()
    },
  }
}

/** How long a remembered PEEK row may be answered without reading (other processes' writes). */
export const PEEK_REUSE_MS = 1000
const PEEKS_MAX = 10_000
const CHANGES = 'SELECT total_changes() AS n'

/**
 * PEEK's rows, remembered while this connection has changed no row since they were read. Every
 * read of SQLite in WAL mode opens a read transaction, file locks and an fstat: ~6 µs of the
 * ~8 µs PEEK costs, the largest part of a cached answer (docs/benchmarks.md). `total_changes()`
 * answers without one: it counts every row this connection's statements and their triggers
 * inserted, updated or deleted (rolled back or not), so any write through this server (a
 * sign-out, a data version's bump, a session's renewal) makes the next peek read again. A SQLite
 * file has one server (index.ts); a write by another process (an operator's sqlite3) is seen
 * within PEEK_REUSE_MS. The row's times (expiry, last seen) are judged by the caller on each use.
 */
function rememberedPeeks(db: SqliteCore) {
  const rows = new Map<string, { row: PeekRow | undefined; changes: number; at: number }>()
  // On the connection itself, not through its statement cache: not a query of the app's (not
  // counted, not traced), and it reads nothing.
  const total = db.sqlite.prepare(CHANGES)
  const changes = () => (total.get() as { n: number }).n
  return {
    read(id: string): PeekRow | undefined {
      const now = Date.now()
      const n = changes()
      const known = rows.get(id)
      if (known && known.changes === n && now - known.at < PEEK_REUSE_MS) return known.row
      const row = (db.prepare(PEEK).get(id) as PeekRow | null) ?? undefined
      if (!known && rows.size >= PEEKS_MAX) rows.delete(rows.keys().next().value as string)
      rows.set(id, { row, changes: n, at: now })
      return row
    },
  }
}
