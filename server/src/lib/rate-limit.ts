import { BlockList, isIP } from 'node:net'
import { lt, sql } from 'drizzle-orm'
import type { Engine } from '../db'
import { rateLimits } from '../db/schema'
import { TooManyRequests } from './errors'

/**
 * Rate limits: fixed windows aligned to the clock (a 60 s window is each whole minute), counted in
 * this process's memory and shared with the other instances through the database (`rate_limits`).
 * A request over the limit as this instance knows it is refused at once: no query, no write, so a
 * flood of refused requests costs the server next to nothing.
 *
 * - `batched` (the limits of requests without a session): what an instance lets through is added
 *   to the database in one transaction per SYNC_MS for all its keys, and the totals read back tell
 *   it what the other instances let through; a key new to an instance starts from the total in
 *   the database (one read). So across instances the limit can be passed only by what they let
 *   through within one SYNC_MS of each other.
 * - exact (the default; the send quotas): each request let through is counted in the database
 *   before it is answered, so the limit holds exactly across instances; once the window is over
 *   the limit, the refusals are answered from memory.
 */
export type RateLimiterOptions = { batched?: boolean }

/** How often an instance adds its batched counts to the database and reads the totals back. */
export const SYNC_MS = 1_000
/** Windows longer than this are not supported: rows older than two of them are deleted. */
const LONGEST_WINDOW_MS = 86_400_000
/** At most this many keys are held in memory per limiter (those already shared go first). */
const MAX_KEYS = 50_000

type Entry = {
  /** The window (its start, ms) these counts are for. */
  window: number
  /** The total in the database as last read back (every instance's requests). */
  known: number
  /** Let through here and not yet sent to the database. */
  pending: number
  /** Sent to the database, not yet answered. */
  sending: number
  /** Reading the database's total of a key new here (batched). */
  loading: Promise<void> | null
}

type Limiter = { sync(): Promise<void> }
const limitersOf = new WeakMap<Engine, Set<Limiter>>()

/** Adds every batched count of limiters on `db` to the database now (tests). */
export async function syncRateLimits(db: Engine) {
  await Promise.all([...(limitersOf.get(db) ?? [])].map((l) => l.sync()))
}

/** The key's total in the database for this window (0 when its row is of another window). */
async function read(db: Engine, key: string, window: number) {
  const row = await db.row<{ count: number; window_start: number }>(
    sql`SELECT count, window_start FROM rate_limits WHERE key = ${key}`,
  )
  return Number(row?.window_start) === window ? Number(row?.count ?? 0) : 0
}

