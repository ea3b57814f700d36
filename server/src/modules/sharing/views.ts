import { sql } from 'drizzle-orm'
import type { Engine } from '../../db'
import { nowIso } from '../../lib/time'

/**
 * Views of a shared link, counted in memory and added to `shares` (views, last_viewed_at) in one
 * transaction per VIEW_SYNC_MS for every link viewed meanwhile: a reader's view makes no write of
 * its own, so a flood of views costs one write a second. That write bumps no data version
 * (the shares trigger skips view counts): readers never invalidate the owner's cached answers.
 * What an instance counted in its last second is lost if it stops before the next batch.
 *
 * The answer a link gives is kept too, while the owner's data version is the one it was made
 * for (every write to the owner's rows bumps it: an edit, a question, an answer, a revocation):
 * another view of the same link costs the token's lookup and one read of the version.
 */
export const VIEW_SYNC_MS = 1_000

type Pending = { views: number; last: string; edition: number | null }
type Counter = { counts: Map<number, Pending>; timer: ReturnType<typeof setTimeout> | null }
const counters = new WeakMap<Engine, Counter>()

const counterOf = (db: Engine) => {
  let counter = counters.get(db)
  if (!counter) {
    counter = { counts: new Map(), timer: null }
    counters.set(db, counter)
  }
  return counter
}

/**
 * Counts one open of the link — its reader's page loaded the brief of `edition` (null: the live
 * draft) — added to the database with the next batch.
 */
export function countView(db: Engine, shareId: number, edition: number | null = null) {
  const counter = counterOf(db)
  const pending = counter.counts.get(shareId)
  if (pending) {
    pending.views++
    pending.last = nowIso()
    pending.edition = edition ?? pending.edition
  } else counter.counts.set(shareId, { views: 1, last: nowIso(), edition })
  counter.timer ??= setTimeout(() => {
    counter.timer = null
    void syncShareViews(db)
  }, VIEW_SYNC_MS)
  counter.timer.unref?.()
}

/** Adds the views counted so far to the database now (the batch; tests call it directly). */
export async function syncShareViews(db: Engine) {
  const counter = counterOf(db)
  if (!counter.counts.size) return
  const batch = [...counter.counts]
  counter.counts = new Map()
  try {
    await db.tx(async (tx) => {
      for (const [id, { views, last, edition }] of batch)
        await tx.exec(sql`
          UPDATE shares SET views = views + ${views},
            last_viewed_at = CASE WHEN last_viewed_at IS NULL OR last_viewed_at < ${last}
              THEN ${last} ELSE last_viewed_at END,
            opened_edition_number = CASE
              WHEN opened_edition_number IS NULL OR opened_edition_number < ${edition}
              THEN ${edition} ELSE opened_edition_number END
          WHERE id = ${id}`)
    })
  } catch (error) {
    // Not taken: counted again with the next batch (unless the database is gone).
    if (/closed/i.test(String(error))) return
    console.error('share views not saved', error)
    for (const [id, pending] of batch) {
      const now = counter.counts.get(id)
      counter.counts.set(id, {
        views: pending.views + (now?.views ?? 0),
        last: now?.last ?? pending.last,
        edition: now?.edition ?? pending.edition,
      })
    }
    counter.timer ??= setTimeout(() => {
      counter.timer = null
      void syncShareViews(db)
    }, VIEW_SYNC_MS)
    counter.timer.unref?.()
  }
}

/** Links whose answer is kept, per database (the least recently viewed go first). */
const ANSWERS_KEPT = 64
const answers = new WeakMap<Engine, Map<number, { version: number; answer: Promise<unknown> }>>()

/**
 * The link's answer: kept while the owner's data version is unchanged, else made by `build`, once
 * for all the views that ask while it is being made (a flood of views never makes it twice).
 */
export async function keptAnswer<T>(
  db: Engine,
  share: { id: number; user_id: number },
  build: () => Promise<T>,
): Promise<T> {
  let kept = answers.get(db)
  if (!kept) {
    kept = new Map()
    answers.set(db, kept)
  }
  const row = await db.row<{ version: number }>(
    sql`SELECT version FROM data_versions WHERE user_id = ${share.user_id}`,
  )
  const version = Number(row?.version ?? 0)
  const hit = kept.get(share.id)
  kept.delete(share.id)
  if (hit && hit.version === version) {
    kept.set(share.id, hit)
    return hit.answer as Promise<T>
  }
  const answer = build()
  const entry = { version, answer: answer as Promise<unknown> }
  kept.set(share.id, entry)
  if (kept.size > ANSWERS_KEPT) kept.delete(kept.keys().next().value as number)
  // A failed answer (the report went away meanwhile) is not kept.
  answer.catch(() => {
    if (kept.get(share.id) === entry) kept.delete(share.id)
  })
  return answer
}
