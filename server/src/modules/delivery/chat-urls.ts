/**
 * Which webhook URLs a user may save (Settings → Delivery, the account import): https on a public
 * host. Apart from the poster (chat.ts) so settings and import validate without loading it.
 */
import { BlockList, isIP } from 'node:net'
import { BadRequest } from '../../lib/errors'

export const MAX_WEBHOOKS = 5

/**
 * Addresses a webhook may not point at: this machine, private networks, link-local (cloud
 * metadata), carrier-grade NAT and IPv4-mapped IPv6 (no SSRF by settings).
 */
const PRIVATE = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6')

/** Hosts a webhook may not point at: local names and the addresses above. */
function privateHost(host: string) {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h.endsWith('.local') ||
    h.endsWith('.internal')
  )
    return true
  const type = isIP(h)
  return type !== 0 && PRIVATE.check(h, type === 6 ? 'ipv6' : 'ipv4')
}

/** Trimmed, each an https URL on a public host without credentials, no duplicates, at most 5. */
export function cleanWebhookUrls(list: string[]): string[] {
  const out: string[] = []
  for (const raw of list) {
    const text = raw.trim()
    let url: URL
    try {
      url = new URL(text)
    } catch {
      throw new BadRequest('Each webhook must be an https URL')
    }
    if (url.protocol !== 'https:') throw new BadRequest('Each webhook must be an https URL')
    if (url.username || url.password)
      throw new BadRequest('A webhook URL may not carry a user name or password')
    if (privateHost(url.hostname))
      throw new BadRequest(
        'A webhook must be on a public host, not this machine or a private network',
      )
    if (!out.includes(url.href)) out.push(url.href)
  }
  if (out.length > MAX_WEBHOOKS) throw new BadRequest(`At most ${MAX_WEBHOOKS} webhooks`)
  return out
}
