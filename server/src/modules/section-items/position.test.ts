import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { reports, sectionItems, users } from '../../db/schema'
import { INT4_MAX } from '../../lib/limits'
import { type Client, cookieHeader, createTestApp, ORIGIN, signIn } from '../../test/helpers'
import { briefToMarkdown } from '../import-export/markdown'
import { composeLive } from '../sending/brief/compose'
import { POSITION_GAP } from './position'

// Her order (issue 46): PUT /api/section-items/:id/position moves one item within its section or
// into another section of the same report. Both engines (TEST_DATABASE_URL picks PostgreSQL).

type Setup = Awaited<ReturnType<typeof setup>>

async function setup() {
  const ctx = await createTestApp()
  const ada = await signIn(ctx.app, 'ada@example.com')
  const bob = await signIn(ctx.app, 'bob@example.com')
  for (const [name, type] of [
    ['Accomplishments', 'standard'],
    ['Action Items', 'tasks'],
    ['Empty', 'standard'],
  ] as const)
    await ada.post('/api/section-templates', { name, type })
  await bob.post('/api/section-templates', { name: 'Bob', type: 'standard' })
  const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
  const older = (await ada.post('/api/reports', { week_start_date: '2026-11-09' })).json
  const bobReport = (await bob.post('/api/reports', { week_start_date: '2026-11-16' })).json
  const [first, second, empty] = report.sections as { id: number }[]
  const ids: Record<string, number> = {}
  const add = async (client: Client, section: number, content: string) => {
    const made = (await client.post('/api/section-items', { section_id: section, content })).json
    ids[content] = made.id
  }
  for (const content of ['A', 'B', 'C', 'D']) await add(ada, first.id, content)
  for (const content of ['X', 'Y']) await add(ada, second.id, content)
  await add(ada, older.sections[0].id, 'Old')
  await add(bob, bobReport.sections[0].id, 'Bob item')
  return { ...ctx, ada, bob, report, older, bobReport, first, second, empty, ids }
}

/** The report's sections as the editor reads them: each one's item contents, in order. */
async function order(s: Setup) {
  const shown = (await s.ada.get(`/api/reports/${s.report.uuid}`)).json
  return shown.sections.map((section: { items: { content: string }[] }) =>
    section.items.map((i) => i.content).join(''),
  )
}

/** Each item's stored (section, position), by content. */
async function positions(s: Setup) {
  const rows = await s.db.rows<{ content: string; section_id: number; sort_order: number }>(
    sql`SELECT content, section_id, sort_order FROM section_items ORDER BY id`,
  )
  return Object.fromEntries(
    rows.map((r) => [r.content, [Number(r.section_id), Number(r.sort_order)]]),
  )
}

const move = (s: Setup, id: number, body: Record<string, unknown>, client = s.ada) =>
  client.put(`/api/section-items/${id}/position`, body)

