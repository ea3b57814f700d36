import { afterAll, describe, expect, test } from 'bun:test'
import { composeBrief } from '@cadence/core'
import { eq } from 'drizzle-orm'
import { deliveries } from '../../../db/schema'
import { isoDate } from '../../../lib/time'
import { weekStart } from '../../../lib/weeks'
import { createTestApp, makeClient, signIn } from '../../../test/helpers'
import { chatBlocks, type Poster, postDueWebhooks, webhookBody } from './chat'

// A local HTTP server stands in for Slack, Teams and a generic webhook: no chat service is reached.
const received: Array<{ path: string; body: unknown }> = []
let answer = 200
const chat = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: async (req) => {
    received.push({ path: new URL(req.url).pathname, body: await req.json() })
    return new Response(answer === 200 ? 'ok' : 'invalid_token secret-detail', { status: answer })
  },
})
afterAll(() => chat.stop(true))
/** Posts to the stand-in, keeping the service's path so each URL can be told apart. */
const post: Poster = (url, init) =>
  fetch(
    `http://127.0.0.1:${chat.port}${new URL(url).host === 'hooks.slack.com' ? '/slack' : new URL(url).host.endsWith('webhook.office.com') ? '/teams' : new URL(url).host === 'discord.com' ? '/discord' : '/json'}`,
    init,
  )

const SLACK = 'https://hooks.slack.com/services/T000/B000/XXXX'
const TEAMS = 'https://acme.webhook.office.com/webhookb2/abc'
const JSON_HOOK = 'https://example.org/hooks/cadence'
const DISCORD = 'https://discord.com/api/webhooks/123/abc'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
async function setUp() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  const apollo = (await ada.api.projects.post({ name: 'Apollo' })).data!
  const report = (
    await ada.api.reports.post({
      week_start_date: weekStart(isoDate(), 'monday'),
      title: 'Board brief',
      summary: 'A good week',
    })
  ).data!
  await ada.api['section-items'].post({
    section_id: report.sections[0].id,
    content: 'Beta',
    project_id: apollo.id,
  })
  await ada.api
    .reports({ uuid: report.uuid })
    ['project-health']({ project_uuid: apollo.uuid })
    .put({ health: 'at_risk', note: 'Vendor late' })
  return { ...ctx, ada, report }
}

