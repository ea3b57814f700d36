// Graceful stop releases what it holds (run.ts, stopDeliveries; src/index.ts calls it on
// SIGTERM): a send in flight to a slow SMTP relay either finishes within the grace period and is
// recorded, or gives its delivery back at once — not leased for 10 minutes — and the next
// instance (another engine handle on the same database) sends it, once. Nothing more is claimed
// once stopping.
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { startTestSmtp, type TestSmtp } from '../../../../testing/smtp-test-server'
import { loadConfig } from '../../../config'
import type { AppContext } from '../../../context'
import { type Db, openDatabase } from '../../../db'
import { openPostgres } from '../../../db/pg'
import { deliveries, users } from '../../../db/schema'
import { freshTestDatabaseUrl, testEngine } from '../../../test/engines'
import { ORIGIN } from '../../../test/helpers'
import { smtpTransport } from './mail-worker'
import { type Delivery, runDueDeliveries, stopDeliveries } from './run'

const dir = mkdtempSync(join(tmpdir(), 'cadence-run-stop-'))
const cleanups: Array<() => unknown> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  rmSync(dir, { recursive: true, force: true })
}, 30_000)

/** An SMTP relay that takes `delayMs` to answer the message; counts only what it answered 250 to. */
async function slowSmtp(delayMs: number) {
  const state = { started: 0, accepted: 0 }
  const closed = new Set<string>()
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onClose(session) {
      closed.add(session.id)
    },
    onData(stream, session, callback) {
      state.started++
      stream.on('data', () => {})
      stream.on('end', () =>
        setTimeout(() => {
          if (!closed.has(session.id)) state.accepted++
          callback()
        }, delayMs),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  // biome-ignore lint/suspicious/noExplicitAny: the server's net.Server is not in the typings
  const port = (server as any).server.address().port as number
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve(null))))
  return { url: `smtp://127.0.0.1:${port}`, state }
}

/** Two instances' handles on one database, with `count` report e-mails due. */
async function twoInstances(count: number) {
  const open = async () => {
    const db =
      testEngine() === 'pg'
        ? ((await openPostgres(url as string, { max: 2 })) as unknown as Db)
        : openDatabase(path)
    cleanups.push(() => db.close())
    return db
  }
  const url = testEngine() === 'pg' ? await freshTestDatabaseUrl() : undefined
  const path = join(dir, `${Math.random().toString(36).slice(2)}.db`)
  const a = await open()
  const b = await open()
  const config = loadConfig({ DATABASE_PATH: ':memory:', PUBLIC_URL: ORIGIN })
  const [user] = await a.orm
    .insert(users)
    .values({ provider: 'dev', provider_user_id: 'ada', email: 'ada@example.com', name: 'Ada' })
    .returning()
  const due = new Date(Date.now() - 60_000).toISOString()
  const rows = await a.orm
    .insert(deliveries)
    .values(
      Array.from({ length: count }, () => ({
        user_id: user.id,
        kind: 'report' as const,
        week_start_date: '2026-11-16',
        recipients: JSON.stringify(['board@example.com']),
        next_attempt_at: due,
      })),
    )
    .returning()
  const row = async (id: number) =>
    (await a.orm.select().from(deliveries).where(eq(deliveries.id, id)))[0]
  return { a: { db: a, config }, b: { db: b, config }, ids: rows.map((r) => r.id), row, due }
}

/** Sends each delivery as one plain message through `url`. */
function sender(ctx: AppContext, url: string) {
  const transport = smtpTransport(url, { requireTls: false })
  cleanups.push(() => transport.close())
  return () =>
    runDueDeliveries(ctx, {
      which: undefined,
      send: (delivery: Delivery) =>
        transport.sendMail({
          from: 'reports@cadence.test',
          to: ['board@example.com'],
          subject: `Delivery ${delivery.id}`,
          text: 'The weekly brief',
          html: '<p>The weekly brief</p>',
        }),
    })
}

const until = async (what: () => boolean, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out')
    await Bun.sleep(10)
  }
}

let fast: TestSmtp
describe(`graceful stop on ${testEngine() === 'pg' ? 'PostgreSQL' : 'SQLite'}`, () => {
  test('a send slower than the grace period is released at once; the next instance sends it once', async () => {
    fast = await startTestSmtp({ user: 'mailer', pass: 'secret' })
    cleanups.push(() => fast.close())
    const slow = await slowSmtp(3_000)
    const { a, b, ids, row, due } = await twoInstances(2)
    const running = sender(a, slow.url)()
    await until(() => slow.state.started === 1)

    const stopping = performance.now()
    expect(await stopDeliveries(a.db, 200)).toEqual({ released: 1 })
    expect(performance.now() - stopping).toBeLessThan(1_500)
    // A's batch ends: it sent nothing and claimed nothing more.
    expect(await running).toBe(0)
    // Given back as it was: due now, no attempt counted, not leased for 10 minutes.
    expect(await row(ids[0])).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: due,
    })
    expect(await row(ids[1])).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: due,
    })

    // The next instance sends both, once each.
    expect(await sender(b, fast.url)()).toBe(2)
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 })
    expect(fast.received).toHaveLength(2)
    // The slow relay's late answer changes nothing.
    await Bun.sleep(3_200)
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 })
  }, 30_000)

  test('a send that finishes within the grace period is recorded; nothing is left to send again', async () => {
    const slow = await slowSmtp(300)
    const { a, b, ids, row } = await twoInstances(1)
    const running = sender(a, slow.url)()
    await until(() => slow.state.started === 1)
    expect(await stopDeliveries(a.db, 5_000)).toEqual({ released: 0 })
    expect(await running).toBe(1)
    expect(slow.state.accepted).toBe(1)
    expect(await row(ids[0])).toMatchObject({ status: 'sent', attempts: 1 })
    expect(await sender(b, slow.url)()).toBe(0)
    expect(slow.state.started).toBe(1)
  }, 30_000)
})
