/**
 * A database that cannot answer now (down, unreachable, hung, shutting down, out of connections)
 * is the client's 503 with Retry-After, never a 500: the request may succeed if sent again later.
 */
export class DatabaseUnavailable extends Error {
  readonly databaseUnavailable = true
}

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5

export const UNAVAILABLE_MESSAGE = 'Database unavailable, try again shortly'

// Bun's own codes for a connection that failed, closed or timed out, and the query it cancelled.
const CLIENT_CODES =
  /^ERR_POSTGRES_(CONNECTION_CLOSED|CONNECTION_TIMEOUT|IDLE_TIMEOUT|LIFETIME_TIMEOUT|QUERY_CANCELLED|SOCKET_CLOSED|TLS_UPGRADE_FAILED|CONNECTION_REFUSED)|^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|ENOTFOUND|EAI_AGAIN|ConnectionRefused|ConnectionClosed|FailedToOpenSocket)$/
// SQLSTATEs: connection exceptions (08…), insufficient resources (53…), operator intervention
// (57P01 shutdown, 57P02 crash shutdown, 57P03 cannot connect now), a statement cancelled for its
// timeout (57014), and a table not there yet (42P01: a database not migrated, MIGRATE=off).
const SERVER_STATES = /^(08...|53...|57P0[1-4]|57014|42P01)$/
// SQLite: the file is locked beyond busy_timeout, the connection was closed, or the schema is not
// there yet.
const SQLITE = /SQLITE_BUSY|database is locked|closed database|Database has closed|no such table/i

/** Whether an error says the database is unavailable rather than that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error
  for (let depth = 0; e && depth < 4; depth++) {
    if (e instanceof DatabaseUnavailable) return true
    const { code, errno, message } = e as { code?: unknown; errno?: unknown; message?: unknown }
    if (typeof code === 'string' && CLIENT_CODES.test(code)) return true
    if (typeof errno === 'string' && SERVER_STATES.test(errno)) return true
    if (typeof code === 'string' && SQLITE.test(code)) return true
    if (typeof message === 'string' && SQLITE.test(message)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
