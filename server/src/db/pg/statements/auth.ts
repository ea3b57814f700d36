import type { PeekRow, SessionRow, Statements, UserRow } from '../../statements'
import type { PgCore } from '../core'

const SESSION = 'SELECT user_id, expires_at FROM sessions WHERE id = $1'
const USER = 'SELECT * FROM users WHERE id = $1'
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
export const authStatements = (db: PgCore): Statements['auth'] => ({
  async session(id) {
    const [row] = await db.sql.unsafe(SESSION, [id])
    return row as SessionRow | undefined
  },
  async user(id) {
    const [row] = await db.sql.unsafe(USER, [id])
    return row as UserRow | undefined
  },
  async peek(id) {
    const [row] = await db.sql.unsafe(PEEK, [id])
    return row as PeekRow | undefined
  },
})
