import { createApp } from './app'
import { loadConfig } from './config'
import { type Db, openDatabase, type SqliteDb } from './db'
import { openPostgres } from './db/pg'
import { startCheckpointer } from './db/sqlite/checkpointer'
import { InFlight } from './lib/in-flight'
import { RouteTable } from './lib/route-rules'
import { purgeExpiredSessions } from './modules/auth/service'
import { startWebhookPoster } from './modules/delivery/chat-worker'
import { startMailer } from './modules/delivery/mail-worker'

const started = performance.now()
const config = loadConfig()
// DATABASE_URL (PostgreSQL, any number of instances) or the SQLite file at DATABASE_PATH.
const db: Db = config.databaseUrl
  ? ((await openPostgres(config.databaseUrl, { max: config.databasePoolSize })) as unknown as Db)
  : openDatabase(config.databasePath)
const databaseName = config.databaseUrl
  ? `PostgreSQL ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}`
  : config.databasePath
await purgeExpiredSessions({ db, config })
const inFlight = new InFlight()
const app = createApp({ db, config, inFlight })
// No body larger than the largest limit a route declares is read at all, with or without
// Content-Length (app.ts).
app.listen({
  port: config.port,
  hostname: config.host,
  maxRequestBodySize: new RouteTable().load(app.routes).maxBodyLimit(),
})
// The in-process mailer: report e-mails on Send, retries, the weekly reminder. Off without SMTP_URL.
const mailer = config.smtp ? startMailer({ db, config }) : null
// Chat delivery (Slack, Teams, JSON webhooks) on Send, retried like e-mail; needs no SMTP.
const poster = startWebhookPoster({ db, config })
// WAL checkpoints on their own thread, started once the server answers (off the start path).
let stopCheckpointer = () => {}
if (db.kind === 'sqlite' && config.databasePath !== ':memory:')
  setTimeout(() => {
    stopCheckpointer = startCheckpointer((db as SqliteDb).sqlite, config.databasePath)
  }, 500).unref()

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
// them, the in-flight count does), stop the mailer (a send in flight gets a moment; it is retried
// by the next instance if cut short), then close the database.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return
    stopping = true
    const deadline = Date.now() + 10_000
    await Promise.race([app.server?.stop(false), Bun.sleep(10_000)])
    await inFlight.idle(Math.max(0, deadline - Date.now()))
    await Promise.race([Promise.all([mailer?.stop(), poster.stop()]), Bun.sleep(5_000)])
    stopCheckpointer()
    await db.close()
    process.exit(0)
  })
}
