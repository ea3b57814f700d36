// Attack class: webhook addresses (server-side request forgery through Settings → Delivery). A
// webhook reaches only the public internet: every way of naming this machine or a private
// network is refused when the URL is saved and again when it is posted to; the post goes to the
// address that was checked; and the delivery status of a refused address reads like that of an
// unreachable one.
import { afterAll, describe, expect, test } from 'bun:test'
import { hostname } from 'node:os'
import { eq } from 'drizzle-orm'
import { deliveries, userSettings } from '../db/schema'
import { isoDate } from '../lib/time'
import { weekStart } from '../lib/weeks'
import { postDueWebhooks } from '../modules/sending/delivery/chat'
import {
  checkedAddress,
  connectTo,
  NOT_PUBLIC,
  publicAddress,
  type ResolveHost,
  webhookPoster,
} from '../modules/sending/queue/chat-urls'
import { createTestApp, signIn } from '../test/helpers'

/** A resolver answering from a table; a name not in it does not resolve. */
function table(entries: Record<string, string[]>) {
  const asked: string[] = []
  const resolve: ResolveHost = async (host) => {
    asked.push(host)
    const found = entries[host]
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return found
  }
  return { resolve, asked }
}

const NAMES = table({
  'hooks.slack.com': ['52.1.2.3'],
  'hook.example.com': ['8.8.8.8'],
  'down.example.com': ['8.8.4.4'],
  'v6.example.com': ['2001:4860:4860::8888'],
  'rebind.example.com': ['127.0.0.1'],
  'mixed.example.com': ['8.8.8.8', '10.0.0.1'],
  'private6.example.com': ['fd12:3456::1'],
  'nat64-private.example.com': ['64:ff9b::a00:1'],
  'mapped.example.com': ['::ffff:192.168.1.1'],
  'metadata.example.com': ['169.254.169.254'],
})

/** What Settings must refuse, each with the one answer that says nothing of the network. */
const REFUSED = [
  'https://localhost.:4114/hook',
  'https://metadata.google.internal./computeMetadata/v1/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://foo.localhost./hook',
  'https://printer.local/hook',
  `https://${hostname()}/hook`,
  'https://intranet/hook',
  'https://127.0.0.1/hook',
  'https://2130706433/hook',
  'https://0x7f.1/hook',
  'https://0.0.0.0/hook',
  'https://10.1.2.3/hook',
  'https://100.64.0.1/hook',
  'https://169.254.169.254/latest/meta-data/',
  'https://172.16.0.1/hook',
  'https://192.168.0.9/hook',
  'https://224.0.0.1/hook',
  'https://[::1]/hook',
  'https://[::]/hook',
  'https://[::127.0.0.1]/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[64:ff9b::7f00:1]/hook',
  'https://[64:ff9b:1::1]/hook',
  'https://[2002:7f00:1::]/hook',
  'https://[2002:a00:1::]/hook',
  'https://[2001::1]/hook',
  'https://[fe80::1]/hook',
  'https://[fd00::1]/hook',
  'https://[ff02::1]/hook',
  'https://rebind.example.com/hook',
  'https://mixed.example.com/hook',
  'https://private6.example.com/hook',
  'https://nat64-private.example.com/hook',
  'https://mapped.example.com/hook',
  'https://metadata.example.com/hook',
  'https://nowhere.example.com/hook',
]

const ACCEPTED = [
  'https://8.8.8.8/hook',
  'https://[2001:4860:4860::8888]/hook',
  'https://[64:ff9b::808:808]/hook',
  'https://[2002:808:808::1]/hook',
  'https://hooks.slack.com/services/T/B/x',
  'https://v6.example.com/hook',
]

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
async function setUp() {
  const ctx = await createTestApp()
  ctx.config.resolveHost = NAMES.resolve
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  const report = (
    await ada.api.reports.post({
      week_start_date: weekStart(isoDate(), 'monday'),
      title: 'Board brief',
    })
  ).data!
  return { ...ctx, ada, report }
}

// A local HTTP server stands in for the chat service: the posts that reach it are recorded.
const arrived: Array<{ host: string | null; path: string; body: string }> = []
const standIn = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: async (req) => {
    arrived.push({
      host: req.headers.get('host'),
      path: new URL(req.url).pathname,
      body: await req.text(),
    })
    return new Response('ok')
  },
})
afterAll(() => standIn.stop(true))