describe('chat delivery', () => {
  test('Settings → Delivery takes https webhook URLs only, on public hosts, at most 5', async () => {
    const { ada } = await setUp()
    const bad = async (urls: string[], error: string) => {
      const res = await ada.api.settings.put({ webhook_urls: urls })
      expect(res.status).toBe(400)
      expect(res.error?.value).toEqual({ error })
    }
    await bad(['http://hooks.slack.com/services/x'], 'Each webhook must be an https URL')
    await bad(['not a url'], 'Each webhook must be an https URL')
    await bad(
      ['https://user:pw@example.org/h'],
      'A webhook URL may not carry a user name or password',
    )
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.9',
      '[::1]',
      'metadata.internal',
    ])
      await bad(
        [`https://${host}/hook`],
        'A webhook must be on a public host, not this machine or a private network',
      )
    await bad(
      [1, 2, 3, 4, 5, 6].map((n) => `https://example.org/${n}`),
      'At most 5 webhooks',
    )
    expect((await ada.api['user-settings'].get()).data?.webhook_urls).toEqual([])
    const ok = await ada.api.settings.put({
      webhook_urls: [` ${SLACK} `, TEAMS, JSON_HOOK, SLACK],
    })
    expect(ok.status).toBe(200)
    expect(ok.data?.webhook_urls).toEqual([SLACK, TEAMS, JSON_HOOK])
    expect((await ada.api['user-settings'].get()).data?.webhook_urls).toEqual([
      SLACK,
      TEAMS,
      JSON_HOOK,
    ])
  })

  test('Send posts the title, the health table and the summary with a private link, in each service’s format', async () => {
    const { app, ada, db, report, config } = await setUp()
    await ada.api.settings.put({ webhook_urls: [SLACK, TEAMS, JSON_HOOK] })
    received.length = 0
    answer = 200
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    const queued = await db.orm.select().from(deliveries).where(eq(deliveries.kind, 'webhook'))
    expect(queued).toHaveLength(3)
    expect(await postDueWebhooks({ db, config }, post)).toBe(3)
    // biome-ignore lint/suspicious/noExplicitAny: the posted bodies are read field by field
    const byPath = Object.fromEntries(received.map((r) => [r.path, r.body])) as Record<string, any>
    expect(byPath['/slack'].text).toContain('*Board brief*')
    expect(byPath['/slack'].text).toContain('Apollo: At risk (new) — Vendor late')
    // The whole brief in the composition's order, in the generic JSON post.
    expect(byPath['/json'].text).toContain('Highlights\n• Apollo — • Beta')
    expect(byPath['/slack'].text).toContain('A good week')
    const card = byPath['/teams'].attachments[0].content
    expect(card.type).toBe('AdaptiveCard')
    expect(JSON.stringify(card.body)).toContain('Apollo: At risk')
    expect(byPath['/json']).toMatchObject({
      title: 'Board brief',
      summary: 'A good week',
      project_health: [expect.objectContaining({ project_name: 'Apollo', health: 'at_risk' })],
    })
    // The link in the post opens the report for a reader.
    const token = (byPath['/json'].url as string).split('/r/')[1]
    expect((await makeClient(app).api.shared({ token }).get()).status).toBe(200)
    // The report page says where it was posted, never the URL (a credential of the channel).
    const listed = (await ada.api.reports({ uuid: report.uuid }).deliveries.get()).data!
    const hooks = listed.filter((d) => d.kind === 'webhook')
    expect(hooks.map((d) => [d.recipients[0], d.status]).sort()).toEqual([
      ['Microsoft Teams', 'sent'],
      ['Slack', 'sent'],
      ['example.org', 'sent'],
    ])
    expect(JSON.stringify(listed)).not.toContain('XXXX')
    // Nothing posts twice.
    expect(await postDueWebhooks({ db, config }, post)).toBe(0)
  })

  test('a failing webhook is retried, then failed with a plain error and its link revoked; Retry queues it again', async () => {
    const { ada, db, report, config } = await setUp()
    await ada.api.settings.put({ webhook_urls: [SLACK] })
    answer = 500
    received.length = 0
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    let now = Date.now()
    for (let i = 0; i < 5; i++) {
      await postDueWebhooks({ db, config }, post, new Date(now))
      now += 61 * 60_000
    }
    const [row] = await db.orm.select().from(deliveries).where(eq(deliveries.kind, 'webhook'))
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 5,
      last_error: 'Slack answered HTTP 500',
    })
    expect(received).toHaveLength(5)
    // Every link a failed post carried is revoked: none of them opens the report.
    const links = (await ada.api.shares.get()).data!.shares
    expect(links).toHaveLength(5)
    expect(links.every((l) => l.revoked_at)).toBe(true)
    // An unreachable service says so without its address.
    const unreachable: Poster = () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.1:443'))
    expect((await ada.api.deliveries({ id: row.id }).retry.post()).status).toBe(200)
    await postDueWebhooks({ db, config }, unreachable)
    const [again] = await db.orm.select().from(deliveries).where(eq(deliveries.id, row.id))
    expect(again).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Could not reach Slack',
    })
  })

  test('two instances posting at once post each delivery once', async () => {
    const { ada, db, report, config } = await setUp()
    await ada.api.settings.put({ webhook_urls: [SLACK, JSON_HOOK] })
    answer = 200
    received.length = 0
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    const results = await Promise.all([
      postDueWebhooks({ db, config }, post),
      postDueWebhooks({ db, config }, post),
    ])
    expect(results[0] + results[1]).toBe(2)
    expect(received).toHaveLength(2)
  })
})

