import { describe, expect } from 'bun:test'
import { sql } from 'drizzle-orm'
import { makeClient } from '../../test/helpers'
import { test } from '../../test/today'
import { twoWeeksOfAda as setUp } from '../../test/two-weeks'
import { readerLinksFor } from './recipient-links'

describe('personal reader links', () => {
  test('one link per recipient, made once (also at the same moment), the same token again', async () => {
    const { app, db, config, current } = await setUp()
    const ctx = { db, config }
    const row = await db.row<{ id: number; user_id: number }>(
      sql`SELECT id, user_id FROM reports WHERE uuid = ${current.uuid}`,
    )
    const report = { id: Number(row!.id), user_id: Number(row!.user_id) }
    const emails = ['Board@Example.com', 'investor@example.com']
    const [a, b, c] = await Promise.all([
      readerLinksFor(ctx, report, emails),
      readerLinksFor(ctx, report, emails),
      readerLinksFor(ctx, report, ['board@example.com']),
    ])
    expect([...a.keys()].sort()).toEqual(['board@example.com', 'investor@example.com'])
    expect(b).toEqual(a)
    expect(c.get('board@example.com')).toBe(a.get('board@example.com')!)
    expect(a.get('board@example.com')).not.toBe(a.get('investor@example.com')!)
    const rows = await db.rows<{ recipient_email: string }>(
      sql`SELECT recipient_email FROM shares WHERE report_id = ${report.id}`,
    )
    expect(rows.map((r) => r.recipient_email).sort()).toEqual([
      'board@example.com',
      'investor@example.com',
    ])
    // The token is never stored; it opens the report's brief.
    const stored = JSON.stringify(await db.rows(sql`SELECT * FROM shares`))
    expect(stored).not.toContain(a.get('board@example.com')!)
    const reader = makeClient(app)
    const token = a.get('board@example.com')!
    expect(token.length).toBeGreaterThanOrEqual(43)
    expect((await reader.get(`/api/shared/${token}`)).status).toBe(200)
    expect(await readerLinksFor(ctx, report, [])).toEqual(new Map())
  })

  test('revocable like any link: revoked, it opens nothing; the next send makes a new one', async () => {
    const { app, db, config, ada, current } = await setUp()
    const ctx = { db, config }
    const row = await db.row<{ id: number; user_id: number }>(
      sql`SELECT id, user_id FROM reports WHERE uuid = ${current.uuid}`,
    )
    const report = { id: Number(row!.id), user_id: Number(row!.user_id) }
    const first = (await readerLinksFor(ctx, report, ['board@example.com'])).get(
      'board@example.com',
    )!
    const listed = (await ada.api.shares.get()).data!.shares
    expect(listed).toHaveLength(1)
    expect((await ada.api.shares({ id: listed[0].id }).delete()).status).toBe(200)
    const reader = makeClient(app)
    expect((await reader.get(`/api/shared/${first}`)).status).toBe(404)
    const second = (await readerLinksFor(ctx, report, ['board@example.com'])).get(
      'board@example.com',
    )!
    expect(second).not.toBe(first)
    expect((await reader.get(`/api/shared/${second}`)).status).toBe(200)
    expect((await reader.get(`/api/shared/${first}`)).status).toBe(404)
  })
})