/** Adds `count` requests of a window to a key's row and answers the key's total for it. */
async function add(db: Engine, key: string, window: number, count: number) {
  const row = await db.row<{ count: number; window_start: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${window}, ${count})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE
        WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + excluded.count
        WHEN rate_limits.window_start < excluded.window_start THEN excluded.count
        ELSE rate_limits.count END,
      window_start = CASE WHEN rate_limits.window_start < excluded.window_start
        THEN excluded.window_start ELSE rate_limits.window_start END
    RETURNING count, window_start`)
  // A row already in a later window (another instance's clock ahead): nothing known of this one.
  return Number(row?.window_start) === window ? Number(row?.count ?? 0) : 0
}

/** A key's counts for a new window; batched, it starts from the database's total (one read). */
function newEntry(db: Engine, key: string, window: number, batched: boolean | undefined) {
  const created: Entry = { window, known: 0, pending: 0, sending: 0, loading: null }
  if (batched)
    created.loading = read(db, key, window)
      .then((total) => {
        created.known = Math.max(created.known, total)
      })
      .catch(() => {})
      .finally(() => {
        created.loading = null
      })
  return created
}

/**
 * Drops the keys of windows that ended; when full, also those of this window that hold nothing
 * unsent and are not over the limit (their count is in the database, read back when they return).
 */
function prune(entries: Map<string, Entry>, limit: number, window: number, full = false) {
  for (const [key, e] of entries) {
    if (e.pending > 0 || e.sending > 0) continue
    if (e.window < window || (full && e.known < limit)) entries.delete(key)
  }
}

/** Adds a batch's sending counts in one transaction and takes the totals back. */
async function sendBatch(db: Engine, batch: [string, Entry][]) {
  try {
    const totals = await db.tx(async (tx) => {
      const out: number[] = []
      for (const [key, e] of batch) out.push(await add(tx, key, e.window, e.sending))
      return out
    })
    batch.forEach(([, e], i) => {
      e.known = Math.max(e.known, totals[i])
      e.sending = 0
    })
    // Now and then, the rows of windows that ended long ago (by the index on window_start).
    if (Math.random() < 0.05)
      await db.orm
        .delete(rateLimits)
        .where(lt(rateLimits.window_start, Date.now() - 2 * LONGEST_WINDOW_MS))
  } catch (error) {
    // The database did not take them: they are sent again with the next batch.
    for (const [, e] of batch) {
      e.pending += e.sending
      e.sending = 0
    }
    if (!/closed/i.test(String(error))) console.error('rate limit sync failed', error)
  }
}

/**
 * Sends every pending count of `entries` in one transaction and takes the totals back, one
 * batch at a time; `prune` drops the keys no longer needed first.
 */
function batchSync(db: Engine, entries: Map<string, Entry>, prune: () => void) {
  let syncing: Promise<void> | null = null
  return async (): Promise<void> => {
    if (syncing) await syncing
    const batch = [...entries].filter(([, e]) => e.pending > 0)
    prune()
    if (!batch.length) return
    for (const [, e] of batch) {
      e.sending += e.pending
      e.pending = 0
    }
    syncing = (async () => {
      try {
        await sendBatch(db, batch)
      } finally {
        syncing = null
      }
    })()
    await syncing
  }
}

/**
 * A limiter of `limit` requests per key per window of `windowMs`: `await limiter(key)` counts a
 * request, or throws 429 (TooManyRequests) when the key is over the limit.
 */
export function createRateLimiter(
  db: Engine,
  limit: number,
  windowMs = 60_000,
  options: RateLimiterOptions = {},
) {
  if (windowMs > LONGEST_WINDOW_MS) throw new Error('rate limit windows are at most a day')
  const entries = new Map<string, Entry>()
  let timer: ReturnType<typeof setTimeout> | null = null

  const entryFor = (key: string, window: number) => {
    let entry = entries.get(key)
    if (!entry || entry.window < window) {
      if (!entry && entries.size >= MAX_KEYS) prune(entries, limit, window, true)
      entry = newEntry(db, key, window, options.batched)
      entries.set(key, entry)
    }
    return entry
  }

  const sync = batchSync(db, entries, () => prune(entries, limit, windowStart()))
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = null
      void sync().then(() => {
        if ([...entries.values()].some((e) => e.pending > 0)) schedule()
      })
    }, SYNC_MS)
    timer.unref?.()
  }
  const windowStart = () => Math.floor(Date.now() / windowMs) * windowMs

  const limiter: Limiter = { sync }
  if (options.batched) limitersOf.set(db, (limitersOf.get(db) ?? new Set<Limiter>()).add(limiter))

  return async (rawKey: string) => {
    const key = rawKey.slice(0, 200)
    const window = windowStart()
    const entry = entryFor(key, window)
    if (entry.loading) await entry.loading
    if (entry.known + entry.sending + entry.pending >= limit) throw new TooManyRequests()
    if (options.batched) {
      entry.pending++
      schedule()
      return
    }
    await countExactly(db, entry, key, window)
    if (entry.known > limit) throw new TooManyRequests()
  }
}

/** Counts one request in the database before it is answered (the exact limits). */
async function countExactly(db: Engine, entry: Entry, key: string, window: number) {
  entry.sending++
  try {
    entry.known = Math.max(entry.known, await add(db, key, window, 1))
  } finally {
    entry.sending--
  }
}

/** TRUSTED_PROXIES: addresses and CIDR ranges (IPv4 or IPv6) of the reverse proxies in front. */
export function trustedProxies(list: string[]) {
  const blocks = new BlockList()
  for (const entry of list) {
    const [address, bits] = entry.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) blocks.addAddress(address, type)
    else blocks.addSubnet(address, Number(bits), type)
  }
  return (address: string) => {
    const type = isIP(address)
    if (!type) return false
    return blocks.check(address, type === 6 ? 'ipv6' : 'ipv4')
  }
}

/**
 * The client a request comes from: the socket's address, unless that is a trusted proxy; then
 * the nearest address in X-Forwarded-For that is not itself a trusted proxy (what a client sends
 * in the header is only believed as far as trusted proxies vouch for it).
 */
export function clientAddress(
  socket: string | undefined,
  forwarded: string | null,
  trusted: (address: string) => boolean,
) {
  let address = socket ?? 'local'
  if (!socket || !trusted(socket) || !forwarded) return address
  const hops = forwarded
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) {
    address = hops[i]
    if (!isIP(address) || !trusted(address)) break
  }
  return address
}
