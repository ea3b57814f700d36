/**
 * Where a webhook may post: an https URL on a host of the public internet. The same rules when a
 * URL is saved (Settings → Delivery, the account import) and each time it is posted to; at
 * posting, the server connects to the very address it checked (no second resolution, so a name
 * that answers a public address to the check and a private one a moment later reaches nothing).
 * The poster (delivery/chat.ts) posts through `webhookPoster` here.
 */
import { hostname, networkInterfaces } from 'node:os'
import ipaddr from 'ipaddr.js'
import type { Config } from '../../../config'
import { BadRequest } from '../../../lib/errors'

export const MAX_WEBHOOKS = 5

/** One answer for every host refused, whatever the reason: it tells nothing of the network. */
export const NOT_PUBLIC =
  'A webhook must be on a public host, not this machine or a private network'

/** How long a name may take to resolve before the host counts as not public. */
const RESOLVE_TIMEOUT_MS = 5_000

export type ResolveHost = Config['resolveHost']

/** A host the rules refuse (save time: 400 with NOT_PUBLIC; posting: 'Could not reach …'). */
export class WebhookRefused extends Error {
  constructor() {
    super(NOT_PUBLIC)
  }
}

/** Names that are never on the public internet, whatever they resolve to. */
const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|lan|home\.arpa)$/

/** This machine: its host name and every address of its interfaces. */
export type Machine = { hostName: string; addresses: string[] }
export const thisMachine = (): Machine => ({
  hostName: hostname().toLowerCase(),
  addresses: Object.values(networkInterfaces()).flatMap((list) =>
    (list ?? []).map((i) => i.address),
  ),
})

/** The address in one spelling, so two spellings of one address compare equal. */
const canonical = (addr: ipaddr.IPv4 | ipaddr.IPv6) =>
  addr.kind() === 'ipv6' ? (addr as ipaddr.IPv6).toNormalizedString() : addr.toString()

/**
 * The IPv4 address an IPv6 address carries where traffic to it reaches that IPv4 host:
 * IPv4-mapped and -translated (::ffff:a.b.c.d, ::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d),
 * NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). Null for any other address.
 */
function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = addr.parts
  const v4 = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0)
  if (zeros(0, 5) && (p[5] === 0xffff || p[5] === 0)) return v4(p[6], p[7])
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return v4(p[6], p[7])
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return v4(p[6], p[7])
  if (p[0] === 0x2002) return v4(p[1], p[2])
  return null
}

/**
 * Whether a webhook may reach this address: IPv4 only in public unicast space (no loopback,
 * private, carrier-grade NAT, link-local, multicast, broadcast, unspecified or reserved
 * address); IPv6 only in global unicast space (2000::/3, less the special ranges), or an IPv6
 * form of an IPv4 address that passes; never an address of this machine. Ranges are
 * ipaddr.js's (IANA's special-purpose registries).
 */
export function publicAddress(text: string, machine: Machine = thisMachine()): boolean {
  if (!ipaddr.isValid(text)) return false
  let addr = ipaddr.parse(text)
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6
    const carried = embeddedIPv4(v6)
    if (carried) addr = carried
    else if (v6.zoneId || v6.range() !== 'unicast' || v6.parts[0] >> 13 !== 1) return false
  }
  if (addr.kind() === 'ipv4' && addr.range() !== 'unicast') return false
  const own = new Set(
    machine.addresses.filter((a) => ipaddr.isValid(a)).map((a) => canonical(ipaddr.parse(a))),
  )
  return !own.has(canonical(addr))
}

/** An IP literal of a URL's host (`[::1]` without brackets), or null for a name. */
function literal(host: string) {
  const bare = host.replace(/^\[(.*)\]$/, '$1')
  return ipaddr.IPv4.isValidFourPartDecimal(bare) || (bare !== host && ipaddr.IPv6.isValid(bare))
    ? bare
    : null
}

/**
 * Whether a host name can be on the public internet at all: a name with a dot, without a
 * trailing dot (`localhost.` escapes suffix rules), not a local-only name, not this machine's.
 */