describe('the chat post carries the brief as sent', () => {
  test('asks, decisions and metrics of the edition, and an update says "Updated <date>: <note>"', async () => {
    const { ada, db, report, config } = await setUp()
    await ada.api.settings.put({ webhook_urls: [SLACK, TEAMS, DISCORD, JSON_HOOK] })
    const ask = (
      await ada.api['section-items'].post({
        section_id: report.sections[0].id,
        content: 'Approve the Q1 hiring budget',
      })
    ).data!
    expect((await ada.api['section-items']({ id: ask.id }).put({ is_ask: true })).status).toBe(200)
    const decided = await ada.api.decisions.post({
      title: 'Move the launch to March',
      decided_on: report.week_start_date,
    })
    expect(decided.status).toBe(200)
    const signups = (await ada.api.metrics.post({ name: 'Signups', direction: 'up' })).data!
    const value = await ada.api
      .reports({ uuid: report.uuid })
      ['metric-values']({ metric_id: signups.id })
      .put({ value: 150 })
    expect(value.status).toBe(200)
    answer = 200
    received.length = 0
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    // An edit after the Send stays out of the posts until the update.
    await ada.api['section-items']({ id: ask.id }).put({ content: 'Approve the Q2 budget' })
    expect(await postDueWebhooks({ db, config }, post)).toBe(4)
    // biome-ignore lint/suspicious/noExplicitAny: the posted bodies are read field by field
    const first = Object.fromEntries(received.map((r) => [r.path, r.body])) as Record<string, any>
    const slack = first['/slack'].text as string
    expect(slack).toContain('*Asks of you*\n• Approve the Q1 hiring budget')
    expect(slack).toMatch(/\*Decided this week\*\n• Move the launch to March \(.+\)/)
    expect(slack).toContain('*Metrics*\n• Signups: 150')
    expect(slack).not.toContain('Updated')
    expect(slack.indexOf('Project health')).toBeLessThan(slack.indexOf('Asks of you'))
    expect(first['/discord'].content).toContain('**Asks of you**\n• Approve the Q1 hiring budget')
    expect(first['/discord'].allowed_mentions).toEqual({ parse: [] })
    expect(JSON.stringify(first['/teams'])).toContain('- Move the launch to March')
    expect(first['/json']).toMatchObject({
      updated: null,
      asks: [{ content: 'Approve the Q1 hiring budget' }],
      decisions: [{ title: 'Move the launch to March' }],
      metrics: [{ name: 'Signups', value: 150 }],
    })

    received.length = 0
    const update = await ada.api.reports({ uuid: report.uuid }).editions.post({
      note: 'Budget is for Q2',
    })
    expect(update.status).toBe(201)
    expect(await postDueWebhooks({ db, config }, post)).toBe(4)
    // biome-ignore lint/suspicious/noExplicitAny: the posted bodies are read field by field
    const next = Object.fromEntries(received.map((r) => [r.path, r.body])) as Record<string, any>
    const day = new Date().toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
    expect(next['/slack'].text).toContain(`_Updated ${day}: Budget is for Q2_`)
    expect(next['/slack'].text).toContain('• Approve the Q2 budget')
    expect(next['/discord'].content).toContain(`_Updated ${day}: Budget is for Q2_`)
    expect(JSON.stringify(next['/teams'])).toContain(`Updated ${day}: Budget is for Q2`)
    expect(next['/json'].updated).toBe(`Updated ${day}: Budget is for Q2`)
  })

  test("a long brief fits each service's limit: each list shows its first 5, the link always stays", () => {
    const composed = composeBrief(
      {
        title: 'Board <brief> & more',
        week_start_date: '2026-11-23',
        summary: 'x'.repeat(5_000),
        sent_date: null,
        author: { name: null, title: null },
        organisation_name: null,
        sections: [],
        project_health: [],
        asks: Array.from({ length: 8 }, (_, i) => ({
          id: i,
          content: `Ask ${i + 1}`,
          project_name: null,
        })),
      },
      { edition: null, startDay: 'monday', endDay: 'friday' },
    )
    const brief = { composed, url: 'https://cadence.example/r/token' }
    expect(chatBlocks(composed)).toEqual([
      {
        title: 'Asks of you',
        lines: ['Ask 1', 'Ask 2', 'Ask 3', 'Ask 4', 'Ask 5', '+3 more in the report'],
      },
    ])
    const discord = webhookBody('discord', brief) as { content: string }
    expect(discord.content.length).toBeLessThanOrEqual(2_000)
    expect(discord.content.endsWith('Read the report: <https://cadence.example/r/token>')).toBe(
      true,
    )
    const slack = webhookBody('slack', brief) as { text: string }
    expect(slack.text.length).toBeLessThanOrEqual(4_000)
    expect(
      slack.text.startsWith(
        '_Not sent yet · Weekly Report · Nov 23 – Nov 27, 2026_\n\n*Board &lt;brief&gt; &amp; more*',
      ),
    ).toBe(true)
    expect(slack.text.endsWith('<https://cadence.example/r/token|Read the report>')).toBe(true)
    const teams = JSON.stringify(webhookBody('teams', brief))
    expect(teams.length).toBeLessThan(28_000)
    expect(teams).toContain('https://cadence.example/r/token')
  })
})
