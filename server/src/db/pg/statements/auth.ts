import type { PeekRow, Statements, UserRow } from '../../statements'
import { textArray } from '../arrays'
import type { PgCore } from '../core'
import { readBatch } from '../read-batch'

// One JOIN (on SQLite the pair of statements is cheaper: see its twin), for every request that
// arrives in the same turn (read-batch.ts). The session's id and expiry come first under names no
// users column has; the user's columns follow.
const SESSION_USERS = `
SELECT s.id AS "session$id", s.expires_at AS "session$expires_at", u.*
FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.id = ANY($1::text[])`

type SessionUserRow = UserRow & { session$id: string; session$expires_at: string }
const PEEK = `
SELECT s.user_id AS "userId", s.expires_at AS "expiresAt",
  (SELECT last_seen_at FROM users WHERE id = s.user_id) AS "lastSeenAt",
  (SELECT email FROM users WHERE id = s.user_id) AS email,
  coalesce((SELECT version FROM data_versions WHERE user_id = s.user_id), 0) AS version,
  coalesce((SELECT version FROM data_versions WHERE user_id = 0), 0) AS shared,
  coalesce((SELECT SUM(v.version) FROM team_members m JOIN data_versions v ON v.user_id = m.linked_user_id
    WHERE m.user_id = s.user_id AND m.linked_user_id <> s.user_id), 0) AS team
FROM sessions s
WHERE s.id = $1`

/** PostgreSQL's twin of src/db/sqlite/statements/auth.ts. */
export const authStatements = (db: PgCore): Statements['auth'] => {
  const read = (ids: string[]) =>
    db.sql.unsafe(SESSION_USERS, [textArray(ids)]) as Promise<SessionUserRow[]>
  // In a transaction (no group commit there) the read runs on it, alone.
  const lookup = db.batch
    ? readBatch(read, (row) => row.session$id)
    : async (id: string) => (await read([id]))[0]
  return {
    async sessionUser(id) {
      const row = await lookup(id)
      if (!row) return undefined
      const { session$id: _id, session$expires_at: expires_at, ...user } = row
      return { session: { user_id: user.id, expires_at }, user }
    },
    async peek(id) {
      const [row] = await db.sql.unsafe(PEEK, [id])
      return row as PeekRow | undefined
    },
  }
}
