import pLimit, { type LimitFunction } from 'p-limit'

/**
 * Searches running at once in this process. A search gives the event loop back between its slices
 * (search/candidates.ts, search/rank.ts), so without a bound 64 searches ran interleaved, each
 * holding its window of up to 400 rows' text: the server's memory grew past 200 MB. They share one
 * thread, so taking them a few at a time costs no throughput; the rest wait their turn, in order.
 */
export const SEARCHES_AT_ONCE = 4
/** One user's searches running at once: one user's many tabs or a script never take every place. */
export const USER_SEARCHES_AT_ONCE = 2

/**
 * The turns of this process's searches: `run` starts once the user has fewer than
 * USER_SEARCHES_AT_ONCE running and the process fewer than SEARCHES_AT_ONCE. A search whose client
 * has gone (its request aborted) while it waited is not run: it resolves `gone()`.
 */
export function searchTurns() {
  const all = pLimit(SEARCHES_AT_ONCE)
  const byUser = new Map<number, LimitFunction>()
  return <T>(userId: number, signal: AbortSignal, run: () => Promise<T>, gone: () => T) => {
    const mine = byUser.get(userId) ?? pLimit(USER_SEARCHES_AT_ONCE)
    byUser.set(userId, mine)
    return mine(() => all(() => (signal.aborted ? gone() : run()))).finally(() => {
      if (mine.activeCount === 0 && mine.pendingCount === 0 && byUser.get(userId) === mine)
        byUser.delete(userId)
    })
  }
}
