/**
 * The database as the server starts with it. An instance never exits because its database is
 * away: PostgreSQL's pool is opened without connecting, the server listens at once (liveness 200;
 * every API call, readiness included, 503 until the schema is current: schema-gate.ts), and the
 * migration (MIGRATE=auto) or the wait for it (MIGRATE=off) is retried with backoff, one log line
 * per attempt with its cause, until the database answers. Only an error that waiting cannot mend
 * (a migration that fails in the database, a role refused) stops the start.
 */
import type { Config } from '../config'
import type { Logger } from '../observability/log'
import { type Db, openDatabase } from '.'
import { migratePostgres, openPostgres } from './pg'
import { isDatabaseUnavailable } from './unavailable'

/** The first wait between attempts; it doubles up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1_000
export const RETRY_MAX_MS = 30_000
/** How often MIGRATE=off looks again at a schema that is behind (the database answering). */
export const SCHEMA_POLL_MS = 5_000

export type Opened = {
  db: Db
  /** Resolves once the schema is current (migrated here or by another instance); never rejects. */
  ready: Promise<void>
}

/** Bun's and the network's words for a database that is not there (yet). */
const unreachable = (error: unknown) =>
  isDatabaseUnavailable(error) ||
  /Failed to connect|ECONNREFUSED|Connection refused|connection closed|the database system is/i.test(
    String((error as Error)?.message ?? error),
  )

const causeOf = (error: unknown) => {
  const e = error as {
    message?: string
    code?: string
    errno?: string
    cause?: { message?: string }
  }
  return [e?.message ?? String(error), e?.code, e?.errno, e?.cause?.message]
    .filter(Boolean)
    .join(' | ')
}

/**
 * Opens the configured database for serving. SQLite (a local file) migrates at once. PostgreSQL
 * answers at once; `ready` settles when its schema is current. `fatal` is called for an error that
 * retrying cannot mend (the caller logs it and exits).
 */
export async function openForServing(
  config: Config,
  log: Logger,
  fatal: (error: unknown) => void,
  timing = { firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS, pollMs: SCHEMA_POLL_MS },
): Promise<Opened> {
  const { ops } = config
  const migrate = ops.migrate !== 'off'
  if (!config.databaseUrl) {
    const db = openDatabase(config.databasePath, { migrate })
    return { db, ready: schemaWait(db, log, fatal, timing) }
  }
  const url = config.databaseUrl
  const db = (await openPostgres(url, {
    max: config.databasePoolSize,
    connectTimeout: ops.connectTimeout,
    statementTimeout: ops.statementTimeout,
    pingTimeout: ops.pingTimeout,
    migrate: false,
  })) as unknown as Db
  if (!migrate) return { db, ready: schemaWait(db, log, fatal, timing) }
  const ready = retry(log, fatal, timing, 'migrate', async () => {
    await migratePostgres(url, ops.connectTimeout)
    return true
  })
  return { db, ready }
}

/** MIGRATE=off (or SQLite): waits for a schema another step migrates. */
function schemaWait(db: Db, log: Logger, fatal: (error: unknown) => void, timing: Timing) {
  let told = false
  return retry(log, fatal, timing, 'schema', async () => {
    const current = (await db.schemaCurrent?.()) ?? true
    if (!current && !told) {
      told = true
      // Said only when the database answered: a database that is down is logged as such.
      log.warn(
        'MIGRATE=off and the database schema is not current: the API answers 503 until the migrations run (MIGRATE=only).',
      )
    }
    return current
  })
}

type Timing = { firstMs: number; maxMs: number; pollMs: number }

/**
 * Runs `attempt` until it answers true: after a database that is not there, again with backoff
 * (one log line each, with the cause); after false (the schema behind), again every pollMs.
 */
async function retry(
  log: Logger,
  fatal: (error: unknown) => void,
  timing: Timing,
  what: 'migrate' | 'schema',
  attempt: () => Promise<boolean>,
): Promise<void> {
  let wait = timing.firstMs
  for (let n = 1; ; n++) {
    try {
      if (await attempt()) {
        if (n > 1) log.info('The database answers: schema current, serving.', { attempt: n })
        return
      }
      await Bun.sleep(timing.pollMs)
      continue
    } catch (error) {
      if (!unreachable(error)) {
        fatal(error)
        return new Promise<void>(() => {})
      }
      log.warn(
        what === 'migrate'
          ? 'Database unavailable: could not migrate; retrying'
          : 'Database unavailable: could not read the schema version; retrying',
        { attempt: n, retry_in_ms: wait, cause: causeOf(error) },
      )
    }
    await Bun.sleep(wait)
    wait = Math.min(wait * 2, timing.maxMs)
  }
}
