import ipaddr from 'ipaddr.js'
import type { AppContext } from '../../context'
import { BadRequest } from '../../lib/errors'
import { checkedAddress, connectTo, WebhookRefused } from '../sending/queue/chat-urls'

/**
 * Where a source may call: an https URL on a public host (the webhook rules of
 * sending/queue/chat-urls.ts, connecting to the address checked), or a host the administrator
 * lists in OUTBOUND_ALLOW_PRIVATE (a name as written in the URL, an address, or a CIDR range of
 * an address written in the URL), which may then be http too: self-managed GitLab and Jira
 * usually sit on private networks. Every vendor call goes through `vendorFetch`: the same check
 * on each request, a timeout, and bounded retries on 429 honouring the vendor's reset header.
 */

export const NOT_REACHABLE =
  'A source must be an https URL on a public host, or a host listed in OUTBOUND_ALLOW_PRIVATE'

const bare = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1')

/** Whether OUTBOUND_ALLOW_PRIVATE lists this host (by name, address or CIDR range). */
export function listedPrivate(list: string[], host: string): boolean {
  const h = bare(host)
  const addr = ipaddr.isValid(h) ? ipaddr.process(h) : null
  for (const entry of list) {
    if (entry === h) return true
    if (!addr) continue
    if (ipaddr.isValid(entry)) {
      if (ipaddr.process(entry).toString() === addr.toString()) return true
      continue
    }
    try {
      const [range, bits] = ipaddr.parseCIDR(entry)
      const r = range.kind() === 'ipv6' ? (range as ipaddr.IPv6) : range
      if (addr.kind() === r.kind() && addr.match([r, bits] as never)) return true
    } catch {
      // Not a CIDR: a name that is not this host.
    }
  }
  return false
}

/** The URL parsed and its place checked (resolving a public name once); 400 otherwise. */
export async function checkUrl(ctx: AppContext, raw: string) {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new BadRequest('base_url must be a URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new BadRequest('base_url must be a URL')
  if (url.username || url.password)
    throw new BadRequest('base_url may not carry a user name or password')
  if (listedPrivate(ctx.config.outboundAllowPrivate, url.hostname))
    return { url, address: null as string | null }
  if (url.protocol !== 'https:') throw new BadRequest(NOT_REACHABLE)
  try {
    return { url, address: await checkedAddress(url, ctx.config.resolveHost) }
  } catch (error) {
    if (error instanceof WebhookRefused) throw new BadRequest(NOT_REACHABLE)
    throw error
  }
}

export const NOT_ALLOWED_NOW =
  'This source is on a host the server may not reach (https on a public host, or OUTBOUND_ALLOW_PRIVATE)'

/** A vendor's answer the source reports in `errors` (no status of ours: it is theirs). */
export class VendorError extends Error {}

/**
 * Per attempt, at most `timeoutMs`; a 429 is asked again up to `maxRetries` times, each after
 * what the vendor's reset header says when that is within `maxWaitMs`. Tests shorten them.
 */
export const vendorLimits = { timeoutMs: 8_000, maxRetries: 2, maxWaitMs: 5_000 }

/** Milliseconds to wait before asking again, from whichever reset header the vendor sends. */
export function resetWait(headers: Headers, now = Date.now()): number | null {
  const after = headers.get('retry-after')
  if (after !== null) {
    const s = Number(after)
    if (Number.isFinite(s)) return Math.max(0, s * 1000)
    const at = Date.parse(after)
    if (!Number.isNaN(at)) return Math.max(0, at - now)
  }
  // GitHub and GitLab: epoch seconds; Linear: epoch milliseconds.
  for (const name of ['x-ratelimit-reset', 'ratelimit-reset', 'x-ratelimit-requests-reset']) {
    const v = Number(headers.get(name))
    if (!headers.get(name) || !Number.isFinite(v)) continue
    const ms = v > 1e12 ? v : v > 1e9 ? v * 1000 : now + v * 1000
    return Math.max(0, ms - now)
  }
  return null
}

/**
 * fetch for one source: only to its own host, checked each time; a timeout per attempt; a 429
 * (or GitHub's 403 with no requests remaining) waited out and asked again (vendorLimits) when
 * the reset is near enough, else a VendorError saying when to try again.
 */
export function vendorFetch(ctx: AppContext, base: URL) {
  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const href = input instanceof Request ? input.url : String(input)
    const request = input instanceof Request ? input : null
    const target = new URL(href)
    if (target.host !== base.host) throw new VendorError('The vendor pointed elsewhere')
    const merged: RequestInit = {
      method: request?.method ?? init.method,
      headers: init.headers ?? request?.headers,
      body: init.body ?? (request?.body ? await request.text() : undefined),
      redirect: 'manual',
    }
    const { timeoutMs, maxRetries, maxWaitMs: maxWait } = vendorLimits
    for (let attempt = 0; ; attempt++) {
      const { url, address } = await checkUrl(ctx, target.href).catch((error) => {
        if (error instanceof BadRequest) throw new VendorError(NOT_ALLOWED_NOW)
        throw error
      })
      let res: Response
      try {
        const signal = AbortSignal.timeout(timeoutMs)
        res = address
          ? await connectTo(url, address, { ...merged, signal })
          : await fetch(url.href, { ...merged, signal })
      } catch (error) {
        if (
          error instanceof Error &&
          (error.name === 'TimeoutError' || error.name === 'AbortError')
        )
          throw new VendorError(`No answer within ${timeoutMs / 1000} s`)
        throw new VendorError('Could not reach the source')
      }
      const limited =
        res.status === 429 ||
        (res.status === 403 && res.headers.get('x-ratelimit-remaining') === '0')
      if (!limited) return res
      const wait = resetWait(res.headers)
      await res.body?.cancel()
      if (attempt >= maxRetries || wait === null || wait > maxWait)
        throw new VendorError(
          wait === null
            ? 'Rate limited by the source; try again later'
            : `Rate limited by the source; try again in ${Math.ceil(wait / 1000)} s`,
        )
      await Bun.sleep(wait)
    }
  }
}