function publicName(host: string, machine: Machine) {
  if (!host.includes('.') || host.endsWith('.')) return false
  if (LOCAL_NAMES.test(host)) return false
  return host !== machine.hostName
}

async function resolveWithin(resolve: ResolveHost, host: string) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), RESOLVE_TIMEOUT_MS)
  })
  try {
    return await Promise.race([resolve(host), late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The address a webhook URL is posted to, checked: its IP literal, or the first address its
 * name resolves to when every one of them is public. Throws WebhookRefused otherwise (a name
 * that does not resolve included: it is refused the same, so nothing is learnt from the answer).
 */
export async function checkedAddress(
  url: URL,
  resolve: ResolveHost,
  machine: Machine = thisMachine(),
): Promise<string> {
  const host = url.hostname.toLowerCase()
  const ip = literal(host)
  if (ip !== null) {
    if (!publicAddress(ip, machine)) throw new WebhookRefused()
    return ip
  }
  if (!publicName(host, machine)) throw new WebhookRefused()
  let addresses: string[]
  try {
    addresses = await resolveWithin(resolve, host)
  } catch {
    throw new WebhookRefused()
  }
  if (!addresses.length || !addresses.every((a) => publicAddress(a, machine)))
    throw new WebhookRefused()
  return addresses[0]
}

/** The syntax: https, no credentials. Throws 400 with what is wrong. */
function parseWebhookUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    throw new BadRequest('Each webhook must be an https URL')
  }
  if (url.protocol !== 'https:') throw new BadRequest('Each webhook must be an https URL')
  if (url.username || url.password)
    throw new BadRequest('A webhook URL may not carry a user name or password')
  return url
}

/**
 * Trimmed, each an https URL without credentials on a public host (resolved now), no
 * duplicates, at most 5. Throws 400 with the first problem.
 */
export async function cleanWebhookUrls(list: string[], resolve: ResolveHost): Promise<string[]> {
  const out: string[] = []
  for (const raw of list) {
    const url = parseWebhookUrl(raw)
    if (!out.includes(url.href)) out.push(url.href)
  }
  if (out.length > MAX_WEBHOOKS) throw new BadRequest(`At most ${MAX_WEBHOOKS} webhooks`)
  const machine = thisMachine()
  const checks = await Promise.allSettled(
    out.map((href) => checkedAddress(new URL(href), resolve, machine)),
  )
  if (checks.some((c) => c.status === 'rejected')) throw new BadRequest(NOT_PUBLIC)
  return out
}

/** What posting needs of `fetch` (tests stand a local server in for the chat service). */
export type Poster = (url: string, init: RequestInit) => Promise<Response>

type Connect = (url: string, init: BunFetchRequestInit) => Promise<Response>

/**
 * A request to `url` sent to `address`, which was checked: the URL's host replaced by that
 * address, the name kept as the Host header and as the TLS server name (SNI, and the name the
 * certificate is verified against), so the connection is the service's, verified, and nothing
 * resolves the name again. `connect` is fetch (tests give a spy).
 */
export function connectTo(url: URL, address: string, init: RequestInit, connect: Connect = fetch) {
  const host = url.hostname.toLowerCase()
  if (literal(host) !== null) return connect(url.href, init)
  const target = new URL(url.href)
  target.hostname = address.includes(':') ? `[${address}]` : address
  const headers = new Headers(init.headers)
  headers.set('host', url.host)
  return connect(target.href, { ...init, headers, tls: { serverName: host } })
}

/**
 * The poster of the running server: checks the URL as Settings does (resolving its name once),
 * then connects to the address it checked.
 */
export function webhookPoster(
  resolve: ResolveHost,
  connect: Connect = fetch,
  machine: () => Machine = thisMachine,
): Poster {
  return async (href, init) => {
    const url = parseWebhookUrl(href)
    const address = await checkedAddress(url, resolve, machine())
    return connectTo(url, address, init, connect)
  }
}
