// The checkpointer thread (src/db/sqlite/checkpointer.ts): its own connection to the database copies the
// WAL back into the database file, fsyncs included, so the server's thread never waits for them.
import { Database } from 'bun:sqlite'

declare const self: Worker

self.onmessage = (event: MessageEvent<{ path: string; intervalMs: number }>) => {
  const { path, intervalMs } = event.data
  const db = new Database(path)
  db.exec('PRAGMA busy_timeout = 5000')
  db.exec('PRAGMA synchronous = NORMAL')
  // This connection writes nothing; it must not checkpoint on its own schedule either.
  db.exec('PRAGMA wal_autocheckpoint = 0')
  const checkpoint = db.query('PRAGMA wal_checkpoint(PASSIVE)')
  setInterval(() => {
    try {
      checkpoint.get()
    } catch (error) {
      postMessage({ error: String(error) })
    }
  }, intervalMs)
  postMessage({ ready: true })
}
