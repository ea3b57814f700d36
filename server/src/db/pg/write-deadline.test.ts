// Bounded failure on the group-commit path: with PostgreSQL frozen (SIGSTOP to the cluster this
// test started), every item write answers 503 with Retry-After within the statement timeout plus
// one second — the writes queued behind a hung batch included, which used to wait for that batch
// to fail and then for their own (twice the bound).
import { afterAll, describe, expect, test } from 'bun:test'
import { type Postgres, startPostgres } from '../../../../scripts/postgres'
import { createApp } from '../../app'
import { loadConfig } from '../../config'
import { testEngine } from '../../test/engines'
import { freePort, httpSignIn } from '../../test/http'
import type { Engine } from '../engine'
import { openPostgres } from '.'

const servers: Array<{ stop: (force: boolean) => unknown }> = []
let cluster: Postgres | null = null
afterAll(async () => {
  cluster?.thaw()
  for (const server of servers) server.stop(true)
  await cluster?.stop()
}, 20_000)

// statement_timeout 1 s: the client gives up a second later, so the bound is 2 s.
const STATEMENT_S = 1
const BOUND_MS = (STATEMENT_S + 1) * 1000
// What a loaded machine may add to an answer (HTTP, the event loop, a descheduled process):
// anything short of a second deadline. Waiting behind a hung batch, the failure this guards
// against, takes twice the bound.
const SLACK_MS = BOUND_MS - 250

describe('a hung PostgreSQL and the group commit', () => {
  if (testEngine() !== 'pg') return
  test('item creates and edits all answer 503 within the statement timeout + 1 s', async () => {
    cluster = await startPostgres()
    const db = (await openPostgres(cluster.url, {
      max: 4,
      connectTimeout: 1,
      statementTimeout: STATEMENT_S,
      pingTimeout: 1,
    })) as unknown as Engine
    const port = freePort()
    const base = `http://127.0.0.1:${port}`
    const config = loadConfig({ DATABASE_PATH: ':memory:', PUBLIC_URL: base })
    const app = createApp({ db, config, signInLimit: 1000 }).listen({
      port,
      hostname: '127.0.0.1',
    })
    servers.push(app.server as NonNullable<typeof app.server>)
    const cookie = await httpSignIn(base, 'ada@example.com')
    const call = async (method: string, path: string, body: unknown) => {
      const started = performance.now()
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, 'content-type': 'application/json', origin: base },
        body: JSON.stringify(body),
      })
      const json = await res.json()
      return { status: res.status, json, ms: performance.now() - started, res }
    }
    expect(
      (await call('POST', '/api/section-templates', { name: 'Highlights', type: 'standard' }))
        .status,
    ).toBe(200)
    const report = (
      await call('POST', '/api/reports', { week_start_date: '2026-11-16', carry_over: false })
    ).json
    const section = report.sections[0].id
    const items = []
    for (let i = 0; i < 4; i++)
      items.push(
        (await call('POST', '/api/section-items', { section_id: section, content: `i${i}` })).json,
      )
    expect(items.every((item) => typeof item.id === 'number')).toBe(true)

    cluster.freeze()
    try {
      // More writes than the batches that may run at once, arriving over a few moments.
      const writes: ReturnType<typeof call>[] = []
      for (let i = 0; i < 24; i++) {
        writes.push(
          i % 3 === 2
            ? call('PUT', `/api/section-items/${items[i % 4].id}`, { content: `edit ${i}` })
            : call('POST', '/api/section-items', { section_id: section, content: `new ${i}` }),
        )
        if (i % 6 === 5) await Bun.sleep(150)
      }
      const answers = await Promise.all(writes)
      for (const answer of answers) {
        expect(answer.status).toBe(503)
        expect(answer.res.headers.get('retry-after')).toBe('5')
        expect(answer.ms).toBeLessThan(BOUND_MS + SLACK_MS)
      }
    } finally {
      cluster.thaw()
    }
    // Thawed: the same instance writes again.
    let status = 0
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await call('POST', '/api/section-items', { section_id: section, content: 'back' }))
        .status
      if (status !== 200) await Bun.sleep(250)
    }
    expect(status).toBe(200)
    await db.close()
  }, 60_000)
})