describe('webhook addresses', () => {
  test('Settings refuses every way of naming this machine or a private network with one answer, and saves nothing', async () => {
    const { ada } = await setUp()
    await ada.api.settings.put({ webhook_urls: ['https://hooks.slack.com/services/T/B/x'] })
    for (const url of REFUSED) {
      const res = await ada.api.settings.put({ webhook_urls: [url] })
      expect({ url, status: res.status, answer: res.error?.value }).toEqual({
        url,
        status: 400,
        answer: { error: NOT_PUBLIC },
      })
    }
    expect((await ada.api['user-settings'].get()).data?.webhook_urls).toEqual([
      'https://hooks.slack.com/services/T/B/x',
    ])
  })

  test('public IPv4 and IPv6 addresses and public names are accepted', async () => {
    const { ada } = await setUp()
    for (const url of ACCEPTED) {
      const res = await ada.api.settings.put({ webhook_urls: [url] })
      expect({ url, status: res.status }).toEqual({ url, status: 200 })
      expect(res.data?.webhook_urls).toEqual([url])
    }
  })

  test('the account import refuses them the same and imports nothing', async () => {
    const { ada } = await setUp()
    const doc = (await ada.api.export.get()).data!
    for (const url of ['https://localhost.:4114/hook', 'https://rebind.example.com/hook']) {
      // The export's answer type is not the import's body type (the export's settings and rows
      // are open records; the import's weekdays infer as `never`), so the file goes by its path.
      const res = await ada.post('/api/import', {
        ...doc,
        settings: { ...doc.settings, webhook_urls: [url] },
      })
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(NOT_PUBLIC)
    }
    expect((await ada.api['user-settings'].get()).data?.webhook_urls).toEqual([])
  })

  test("this machine's own addresses and host name are refused even where they are public", async () => {
    const machine = { hostName: 'cadence-1.example.com', addresses: ['8.8.4.4', '2a00:1450::5'] }
    expect(publicAddress('8.8.4.4', machine)).toBe(false)
    expect(publicAddress('::ffff:8.8.4.4', machine)).toBe(false)
    expect(publicAddress('2a00:1450:0:0:0:0:0:5', machine)).toBe(false)
    expect(publicAddress('8.8.8.8', machine)).toBe(true)
    const { resolve } = table({
      'cadence-1.example.com': ['8.8.8.8'],
      'alias.example.com': ['8.8.4.4'],
    })
    for (const name of ['cadence-1.example.com', 'alias.example.com'])
      await expect(checkedAddress(new URL(`https://${name}/x`), resolve, machine)).rejects.toThrow(
        NOT_PUBLIC,
      )
  })

  test('a post goes to the address that was checked, under its own name, resolved once', async () => {
    const { ada, db, config, report } = await setUp()
    await ada.api.settings.put({ webhook_urls: ['https://hook.example.com:8443/in?key=1'] })
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    const names = table({ 'hook.example.com': ['8.8.8.8'] })
    const connects: Array<{ url: string; host: string | null; serverName?: string }> = []
    // The spy connects to the stand-in instead of 8.8.8.8, with what it was given.
    const poster = webhookPoster(names.resolve, (url, init) => {
      connects.push({
        url,
        host: new Headers(init.headers).get('host'),
        serverName: init.tls?.serverName,
      })
      const path = new URL(url)
      return fetch(`http://127.0.0.1:${standIn.port}${path.pathname}${path.search}`, init)
    })
    arrived.length = 0
    expect(await postDueWebhooks({ db, config }, poster)).toBe(1)
    expect(names.asked).toEqual(['hook.example.com'])
    expect(connects).toEqual([
      {
        url: 'https://8.8.8.8:8443/in?key=1',
        host: 'hook.example.com:8443',
        serverName: 'hook.example.com',
      },
    ])
    expect(arrived).toHaveLength(1)
    expect(arrived[0].host).toBe('hook.example.com:8443')
    expect(JSON.parse(arrived[0].body).title).toBe('Board brief')
  })

  test('a name that turns private after Save reaches nothing, and its status reads as an unreachable one', async () => {
    const { ada, db, config, report } = await setUp()
    const saved = await ada.api.settings.put({
      webhook_urls: ['https://hook.example.com/in', 'https://down.example.com/in'],
    })
    expect(saved.status).toBe(200)
    // Saved before these rules (or written straight into the row): refused on posting all the same.
    const [settings] = await db.orm.select().from(userSettings)
    const urls = [...JSON.parse(settings.webhook_urls ?? '[]'), 'https://localhost.:4114/in']
    await db.orm
      .update(userSettings)
      .set({ webhook_urls: JSON.stringify(urls) })
      .where(eq(userSettings.user_id, settings.user_id))
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    // The name now answers this machine (DNS rebinding); down.example.com stays public but
    // nothing answers there.
    const names = table({ 'hook.example.com': ['127.0.0.1'], 'down.example.com': ['8.8.8.8'] })
    const connected: string[] = []
    const poster = webhookPoster(names.resolve, async (url) => {
      connected.push(url)
      throw new Error('connect ECONNREFUSED 8.8.8.8:443')
    })
    arrived.length = 0
    expect(await postDueWebhooks({ db, config }, poster)).toBe(0)
    expect(connected).toEqual(['https://8.8.8.8/in'])
    expect(arrived).toHaveLength(0)
    const listed = (await ada.api.reports({ uuid: report.uuid }).deliveries.get()).data!
    const hooks = listed
      .filter((d) => d.kind === 'webhook')
      .map((d) => ({
        status: d.status,
        attempts: d.attempts,
        error: d.last_error?.replace(d.recipients[0], '<host>'),
      }))
    expect(hooks).toHaveLength(3)
    // Refused and unreachable read alike: same status, same attempts, same words.
    for (const hook of hooks)
      expect(hook).toEqual({ status: 'pending', attempts: 1, error: 'Could not reach <host>' })
  })

  test("the running server's poster checks too: nothing is posted to an address refused at sending", async () => {
    const { ada, db, config, report } = await setUp()
    await ada.api.settings.put({ webhook_urls: ['https://hook.example.com/in'] })
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    config.resolveHost = table({ 'hook.example.com': [`127.0.0.1`] }).resolve
    expect(await postDueWebhooks({ db, config })).toBe(0)
    const [row] = await db.orm.select().from(deliveries).where(eq(deliveries.kind, 'webhook'))
    expect(row).toMatchObject({ status: 'pending', last_error: 'Could not reach hook.example.com' })
  })

  test('over TLS the connection to the checked address is verified against the name, not the address', async () => {
    const tls = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      tls: { key: TEST_KEY, cert: TEST_CERT },
      fetch: (req) => Response.json({ host: req.headers.get('host') }),
    })
    try {
      const trusting = (url: string, init: BunFetchRequestInit) =>
        fetch(url, { ...init, tls: { ...init.tls, ca: TEST_CERT } })
      const ok = await connectTo(
        new URL(`https://hook.example.com:${tls.port}/in`),
        '127.0.0.1',
        { method: 'POST', body: '{}' },
        trusting,
      )
      expect(await ok.json()).toEqual({ host: `hook.example.com:${tls.port}` })
      // The certificate is for hook.example.com: another name at the same address is refused.
      await expect(
        connectTo(new URL(`https://other.example.com:${tls.port}/in`), '127.0.0.1', {}, trusting),
      ).rejects.toThrow()
    } finally {
      tls.stop(true)
    }
  })
})

