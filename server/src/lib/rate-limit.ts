import { BlockList, isIP } from 'node:net'
import { lt, sql } from 'drizzle-orm'
import type { Engine } from '../db'
import { rateLimits } from '../db/schema'
import { TooManyRequests } from './errors'

/**
 * A fixed-window counter per key (a client address), kept in the database so the limit holds
 * across every instance of a deployment. Windows that ended are deleted by age, a few at a time,
 * never all at once: an attacker cannot reset everyone's counters by making many keys.
 */
export function createRateLimiter(db: Engine, limit: number, windowMs = 60_000) {
  return async (key: string) => {
    const now = Date.now()
    const expired = now - windowMs
    const row = await db.row<{ count: number }>(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key.slice(0, 200)}, ${now}, 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start <= ${expired} THEN 1 ELSE rate_limits.count + 1 END,
        window_start = CASE WHEN rate_limits.window_start <= ${expired} THEN ${now} ELSE rate_limits.window_start END
      RETURNING count`)
    // About one call in fifty sweeps windows that ended long ago (by the index on window_start).
    if (Math.random() < 0.02)
      await db.orm.delete(rateLimits).where(lt(rateLimits.window_start, now - 10 * windowMs))
    if (Number(row?.count ?? 0) > limit) throw new TooManyRequests()
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
