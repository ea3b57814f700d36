import { createApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db'
import { startCheckpointer } from './db/sqlite/checkpointer'
import { purgeExpiredSessions } from './modules/auth/service'
import { startMailer } from './modules/mail/worker'

const started = performance.now()
const config = loadConfig()
const db = openDatabase(config.databasePath)
purgeExpiredSessions({ db, config })
const app = createApp({ db, config }).listen({ port: config.port, hostname: config.host })
// The in-process mailer: report e-mails on Send, retries, the weekly reminder. Off without SMTP_URL.
const mailer = config.smtp ? startMailer({ db, config }) : null
// WAL checkpoints on their own thread, started once the server answers (off the start path).
let stopCheckpointer = () => {}
if (config.databasePath !== ':memory:')
  setTimeout(() => {
    stopCheckpointer = startCheckpointer(db.sqlite, config.databasePath)
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
    `database ${config.databasePath}, ready in ${Math.round(performance.now() - started)} ms`,
)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    app.stop()
    // A send in flight gets a moment to finish; it is retried on the next start if cut short.
    await Promise.race([mailer?.stop(), Bun.sleep(5_000)])
    stopCheckpointer()
    db.sqlite.close()
    process.exit(0)
  })
}