describe('moving an item', () => {
  test('within a section: before an item, to the top, to the end; one row when there is a gap', async () => {
    const s = await setup()
    expect(await order(s)).toEqual(['ABCD', 'XY', ''])
    // Neighbours one apart: the items from the target on (the side with room: up to the end) are
    // spread POSITION_GAP apart, the item in the middle of the gap made; A stays where it was.
    const was = await positions(s)
    const moved = await move(s, s.ids.D, { section_id: s.first.id, before_id: s.ids.B })
    expect(moved.status).toBe(200)
    expect(moved.json).toEqual({
      id: s.ids.D,
      section_id: s.first.id,
      sort_order: was.A[1] + POSITION_GAP / 2,
    })
    const spread = await positions(s)
    expect([spread.A[1], spread.B[1], spread.C[1]]).toEqual([
      was.A[1],
      was.A[1] + POSITION_GAP,
      was.A[1] + 2 * POSITION_GAP,
    ])
    expect(await order(s)).toEqual(['ADBC', 'XY', ''])
    // Now there is a gap: the next move writes its own row only.
    const before = await positions(s)
    expect((await move(s, s.ids.C, { section_id: s.first.id, before_id: s.ids.D })).status).toBe(
      200,
    )
    const after = await positions(s)
    expect(Object.keys(after).filter((k) => after[k][1] !== before[k][1])).toEqual(['C'])
    expect(await order(s)).toEqual(['ACDB', 'XY', ''])
    // To the top (before the first item), then to the end (before_id null, or absent).
    await move(s, s.ids.B, { section_id: s.first.id, before_id: s.ids.A })
    expect(await order(s)).toEqual(['BACD', 'XY', ''])
    await move(s, s.ids.B, { section_id: s.first.id, before_id: null })
    expect(await order(s)).toEqual(['ACDB', 'XY', ''])
    await move(s, s.ids.A, { section_id: s.first.id })
    expect(await order(s)).toEqual(['CDBA', 'XY', ''])
    // Positions stay distinct and never below 0.
    const firstSection = Object.values(await positions(s)).filter(([sec]) => sec === s.first.id)
    const places = firstSection.map(([, p]) => p)
    expect(new Set(places).size).toBe(places.length)
    expect(Math.min(...places)).toBeGreaterThanOrEqual(0)
  })

  test('between sections: before an item, to the end, into an empty section', async () => {
    const s = await setup()
    await move(s, s.ids.B, { section_id: s.second.id, before_id: s.ids.Y })
    expect(await order(s)).toEqual(['ACD', 'XBY', ''])
    await move(s, s.ids.A, { section_id: s.second.id, before_id: null })
    expect(await order(s)).toEqual(['CD', 'XBYA', ''])
    const into = await move(s, s.ids.X, { section_id: s.empty.id })
    expect([into.status, into.json.section_id, into.json.sort_order]).toEqual([200, s.empty.id, 0])
    expect(await order(s)).toEqual(['CD', 'BYA', 'X'])
    // The item answers from its new section in the report (its type is unchanged: a 'standard'
    // item moved into Action Items stays what it was; its kind is the PUT's).
    const shown = (await s.ada.get(`/api/reports/${s.report.uuid}`)).json
    expect(shown.sections[1].items.map((i: { id: number }) => i.id)).toEqual([
      s.ids.B,
      s.ids.Y,
      s.ids.A,
    ])
  })

  test('refused moves answer why and change nothing', async () => {
    const s = await setup()
    const before = await positions(s)
    const refusal = async (id: number, body: Record<string, unknown>, client = s.ada) => {
      const answer = await move(s, id, body, client)
      return [answer.status, answer.json?.error]
    }
    // Another report's section (hers), another user's section, another user's item, no item.
    expect(await refusal(s.ids.A, { section_id: s.older.sections[0].id })).toEqual([
      404,
      'Section not found',
    ])
    expect(await refusal(s.ids.A, { section_id: s.bobReport.sections[0].id })).toEqual([
      404,
      'Section not found',
    ])
    expect(await refusal(s.ids['Bob item'], { section_id: s.first.id })).toEqual([
      404,
      'Item not found',
    ])
    expect(await refusal(s.ids.A, { section_id: s.first.id }, s.bob)).toEqual([
      404,
      'Item not found',
    ])
    expect(await refusal(999_999, { section_id: s.first.id })).toEqual([404, 'Item not found'])
    // before_id of another section, of another report, of another user, or the item itself.
    for (const other of [s.ids.X, s.ids.Old, s.ids['Bob item'], 999_999])
      expect(await refusal(s.ids.A, { section_id: s.first.id, before_id: other })).toEqual([
        400,
        'before_id is not an item of that section',
      ])
    expect(await refusal(s.ids.A, { section_id: s.first.id, before_id: s.ids.A })).toEqual([
      400,
      'before_id cannot be the item that moves',
    ])
    // Bodies of the wrong shape.
    for (const body of [{}, { section_id: 0 }, { section_id: 'x' }, { section_id: 1.5 }]) {
      const answer = await move(s, s.ids.A, body)
      expect(answer.status).toBe(400)
      expect(typeof answer.json.error).toBe('string')
    }
    expect(await positions(s)).toEqual(before)
  })

  test('concurrent moves of one section never share a position; a move of a deleted item is 404', async () => {
    const s = await setup()
    const letters = ['A', 'B', 'C', 'D']
    // Every item moved before another at the same moment, twice over, plus moves to the end.
    const moves = letters.flatMap((letter, i) => [
      move(s, s.ids[letter], {
        section_id: s.first.id,
        before_id: s.ids[letters[(i + 2) % 4]],
      }),
      move(s, s.ids[letter], { section_id: s.first.id, before_id: null }),
    ])
    const answers = await Promise.all(moves)
    expect(answers.map((a) => a.status).every((status) => status === 200)).toBe(true)
    const places = Object.entries(await positions(s))
      .filter(([, [section]]) => section === s.first.id)
      .map(([, [, place]]) => place)
    expect(places).toHaveLength(4)
    expect(new Set(places).size).toBe(4)
    expect((await order(s))[0].split('').sort().join('')).toBe('ABCD')
    // A move racing the item's deletion: 200 or 404 (409 at worst), never 500; never revived.
    const [moved, deleted] = await Promise.all([
      move(s, s.ids.X, { section_id: s.first.id, before_id: s.ids.A }),
      s.ada.delete(`/api/section-items/${s.ids.X}`),
    ])
    expect([200, 404, 409]).toContain(moved.status)
    expect(deleted.status).toBe(200)
    expect((await order(s)).join('')).not.toContain('X')
    const late = await move(s, s.ids.X, { section_id: s.first.id })
    expect([late.status, late.json.error]).toEqual([404, 'Item not found'])
  })

  test('the Markdown export and the composed brief take the moved order', async () => {
    const s = await setup()
    await move(s, s.ids.D, { section_id: s.first.id, before_id: s.ids.A })
    await move(s, s.ids.A, { section_id: s.second.id, before_id: s.ids.Y })
    expect(await order(s)).toEqual(['DBC', 'XAY', ''])
    const want = ['D', 'B', 'C', 'X', 'A', 'Y']
    /** The items' contents in the order they appear as list lines of `text`. */
    const listed = (text: string) =>
      text
        .split('\n')
        .map((line) => /^\s*[-*] (?:\[[ x]\] )?([A-DXY])\b/.exec(line)?.[1])
        .filter(Boolean)
    const exported = await s.ada.get(`/api/reports/${s.report.uuid}/export?format=md`)
    expect(exported.status).toBe(200)
    expect(listed(exported.text)).toEqual(want)
    const [row] = await s.db.orm.select().from(reports).where(eq(reports.id, s.report.id))
    const { composed } = await composeLive(s, row)
    expect(listed(briefToMarkdown(composed))).toEqual(want)
    const blockItems = composed.blocks.flatMap((b) =>
      b.kind === 'section'
        ? (JSON.stringify(b)
            .match(/"content":"[A-DXY]"/g)
            ?.map((m) => m.slice(11, 12)) ?? [])
        : [],
    )
    expect(blockItems).toEqual(want)
  })
})

