import { createApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db'
import { purgeExpiredSessions } from './modules/auth/service'

const started = performance.now()
const config = loadConfig()
const db = openDatabase(config.databasePath)
purgeExpiredSessions({ db, config })
const app = createApp({ db, config }).listen({ port: config.port, hostname: config.host })

if (config.devLogin) {
  console.warn(
    'WARNING: the development sign-in is active: anyone can sign in as anyone. ' +
      'Configure GOOGLE_CLIENT_ID/SECRET or OIDC_* and/or set DEV_LOGIN=off for a deployment.',
  )
}
console.log(
  `Cadence listening on http://${config.host}:${app.server?.port} (public ${config.publicUrl}), ` +
    `database ${config.databasePath}, ready in ${Math.round(performance.now() - started)} ms`,
)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    app.stop()
    db.sqlite.close()
    process.exit(0)
  })
}
