// A sent report's readers (interface §13): GET /api/reports/{uuid}/readers, the author only —
// each link with the edition its reader opened last, when, and their 'Read — thanks'. Fetched
// directly and checked here; the page shows no list while there is no answer.
import type { Reader } from '@cadence/ui'
import { useEffect, useState } from 'react'
import { appFetch } from '../offline/fetch'

const isReader = (v: unknown): v is Reader =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Reader).share_id === 'number' &&
  ((v as Reader).recipient_email === null || typeof (v as Reader).recipient_email === 'string')

/** The readers, or null when the server did not answer a list (offline, refused, no route). */
async function loadReaders(uuid: string, signal?: AbortSignal): Promise<Reader[] | null> {
  try {
    const res = await appFetch(`/api/reports/${encodeURIComponent(uuid)}/readers`, {
      credentials: 'include',
      signal,
    })
    if (!res.ok) return null
    const body = (await res.json()) as { readers?: unknown }
    return Array.isArray(body.readers) && body.readers.every(isReader) ? body.readers : null
  } catch {
    return null
  }
}

/** The readers of a sent report, asked again when `version` changes (a new edition); else none. */
function useReaders(uuid: string, sent: boolean, version: unknown): Reader[] | undefined {
  const [readers, setReaders] = useState<Reader[] | undefined>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks again (a new edition)
  useEffect(() => {
    if (!sent) {
      setReaders(undefined)
      return
    }
    const abort = new AbortController()
    void loadReaders(uuid, abort.signal).then((list) => {
      if (!abort.signal.aborted) setReaders(list ?? undefined)
    })
    return () => abort.abort()
  }, [uuid, sent, version])
  return readers
}

export { loadReaders, useReaders }
