import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { largestImportDocument } from '../../testing/largest-import'
import type { Engine } from '../db'
import {
  reportEditions,
  reportSections,
  reports,
  sectionItems,
  talkingPoints,
  teamMembers,
  users,
} from '../db/schema'
import { OBJECT_LIMITS } from '../lib/limits'
import { IMPORT_LIMITS } from '../modules/import-export/report-import'
import { reportWithUnsent } from '../modules/reports/unsent'
import { freezeEdition } from '../modules/sending/brief/build'
import { RANK_WINDOW } from '../search/candidates'
import { cookieHeader, createTestApp, ORIGIN, signIn } from '../test/helpers'
import { leastStall, STALL_BOUND, TURN_BUDGET_MS, threadCpuMs } from './stall'

/**
 * Issue 42: no operation a user can start holds the event loop, whatever the account holds up to
 * its limits. Each heavy operation runs on an account at the limits while /api/health/live is
 * polled (stall.ts); the longest gap stays under STALL_BOUND (before: seconds for each of these),
 * and the operation answers what it should. Both engines (TEST_DATABASE_URL).
 */

async function bulk<T>(db: Engine, table: Parameters<Engine['orm']['insert']>[0], rows: T[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db.orm.insert(table).values(rows.slice(i, i + 500) as never)
}

async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada')
  const [me] = await ctx.db.orm.select().from(users).where(eq(users.email, 'ada@example.com'))
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  return { ...ctx, ada, userId: me.id }
}

/**
 * Logs the figures and holds both bounds: the longest stall on the clock (STALL_BOUND, which a busy
 * machine keeps) and the thread's longest turn (TURN_BUDGET_MS, the 50 ms target itself).
 */
function withinBudget(
  what: string,
  { longestMs, threadMs }: { longestMs: number; threadMs: number },
) {
  console.log(
    `${what}: longest stall ${longestMs.toFixed(0)} ms, longest turn ${threadMs.toFixed(1)} ms of the thread's time`,
  )
  expect(longestMs).toBeLessThan(STALL_BOUND)
  expect(threadMs).toBeLessThan(TURN_BUDGET_MS)
}

/** A response's body as the pieces it comes in. */
async function pieces(res: Response) {
  const list: Uint8Array[] = []
  for await (const piece of res.body as ReadableStream<Uint8Array>) list.push(piece)
  return list
}

const week = (w: number) => new Date(Date.UTC(2020, 0, 6 + 7 * w)).toISOString().slice(0, 10)

/** `n` items written straight into the report's first section. */
async function fill(db: Engine, userId: number, reportId: number, n: number) {
  const [section] = await db.orm
    .select({ id: reportSections.id })
    .from(reportSections)
    .where(eq(reportSections.report_id, reportId))
  await bulk(
    db,
    sectionItems,
    Array.from({ length: n }, (_, k) => ({
      section_id: section.id,
      user_id: userId,
      content: `Item ${k} of a full report, with the words an executive writes every week`,
      item_type: 'task',
      is_completed: k % 2 === 0,
      sort_order: k,
    })),
  )
}

