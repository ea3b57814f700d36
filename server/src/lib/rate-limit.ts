import { TooManyRequests } from './errors'

/** A fixed-window counter per client address; enough to slow sign-in abuse on one server. */
export function createRateLimiter(limit: number, windowMs = 60_000) {
  const hits = new Map<string, { count: number; resetAt: number }>()
  return (key: string) => {
    const now = Date.now()
    let entry = hits.get(key)
    if (!entry || entry.resetAt <= now) {
      if (hits.size > 10_000) hits.clear()
      entry = { count: 0, resetAt: now + windowMs }
      hits.set(key, entry)
    }
    entry.count++
    if (entry.count > limit) throw new TooManyRequests()
  }
}
