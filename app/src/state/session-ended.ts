import { proxy, useSnapshot } from 'valtio'
import type { OutboxEntry } from '../offline/outbox'

// The session ended under the app (a 401: signed out elsewhere, expired, revoked). What this
// browser keeps of that user goes with it: the service worker's cached answers at once (forgotten
// by ./auth, which holds the user, and by app/src/sw.ts), and the changes still waiting in the offline outbox after the user has been
// offered to export them (SessionEndedDialog). Nothing of theirs stays for the next person.

type SessionEndedState = { open: boolean; count: number; labels: string[] }

const SHOWN_LABELS = 5

const sessionEndedState = proxy<SessionEndedState>({ open: false, count: 0, labels: [] })

let held: OutboxEntry[] = []

/** Saves a file in the browser (a download); tests pass their own. */
type Download = (name: string, text: string) => void

const browserDownload: Download = (name, text) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

const outbox = () => import('../offline/outbox')

/**
 * The server answered 401 for `userId` (the user who was signed in, or remembered offline; ./auth
 * has forgotten them). If changes of theirs wait unsent, opens the export offer, otherwise empties
 * the outbox at once.
 */
async function endSession(userId: number | null) {
  if (typeof indexedDB === 'undefined') return
  try {
    const { allEntries, clearOutbox } = await outbox()
    const mine = userId === null ? [] : (await allEntries()).filter((e) => e.userId === userId)
    if (mine.length === 0) {
      await clearOutbox()
      return
    }
    held = mine
    Object.assign(sessionEndedState, {
      open: true,
      count: mine.length,
      labels: mine.slice(0, SHOWN_LABELS).map((e) => e.label),
    })
  } catch (error) {
    console.error(error)
  }
}

/** The export file: what each change was and what it would have sent. */
function unsentChangesFile(entries: OutboxEntry[], now = new Date()) {
  return JSON.stringify(
    {
      exported_at: now.toISOString(),
      note: 'Changes made in Cadence on this device that were not saved before the session ended.',
      changes: entries.map((e) => ({
        change: e.label,
        made_at: e.queuedAt,
        status: e.status,
        ...(e.error ? { refused_because: e.error } : {}),
        request: { method: e.method, path: e.path, ...(e.body ? { body: e.body } : {}) },
      })),
    },
    null,
    2,
  )
}

async function finish() {
  const { clearOutbox } = await outbox()
  await clearOutbox()
  held = []
  Object.assign(sessionEndedState, { open: false, count: 0, labels: [] })
}

/** 'Export unsent changes': downloads them as JSON, then removes them from the device. */
async function exportUnsentChanges(download: Download = browserDownload) {
  const day = new Date().toISOString().slice(0, 10)
  download(`cadence-unsent-changes-${day}.json`, unsentChangesFile(held))
  await finish()
}

/** 'Discard'. */
function discardUnsentChanges() {
  return finish()
}

function useSessionEnded() {
  return useSnapshot(sessionEndedState)
}

export {
  discardUnsentChanges,
  endSession,
  exportUnsentChanges,
  sessionEndedState,
  unsentChangesFile,
  useSessionEnded,
}
