import { createApp } from './app'
import { loadConfig } from './config'
import { type Db, openDatabase, type SqliteDb } from './db'
import { openPostgres } from './db/pg'
import { startCheckpointer } from './db/sqlite/checkpointer'
import { type Opened, openForServing } from './db/start'
import { InFlight } from './lib/in-flight'
import { RouteTable } from './lib/route-rules'
import { seedSystemSettings } from './modules/admin/service'
import { warmDocumentCheck } from './modules/import-export/document-check'
import { startWebhookPoster } from './modules/sending/delivery/chat-worker'
import { startMailer } from './modules/sending/delivery/mail-worker'
import { STOP_GRACE_MS, stopDeliveries } from './modules/sending/delivery/run'
import { startRetention } from './modules/system/retention'
import { createObservability } from './observability'
import { createLogger, routeConsole } from './observability/log'

const started = performance.now()
// A configuration the server cannot use stops the start with what to change, not a stack trace.
const config = (() => {
  try {
    return loadConfig()
  } catch (error) {
    // LOG_FORMAT=json asked for (the configuration that failed may still say so): one JSON line.
    const message = `Not starting: ${(error as Error).message}`
    if (process.env.LOG_FORMAT?.trim().toLowerCase() === 'json') createLogger('json').error(message)
    else console.error(message)
    process.exit(1)
  }
})()
const { ops } = config
// LOG_FORMAT=json: every line this process writes is one JSON object, console's included.
const log = createLogger(ops.logFormat)
routeConsole(log)

/** The port must be free: a second process never shares it (nor, on SQLite, the database file). */
function refuseBusyPort() {
  try {
    Bun.serve({
      port: config.port,
      hostname: config.host,
      reusePort: false,
      fetch: () => new Response(),
    }).stop(true)
  } catch (error) {
    log.error(
      `Port ${config.port} on ${config.host} is in use: is another Cadence running? Not starting.`,
      error,
    )
    process.exit(1)
  }
}
if (ops.migrate !== 'only') refuseBusyPort()

/** An error that stops the start: one line (one JSON object with LOG_FORMAT=json), exit 1. */
function fatal(error: unknown): never {
  log.error(`Not starting: ${(error as Error)?.message ?? error}`, error)
  process.exit(1)
}

// MIGRATE=only migrates and exits (a deploy step: a database that is away fails it, exit 1).
if (ops.migrate === 'only') {
  try {
    const db: Db = config.databaseUrl
      ? ((await openPostgres(config.databaseUrl, {
          max: 1,
          connectTimeout: ops.connectTimeout,
          statementTimeout: ops.statementTimeout,
          migrate: true,
        })) as unknown as Db)
      : openDatabase(config.databasePath, { migrate: true })
    await db.close()
  } catch (error) {
    fatal(error)
  }
  log.info('Migrations applied; MIGRATE=only, so not serving.')
  process.exit(0)
}
// DATABASE_URL (PostgreSQL, any number of instances) or the SQLite file at DATABASE_PATH.
// MIGRATE=auto migrates, MIGRATE=off runs no DDL (a role that may only read and write data). The
// server listens whether or not the database answers yet: until the schema is current every API
// call answers 503 (db/schema-gate.ts), the migration or the wait for it is retried with backoff
// (db/start.ts), and the background work starts once it is.
let opened: Opened
try {
  opened = await openForServing(config, log, fatal)
} catch (error) {
  fatal(error)
}
const { db, ready } = opened
const databaseName = config.databaseUrl
  ? `PostgreSQL ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}`
  : config.databasePath
const inFlight = new InFlight()
// Request ids (a trusted proxy's X-Request-Id kept), one log line per request, metrics, traces.
const obs = createObservability(
  { db, config },
  {
    log,
    accessLog: ops.logRequests,
    socketAddress: (request) => app.server?.requestIP(request)?.address,
  },
)
const app = createApp({ db, config, inFlight, obs })
// No body larger than the largest limit a route declares is read at all, with or without
// Content-Length (app.ts). No reusePort: a port in use stops the start instead of being shared.
try {
  app.listen({
    port: config.port,
    hostname: config.host,
    maxRequestBodySize: new RouteTable().load(app.routes).maxBodyLimit(),
    reusePort: false,
  })
} catch (error) {
  log.error(
    `Port ${config.port} on ${config.host} is in use: is another Cadence running? Not starting.`,
    error,
  )
  process.exit(1)
}
// The background work, once the schema is current.
let stopping = false
let mailer: ReturnType<typeof startMailer> | null = null
let poster: ReturnType<typeof startWebhookPoster> | null = null
let stopRetention = () => {}
function startBackground() {
  // Expired sessions, old deliveries and activity entries: hourly, once across instances.
  stopRetention = startRetention({ db, config }, log)
  // The in-process mailer: report e-mails on Send, retries, the weekly reminder. Off without SMTP_URL.
  mailer = config.smtp ? startMailer({ db, config }) : null
  // Chat delivery (Slack, Teams, JSON webhooks) on Send, retried like e-mail; needs no SMTP.
  poster = startWebhookPoster({ db, config })
}
void ready.then(async () => {
  if (stopping) return
  // The admin settings' defaults, by whichever instance finds the schema current first (the app's
  // own seeding at start fails on a database not migrated yet); idempotent on every instance.
  await seedSystemSettings({ db, config }).catch((error) =>
    log.error('Could not seed the system settings', error),
  )
  startBackground()
})
// WAL checkpoints on their own thread, started once the server answers (off the start path).
let stopCheckpointer = () => {}
if (db.kind === 'sqlite' && config.databasePath !== ':memory:')
  setTimeout(() => {
    stopCheckpointer = startCheckpointer((db as SqliteDb).sqlite, config.databasePath)
  }, 500).unref()

// The account import's document check is built off the start path too (~40 ms of compiling).
setTimeout(warmDocumentCheck, 1_000).unref()

if (config.devLogin) {
  console.warn(
    'WARNING: the development sign-in is active: anyone can sign in as anyone. ' +
      'Configure GOOGLE_CLIENT_ID/SECRET or OIDC_* and/or set DEV_LOGIN=off for a deployment.',
  )
}
if (config.smtp) {
  const smtp = new URL(config.smtp.url)
  console.log(`E-mail: sending through ${smtp.protocol}//${smtp.host} as ${config.smtp.from}`)
}
console.log(
  `Cadence listening on http://${config.host}:${app.server?.port} (public ${config.publicUrl}), ` +
    `database ${databaseName}, ready in ${Math.round(performance.now() - started)} ms`,
)
// Graceful shutdown (a rolling upgrade sends SIGTERM): stop taking connections, let requests in
// flight finish (those whose client already went away too: the server's stop does not wait for
// them, the in-flight count does), meanwhile claim no more deliveries and give a send in flight
// STOP_GRACE_MS to finish, else release its lease at once (the next instance sends it once:
// delivery/run.ts), stop the mailer, then close the database.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return
    stopping = true
    const deadline = Date.now() + 10_000
    const deliveriesStopped = stopDeliveries(db)
    await Promise.race([app.server?.stop(false), Bun.sleep(10_000)])
    await inFlight.idle(Math.max(0, deadline - Date.now()))
    await Promise.race([deliveriesStopped, Bun.sleep(STOP_GRACE_MS + 2_000)])
    await Promise.race([Promise.all([mailer?.stop(), poster?.stop()]), Bun.sleep(2_000)])
    stopCheckpointer()
    stopRetention()
    await Promise.race([obs.close(), Bun.sleep(2_000)])
    await db.close()
    process.exit(0)
  })
}