describe('a section without gaps: the first move spreads the shorter side that has room', () => {
  /**
   * A report whose first section holds `n` items written at `first`, `first + 1`, … (as imports
   * and new items are placed: max + 1), plus the tools to move them and to read them back.
   */
  async function gapless(n: number, first: number) {
    const ctx = await createTestApp()
    const ada = await signIn(ctx.app, 'ada@example.com')
    await ada.post('/api/section-templates', { name: 'Notes', type: 'standard' })
    const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
    const sectionId = report.sections[0].id as number
    const [me] = await ctx.db.orm.select().from(users).where(eq(users.email, 'ada@example.com'))
    const rows = Array.from({ length: n }, (_, k) => ({
      section_id: sectionId,
      user_id: me.id,
      content: `Item ${k}`,
      item_type: 'standard',
      sort_order: first + k,
    }))
    for (let i = 0; i < rows.length; i += 500)
      await ctx.db.orm.insert(sectionItems).values(rows.slice(i, i + 500) as never)
    const stored = async () =>
      (
        await ctx.db.rows<{ id: number; sort_order: number }>(
          sql`SELECT id, sort_order FROM section_items WHERE section_id = ${sectionId} ORDER BY sort_order, id`,
        )
      ).map((r) => ({ id: Number(r.id), place: Number(r.sort_order) }))
    const ids = (await stored()).map((r) => r.id)
    /** The section's item ids as the editor reads them (GET /api/reports/{uuid}). */
    const shown = async () => {
      const res = await ctx.app.handle(
        new Request(`${ORIGIN}/api/reports/${report.uuid}`, {
          headers: { cookie: cookieHeader(ada.jar) },
        }),
      )
      const body = await res.json()
      return body.sections[0].items.map((i: { id: number }) => i.id) as number[]
    }
    const moveBefore = async (id: number, beforeId: number | null) => {
      const res = await ada.put(`/api/section-items/${id}/position`, {
        section_id: sectionId,
        before_id: beforeId,
      })
      expect([res.status, res.json.error]).toEqual([200, undefined])
      return res.json.sort_order as number
    }
    /** How many of the other items' positions a step changed. */
    const changedBy = async (step: () => Promise<unknown>, moved: number) => {
      const before = new Map((await stored()).map((r) => [r.id, r.place]))
      await step()
      return (await stored()).filter((r) => r.id !== moved && before.get(r.id) !== r.place).length
    }
    /** `list` with `id` taken out and put before `beforeId` (at the end for null). */
    const expected = (list: number[], id: number, beforeId: number | null) => {
      const rest = list.filter((x) => x !== id)
      rest.splice(beforeId === null ? rest.length : rest.indexOf(beforeId), 0, id)
      return rest
    }
    /** Every position distinct, 0 or more and within the integer range. */
    const sound = async () => {
      const places = (await stored()).map((r) => r.place)
      expect(new Set(places).size).toBe(places.length)
      expect(Math.min(...places)).toBeGreaterThanOrEqual(0)
      expect(Math.max(...places)).toBeLessThanOrEqual(INT4_MAX)
    }
    return { ids, shown, moveBefore, changedBy, expected, sound }
  }

  test('near the end: only the items from the target to the end move; then one row', async () => {
    const g = await gapless(1_000, 0)
    let want = g.ids
    const first = g.ids[0]
    // The first item, before the 990th: the ten items from there to the end are spread.
    const changed = await g.changedBy(() => g.moveBefore(first, g.ids[990]), first)
    expect(changed).toBe(10)
    want = g.expected(want, first, g.ids[990])
    expect(await g.shown()).toEqual(want)
    // Next to it again: the spread left room, one row.
    expect(await g.changedBy(() => g.moveBefore(g.ids[1], g.ids[990]), g.ids[1])).toBe(0)
    want = g.expected(want, g.ids[1], g.ids[990])
    expect(await g.shown()).toEqual(want)
    await g.sound()
  })

  test('near the top, items high above 0: only the items before the target move', async () => {
    const g = await gapless(1_000, 1_000_000)
    const last = g.ids[999]
    const changed = await g.changedBy(() => g.moveBefore(last, g.ids[5]), last)
    expect(changed).toBe(5)
    let want = g.expected(g.ids, last, g.ids[5])
    expect(await g.shown()).toEqual(want)
    // To the very top, then before the second: one row each.
    expect(await g.changedBy(() => g.moveBefore(g.ids[998], g.ids[0]), g.ids[998])).toBe(0)
    want = g.expected(want, g.ids[998], g.ids[0])
    expect(await g.shown()).toEqual(want)
    await g.sound()
  })

  test('near the top, items from 0: the side from the target on, once; then small windows', async () => {
    const g = await gapless(1_000, 0)
    let want = g.ids
    const last = g.ids[999]
    // No room under the first items (positions stay 0 or more): the other side is spread, once.
    await g.moveBefore(last, g.ids[3])
    want = g.expected(want, last, g.ids[3])
    expect(await g.shown()).toEqual(want)
    // Then each move to the top halves the room under the first item; when it is spent, a window
    // of a few items is spread, never the section.
    for (let k = 0; k < 30; k++) {
      const id = g.ids[998 - k]
      const top = want[0]
      const changed = await g.changedBy(() => g.moveBefore(id, top), id)
      expect(changed).toBeLessThanOrEqual(64)
      want = g.expected(want, id, top)
    }
    expect(await g.shown()).toEqual(want)
    await g.sound()
  })

  test('in the middle, then at both ends of a section against the top of the integer range', async () => {
    const g = await gapless(500, INT4_MAX - 499)
    let want = g.ids
    // In the middle: the side with room is the one below (nothing is free above INT4_MAX).
    await g.moveBefore(g.ids[0], g.ids[250])
    want = g.expected(want, g.ids[0], g.ids[250])
    // Before the last item, and to the end (the largest position is INT4_MAX: the section is
    // renumbered first), and to the top.
    await g.moveBefore(g.ids[1], g.ids[499])
    want = g.expected(want, g.ids[1], g.ids[499])
    await g.moveBefore(g.ids[2], null)
    want = g.expected(want, g.ids[2], null)
    await g.moveBefore(g.ids[400], want[0])
    want = g.expected(want, g.ids[400], want[0])
    expect(await g.shown()).toEqual(want)
    await g.sound()
  })

  test('many moves at random keep her order and sound positions', async () => {
    const g = await gapless(300, 0)
    let want = g.ids
    let seed = 42
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed % n
    }
    for (let k = 0; k < 60; k++) {
      const id = want[random(want.length)]
      const target = random(10) === 0 ? null : want[random(want.length)]
      if (target === id) continue
      await g.moveBefore(id, target)
      want = g.expected(want, id, target)
    }
    expect(await g.shown()).toEqual(want)
    await g.sound()
  }, 60_000)
})

describe('the API documents both routes', () => {
  test('the OpenAPI document has the move and the sections order', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const paths = (await ada.get('/api/openapi.json')).json.paths
    expect(paths['/api/section-items/{id}/position']?.put).toBeDefined()
    expect(paths['/api/reports/{uuid}/sections/order']?.put).toBeDefined()
  })
})