describe('stall harness', () => {
  test('the harness sees a held loop: 300 ms of work in one turn is a stall of at least 300 ms', async () => {
    const { app } = await setup()
    // 300 ms of the thread's own time (on a busy machine that takes longer on the clock).
    const spin = (ms: number) => {
      const until = threadCpuMs() + ms
      while (threadCpuMs() < until) {}
    }
    const held = await leastStall(app, async () => {
      await Bun.sleep(20)
      spin(300)
      await Bun.sleep(20)
      return 'done'
    })
    expect(held.result).toBe('done')
    expect(held.longestMs).toBeGreaterThanOrEqual(300)
    expect(held.threadMs).toBeGreaterThanOrEqual(300)
    expect(held.polls).toBeGreaterThan(0)
    // The same time in slices: no stall near it, no turn near the budget.
    const sliced = await leastStall(app, async () => {
      for (let i = 0; i < 30; i++) {
        spin(10)
        await Bun.sleep(1)
      }
    })
    expect(sliced.longestMs).toBeLessThan(STALL_BOUND)
    expect(sliced.threadMs).toBeLessThan(TURN_BUDGET_MS)
  }, 60_000)

  test('a 5,000-line import into a report filled to its limit', async () => {
    const { app, db, ada, userId } = await setup()
    const adding = IMPORT_LIMITS.lines - 1
    // Two reports, each filled so that the import takes it to its limit: the import runs twice
    // and the run with the shorter stall counts (leastStall).
    const full: string[] = []
    for (const w of [0, 1]) {
      const report = (await ada.api.reports.post({ week_start_date: week(w), carry_over: false }))
        .data!
      await fill(db, userId, report.id, OBJECT_LIMITS.itemsPerReport - adding)
      full.push(report.uuid)
    }
    const lines = ['## Action Items']
    for (let i = 0; i < adding; i++) lines.push(`- [ ] [P${i % 100}] Imported ${i} @Nobody`)
    const text = lines.join('\n')
    let next = 0
    const { result, ...stall } = await leastStall(app, () =>
      ada.api.reports({ uuid: full[next++] }).import.post({ text }),
    )
    expect(result.status).toBe(200)
    expect(result.data?.importedItems).toBe(adding)
    for (const uuid of full) {
      const report = (await ada.api.reports({ uuid }).get()).data!
      expect(report.sections[0].items).toHaveLength(OBJECT_LIMITS.itemsPerReport)
    }
    withinBudget('a 5,000-line import into a full report', stall)
  }, 120_000)

  test('the first moves into a section of 10,000 items without gaps', async () => {
    const { app, db, ada, userId } = await setup()
    // Two reports (the moves run twice, each in its own report; the shorter stall counts).
    const full: { sectionId: number; ids: number[] }[] = []
    for (const w of [0, 1]) {
      const report = (await ada.api.reports.post({ week_start_date: week(w), carry_over: false }))
        .data!
      await fill(db, userId, report.id, OBJECT_LIMITS.itemsPerReport)
      const sectionId = report.sections[0].id
      const ids = (
        await db.orm
          .select({ id: sectionItems.id })
          .from(sectionItems)
          .where(eq(sectionItems.section_id, sectionId))
          .orderBy(sectionItems.sort_order, sectionItems.id)
      ).map((r) => r.id)
      full.push({ sectionId, ids })
    }
    let next = 0
    const { result, ...stall } = await leastStall(app, async () => {
      const { sectionId, ids } = full[next++]
      const move = (id: number, before_id: number) =>
        ada.api['section-items']({ id }).position.put({ section_id: sectionId, before_id })
      // Near the top: no room under the first items (positions stay 0 or more), so the items
      // from the target to the end are spread (the most a move writes); then in the middle.
      const top = await move(ids[9_999], ids[10])
      const middle = await move(ids[0], ids[5_000])
      return { statuses: [top.status, middle.status], sectionId, ids }
    })
    expect(result.statuses).toEqual([200, 200])
    const want = result.ids.filter((id) => id !== result.ids[9_999] && id !== result.ids[0])
    want.splice(want.indexOf(result.ids[10]), 0, result.ids[9_999])
    want.splice(want.indexOf(result.ids[5_000]), 0, result.ids[0])
    const stored = await db.orm
      .select({ id: sectionItems.id })
      .from(sectionItems)
      .where(eq(sectionItems.section_id, result.sectionId))
      .orderBy(sectionItems.sort_order, sectionItems.id)
    expect(stored.map((r) => r.id)).toEqual(want)
    withinBudget('the first moves into a section of 10,000 items without gaps', stall)
  }, 120_000)

  test('reading a report at its item limit (its page: GET /api/reports/{uuid})', async () => {
    const { app, db, config, ada, userId } = await setup()
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    await fill(db, userId, report.id, OBJECT_LIMITS.itemsPerReport - 3)
    // Sent once: the read also compares the report with its latest edition (a brief of 1.8 MB).
    const [row] = await db.orm.select().from(reports).where(eq(reports.id, report.id))
    await freezeEdition({ db, config }, row)
    const sectionId = report.sections[0].id
    const read = (gzip: boolean) =>
      app.handle(
        new Request(`${ORIGIN}/api/reports/${report.uuid}`, {
          headers: {
            cookie: cookieHeader(ada.jar),
            ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
          },
        }),
      )
    // Each run after a new item (a new data version: no cached answer), the three runs' least
    // (the largest answer the server writes: 6 MB; a busy machine's slow turns land in some runs).
    // A browser's read (gzip) is the miss; a read without gzip then answers the cached pieces.
    // Bodies are read as they come, as a client reads them from the network, and put together
    // after (the test's copy of 6 MB is not the server's work).
    const runs: {
      status: number[]
      encoding: (string | null)[]
      zipped: Uint8Array[]
      plain: Uint8Array[]
    }[] = []
    const stall = await leastStall(
      app,
      async () => {
        const made = await ada.api['section-items'].post({
          section_id: sectionId,
          content: `New ${runs.length}`,
        })
        expect(made.status).toBe(200)
        const zipped = await read(true)
        const zippedBody = await pieces(zipped)
        const plain = await read(false)
        runs.push({
          status: [zipped.status, plain.status],
          encoding: [zipped.headers.get('content-encoding'), plain.headers.get('content-encoding')],
          zipped: zippedBody,
          plain: await pieces(plain),
        })
      },
      3,
    )
    expect(runs).toHaveLength(3)
    let text = ''
    for (const [k, run] of runs.entries()) {
      expect(run.status).toEqual([200, 200])
      expect(run.encoding).toEqual(['gzip', null])
      text = new TextDecoder().decode(Bun.concatArrayBuffers(run.plain))
      const unzipped = Bun.gunzipSync(Bun.concatArrayBuffers(run.zipped))
      expect(new TextDecoder().decode(unzipped)).toBe(text)
      const body = JSON.parse(text)
      // Each run read its own new item last.
      expect(body.sections[0].items).toHaveLength(OBJECT_LIMITS.itemsPerReport - 2 + k)
      expect(body.sections[0].items.at(-1).content).toBe(`New ${k}`)
      expect(body.unsent_changes).toMatchObject({ since_edition: 1, added: k + 1, removed: 0 })
    }
    // The bytes are the report's JSON as a small report's answer writes it (JSON.stringify of the
    // same value), for the last run's data: the report as it is now.
    const want = await reportWithUnsent({ db, config }, userId, report.uuid)
    expect(text).toBe(JSON.stringify(want))
    withinBudget('reading a full report', stall)
  }, 120_000)

  for (const format of ['md', 'html', 'text'] as const)
    test(`the ${format} export of a report at its item limit ('Copy as Markdown', 'Copy for e-mail')`, async () => {
      const { app, db, ada, userId } = await setup()
      const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
      await fill(db, userId, report.id, OBJECT_LIMITS.itemsPerReport)
      const { result, ...stall } = await leastStall(
        app,
        async () => {
          const res = await app.handle(
            new Request(`${ORIGIN}/api/reports/${report.uuid}/export?format=${format}`, {
              headers: { cookie: cookieHeader(ada.jar) },
            }),
          )
          return { status: res.status, body: await res.arrayBuffer() }
        },
        3,
      )
      expect(result.status).toBe(200)
      const text = new TextDecoder().decode(result.body)
      // Every item is in it, the last one too.
      expect(text).toContain(`Item ${OBJECT_LIMITS.itemsPerReport - 1} of a full report`)
      const listed = new Set(text.match(/Item \d+ of a full report/g))
      expect(listed.size).toBe(OBJECT_LIMITS.itemsPerReport)
      withinBudget(`${format} export`, stall)
    }, 180_000)

  test('the export of an account at its item limit, with large editions, streams', async () => {
    const { app, db, ada, userId } = await setup()
    const perReport = OBJECT_LIMITS.itemsPerReport
    const count = OBJECT_LIMITS.itemsPerAccount / perReport
    const summary = 'A long week. '.repeat(1_500)
    for (let w = 0; w < count; w++) {
      const r = (await ada.api.reports.post({ week_start_date: week(w), carry_over: false })).data!
      await fill(db, userId, r.id, perReport)
      // Editions as a sent report keeps them: the frozen brief, here about 1 MB each.
      await bulk(
        db,
        reportEditions,
        Array.from({ length: 3 }, (_, n) => ({
          report_id: r.id,
          user_id: userId,
          number: n + 1,
          sent_at: '2026-01-01T00:00:00.000Z',
          brief: JSON.stringify({ summary, items: Array.from({ length: 60 }, () => summary) }),
        })),
      )
    }
    // Team members with as many talking points each as a member may have.
    const memberCount = 10
    await bulk(
      db,
      teamMembers,
      Array.from({ length: memberCount }, (_, k) => ({
        user_id: userId,
        uuid: crypto.randomUUID(),
        name: `Member ${k}`,
        email: `member${k}@example.com`,
      })),
    )
    const memberIds = (
      await db.orm.select().from(teamMembers).where(eq(teamMembers.user_id, userId))
    ).map((m) => m.id)
    for (const id of memberIds)
      await bulk(
        db,
        talkingPoints,
        Array.from({ length: OBJECT_LIMITS.memberEntries }, (_, k) => ({
          team_member_id: id,
          user_id: userId,
          content: `Point ${k} to raise`,
        })),
      )
    // The body is read as it comes, gzipped as a browser asks for it (before: the app's
    // compression read the whole 30 MB and gzipped it in one turn, 0.5–1.3 s); decoded and parsed
    // after (the test's work is not the server's).
    const { result, ...stall } = await leastStall(
      app,
      async () => {
        const res = await app.handle(
          new Request(`${ORIGIN}/api/export`, {
            headers: { cookie: cookieHeader(ada.jar), 'accept-encoding': 'gzip, deflate, br' },
          }),
        )
        return {
          status: res.status,
          encoding: res.headers.get('content-encoding'),
          body: await res.arrayBuffer(),
        }
      },
      3,
    )
    expect(result.status).toBe(200)
    expect(result.encoding).toBe('gzip')
    const doc = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(result.body))))
    expect(doc.reports).toHaveLength(count)
    expect(
      doc.reports.reduce(
        (n: number, r: { sections: { items: unknown[] }[] }) => n + r.sections[0].items.length,
        0,
      ),
    ).toBe(OBJECT_LIMITS.itemsPerAccount)
    expect(doc.reports[0].editions[2].brief.summary).toBe(summary)
    expect(doc.team_members).toHaveLength(memberCount)
    expect(doc.team_members[9].talking_points).toHaveLength(OBJECT_LIMITS.memberEntries)
    withinBudget('the account export', stall)
  }, 300_000)

  test('an account import of the largest document (7.8 MB, 4,500 items, an escape)', async () => {
    const { app, ada } = await setup()
    // The body as the server reads it from a socket: bytes framed by their length, arriving in
    // chunks of 64 KB, made before the clock starts.
    const documentOf = (run: number) =>
      new TextEncoder().encode(largestImportDocument((r) => week(100 + 20 * run + r)))
    const bodies = [documentOf(0), documentOf(1)]
    expect(bodies[0].byteLength).toBeGreaterThan(7_500_000)
    let run = 0
    const { result, ...stall } = await leastStall(app, async () => {
      const bytes = bodies[run++]
      let at = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.byteLength) return controller.close()
          controller.enqueue(bytes.subarray(at, at + 64 * 1024))
          at += 64 * 1024
        },
      })
      const res = await app.handle(
        new Request(`${ORIGIN}/api/import`, {
          method: 'POST',
          headers: {
            cookie: cookieHeader(ada.jar),
            origin: ORIGIN,
            'content-type': 'application/json',
            'content-length': String(bytes.byteLength),
          },
          body,
        }),
      )
      return { status: res.status, json: await res.json() }
    })
    expect(result.status).toBe(200)
    expect(result.json.items).toBe(4_500)
    expect(result.json.reports).toBe(9)
    withinBudget('the largest account import', stall)
  }, 180_000)

  test('a search of twelve words over the window of the longest summaries', async () => {
    const { app, db, ada, userId } = await setup()
    const words = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima'
    const filler = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod '
    // The longest summary allowed, the query's words at its end.
    const summary = `${filler.repeat(300).slice(0, 19_900)} ${words}`.slice(0, 20_000)
    await bulk(
      db,
      reports,
      Array.from({ length: RANK_WINDOW }, (_, w) => ({
        user_id: userId,
        uuid: crypto.randomUUID(),
        week_start_date: week(w),
        title: `Week ${w}`,
        summary,
      })),
    )
    await ada.api.search.get({ query: { query: 'warm up' } })
    const { result, ...stall } = await leastStall(
      app,
      () => ada.api.search.get({ query: { query: words } }),
      3,
    )
    expect(result.status).toBe(200)
    expect(result.data?.results).toHaveLength(50)
    // Each result is a report with its whole summary, newest first on equal ranks.
    const results = result.data?.results as {
      type: string
      summary?: string
      week_start_date?: string
    }[]
    expect(results.every((r) => r.type === 'report' && r.summary === summary)).toBe(true)
    expect(results[0].week_start_date).toBe(week(RANK_WINDOW - 1))
    withinBudget('a search of twelve words', stall)
  }, 120_000)
})