// A self-signed certificate for hook.example.com (until 2126), for the TLS stand-in only.
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgOlO8iPpf+z5nZdAb
vYceAHjsXIGjj4IbK8I2rTmfBvWhRANCAATQjBsL0EXtGcS/JNJPlpzInHiyvcXE
LLOrUcJq77ls5qCWadb2SbCdMUoEuw2roMHX54WtqOjj9d9+4WvwEqdI
-----END PRIVATE KEY-----
`
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBqTCCAVCgAwIBAgIUCDZFt4baReH4o9pg9GMiWa7zNaYwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQaG9vay5leGFtcGxlLmNvbTAgFw0yNjExMjUxNjQwMzRaGA8y
MTI2MTEwMTE2NDAzNFowGzEZMBcGA1UEAwwQaG9vay5leGFtcGxlLmNvbTBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABNCMGwvQRe0ZxL8k0k+WnMiceLK9xcQss6tR
wmrvuWzmoJZp1vZJsJ0xSgS7Daugwdfnha2o6OP1337ha/ASp0ijcDBuMB0GA1Ud
DgQWBBQY7xWz3A4Okgt5PmUN44i6N9TQtzAfBgNVHSMEGDAWgBQY7xWz3A4Okgt5
PmUN44i6N9TQtzAPBgNVHRMBAf8EBTADAQH/MBsGA1UdEQQUMBKCEGhvb2suZXhh
bXBsZS5jb20wCgYIKoZIzj0EAwIDRwAwRAIgJhgnvhE7kv6gAuOaI7s4ckUdfYVa
P8cJVq7jK5FTtagCIFZGQqKG7jcNeuaau5pD3Kjx+FsP4JB2oLwxzDyGCe2E
-----END CERTIFICATE-----
`
