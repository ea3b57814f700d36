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

/** How many peeked rows are remembered at most (all are dropped at once past it). */
const PEEK_MEMO_MAX = 10_000

/**
 * The peeked rows, per session id, valid while nothing is committed to the database (by any
 * connection of any process: `db.commits`, src/db/sqlite/commit-watch.ts). A row is only the
 * database's state: the session's expiry and the day of its last use are checked against the
 * clock by the caller on every request (src/modules/auth/service.ts, peeked).
 */
function peekMemo(db: SqliteCore) {
  const rows = new Map<string, PeekRow>()
  let epochOfRows = -1
  return (id: string, read: () => PeekRow | undefined) => {
    const commits = db.commits
    // Inside a transaction of this request's own, a row may be uncommitted: not remembered.
    const epoch = commits && !db.sqlite.inTransaction ? commits.epoch() : -1
    if (epoch < 0) return read()
    if (epoch !== epochOfRows) {
      rows.clear()
      epochOfRows = epoch
    } else {
      const known = rows.get(id)
      if (known) return known
    }
    // The epoch was read before the statement runs: a commit racing it makes a new epoch.
    const row = read()
    if (row) {
      if (rows.size >= PEEK_MEMO_MAX) rows.clear()
      rows.set(id, row)
    }
    return row
  }
}

/** The session lookups of every authenticated request (twin: src/db/pg/statements/auth.ts). */
export const authStatements = (db: SqliteCore): AuthStatements => {
  const memo = peekMemo(db)
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
      const read = () => (db.prepare(PEEK).get(id) as PeekRow | null) ?? undefined
      const wait = ready(db)
      return wait ? wait.then(read) : memo(id, read)
    },
  }
}
