import type { Database } from 'bun:sqlite'
import { assets } from '../../lib/assets'

/** How often the checkpointer copies the WAL back into the database file. */
export const CHECKPOINT_MS = 200
/** SQLite's own default, restored if the checkpointer cannot run. */
const AUTOCHECKPOINT_PAGES = 1000

/**
 * Moves WAL checkpoints off the server's thread. By default the connection that commits past
 * 1,000 WAL pages runs the checkpoint itself, fsyncs included (synchronous = NORMAL syncs only
 * there): with item writes that is every ~100 commits, a pause for every request queued behind
 * it, which shows in the writes' p99. Here a
 * worker thread with its own connection runs a PASSIVE checkpoint every CHECKPOINT_MS (it never
 * blocks a writer), and the server's connection stops checkpointing once the worker is up. If the
 * worker fails, the connection checkpoints by itself again. Returns a stop function.
 */
export function startCheckpointer(sqlite: Database, path: string) {
  // Not keeping the process alive; a small heap (it holds one statement).
  const worker = new Worker(
    assets.checkpointWorker ?? new URL('./checkpoint-worker.ts', import.meta.url),
    {
      ref: false,
      smol: true,
    },
  )
  const fallback = () => {
    try {
      sqlite.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`)
    } catch {}
  }
  worker.onmessage = (event: MessageEvent<{ ready?: boolean; error?: string }>) => {
    if (event.data.ready) sqlite.exec('PRAGMA wal_autocheckpoint = 0')
    else if (event.data.error) console.error(`WAL checkpoint failed: ${event.data.error}`)
  }
  worker.onerror = (event) => {
    console.error(`WAL checkpointer stopped: ${event.message}`)
    fallback()
  }
  worker.postMessage({ path, intervalMs: CHECKPOINT_MS })
  return () => {
    fallback()
    worker.terminate()
  }
}
