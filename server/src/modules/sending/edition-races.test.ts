// Concurrent 'Send update's through two real server processes on one database: each update's
// e-mail carries its own edition (its note), never the other's. The deliveries name their
// edition by id (deliveries.edition_id), so no lookup by time can pick the later one.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { leaves, startTestSmtp, type TestSmtp } from '../../../testing/smtp-test-server'
import { type Engine, openDatabase } from '../../db'
import { openPostgres } from '../../db/pg'
import { deliveries, reportEditions } from '../../db/schema'
import { testEngine } from '../../test/engines'
import { instanceRunner, signInAcross } from '../../test/instances'

const ROUNDS = 10
const runner = instanceRunner()
let smtp: TestSmtp
let engine: Engine | null = null
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(async () => {
  runner.stop()
  await engine?.close()
  await smtp.close()
})

const week = (n: number) => new Date(Date.UTC(2026, 0, 5 + 7 * n)).toISOString().slice(0, 10)
const text = (raw: Parameters<typeof leaves>[0]) =>
  leaves(raw)
    .map((p) => p.body)
    .join('\n')

describe(`two instances on one ${testEngine() === 'pg' ? 'PostgreSQL' : 'SQLite'} database`, () => {
  test(`${ROUNDS} rounds of two concurrent 'Send update's: each e-mail carries its own edition`, async () => {
    const { a, b, publicUrl, db } = await runner.twoInstances({
      SMTP_URL: smtp.url,
      SMTP_REQUIRE_TLS: 'off',
      MAIL_FROM: 'Cadence <reports@cadence.test>',
    })
    engine = (
      db.DATABASE_URL
        ? await openPostgres(db.DATABASE_URL, { max: 2 })
        : openDatabase(db.DATABASE_PATH as string)
    ) as Engine
    // Two authors, so the hourly send quota (20) holds every round's Send and updates.
    const authors = await Promise.all(
      ['ada@example.com', 'bob@example.com'].map(async (email) => {
        const cookie = await signInAcross(a.base, b.base, publicUrl, email)
        const headers = { cookie, 'content-type': 'application/json', origin: publicUrl }
        return async (base: string, method: string, path: string, body?: unknown) => {
          const res = await fetch(`${base}${path}`, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
          })
          // biome-ignore lint/suspicious/noExplicitAny: tests read answers without a schema
          return { status: res.status, json: (await res.json()) as any }
        }
      }),
    )
    for (const call of authors) {
      const settings = { report_recipients: ['board@example.com'] }
      expect((await call(a.base, 'PUT', '/api/settings', settings)).status).toBe(200)
    }
    let expected = 0
    for (let round = 0; round < ROUNDS; round++) {
      const call = authors[round % 2]
      const report = (await call(a.base, 'POST', '/api/reports', { week_start_date: week(round) }))
        .json
      const path = `/api/reports/${report.uuid}`
      expect((await call(a.base, 'PUT', path, { is_submitted: true })).status).toBe(200)
      const notes = [`note-${round}-alpha`, `note-${round}-omega`]
      const updates = await Promise.all([
        call(a.base, 'POST', `${path}/editions`, { note: notes[0] }),
        call(b.base, 'POST', `${path}/editions`, { note: notes[1] }),
      ])
      expect(updates.map((u) => u.status)).toEqual([201, 201])
      expected += 3
      // Each delivery names an edition of its own, and that edition is the update's.
      const rows = await engine.orm
        .select({ edition: reportEditions.note, number: reportEditions.number })
        .from(deliveries)
        .innerJoin(reportEditions, eq(reportEditions.id, deliveries.edition_id))
        .where(and(eq(deliveries.report_id, report.id), eq(deliveries.kind, 'report')))
      rows.sort((x, y) => x.number - y.number)
      expect(rows.map((r) => r.number)).toEqual([1, 2, 3])
      expect(rows[0].edition).toBeNull()
      expect(
        rows
          .slice(1)
          .map((r) => r.edition as string)
          .sort(),
      ).toEqual(notes)
    }
    // Every update's e-mail says its own note and not the other's.
    const received = await smtp.waitFor(expected, 60_000)
    for (let round = 0; round < ROUNDS; round++) {
      const notes = [`note-${round}-alpha`, `note-${round}-omega`]
      const carrying = notes.map((note) => received.filter((m) => text(m.message).includes(note)))
      expect(carrying.map((c) => c.length)).toEqual([1, 1])
      expect(carrying[0][0]).not.toBe(carrying[1][0])
    }
  }, 180_000)
})
