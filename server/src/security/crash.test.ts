// Nothing acknowledged is lost on a crash: the server on a file database takes a burst of writes
// from several clients and is killed with SIGKILL at a random moment, several rounds. After each
// restart every write that got a 2xx is there, no report is half-written, and the database passes
// PRAGMA integrity_check.
import { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { treaty } from '@elysiajs/eden'
import type { App } from '../app'
import { backup } from '../scripts/backup'
import { freePort, httpSignIn, waitForServer } from '../test/http'

const dir = mkdtempSync(join(tmpdir(), 'cadence-crash-'))
const dbPath = join(dir, 'crash.db')
const serverEntry = join(import.meta.dir, '..', 'index.ts')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function start(port: number) {
  return Bun.spawn(['bun', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdout: 'ignore',
    stderr: 'ignore',
  })
}

describe('crash safety', () => {
  test('every acknowledged write survives SIGKILL, in several rounds', async () => {
    const acknowledgedItems = new Set<number>()
    const acknowledgedReports = new Set<string>()
    let week = 0
    for (let round = 0; round < 3; round++) {
      const port = freePort()
      const base = `http://localhost:${port}`
      const server = start(port)
      await waitForServer(base)
      const cookie = await httpSignIn(base, 'crash@example.com')
      // The typed client over HTTP to the server process, with the session and its Origin.
      const api = treaty<App>(base, { parseDate: false, headers: { cookie, origin: base } }).api
      if (round === 0) await api['section-templates'].post({ name: 'Tasks', type: 'tasks' })
      const first = await api.reports.post({
        week_start_date: `2025-01-${String(6 + round).padStart(2, '0')}`,
      })
      const report = first.data!
      acknowledgedReports.add(report.uuid)
      let stop = false
      const client = async (n: number) => {
        while (!stop) {
          try {
            if (n === 0) {
              week++
              const d = new Date(Date.UTC(2030, 0, 7 + week * 7)).toISOString().slice(0, 10)
              const res = await api.reports.post({ week_start_date: d })
              if (res.data) acknowledgedReports.add(res.data.uuid)
            } else {
              const res = await api['section-items'].post({
                section_id: report.sections[0].id,
                content: `write ${round}-${n}`,
              })
              if (res.data) acknowledgedItems.add(res.data.id)
            }
          } catch {
            return
          }
        }
      }
      const before = acknowledgedItems.size
      const clients = [0, 1, 2, 3].map(client)
      // Kill mid-write: once this round has had 4 writes acknowledged (a condition, so a busy
      // machine only makes the round longer; 3 rounds of 4 pass the check below), then at a
      // random moment among the next ones.
      for (let waited = 0; acknowledgedItems.size < before + 4 && waited < 20_000; waited += 10) {
        await Bun.sleep(10)
      }
      await Bun.sleep(Math.random() * 200)
      server.kill('SIGKILL')
      await server.exited
      stop = true
      await Promise.all(clients)

      const db = new Database(dbPath)
      const check = db.query('PRAGMA integrity_check').get() as { integrity_check: string }
      expect(check.integrity_check).toBe('ok')
      const items = new Set(
        (db.query('SELECT id FROM section_items').all() as Array<{ id: number }>).map((r) => r.id),
      )
      for (const id of acknowledgedItems) expect(items.has(id)).toBe(true)
      const reports = new Set(
        (db.query('SELECT uuid FROM reports').all() as Array<{ uuid: string }>).map((r) => r.uuid),
      )
      for (const uuid of acknowledgedReports) expect(reports.has(uuid)).toBe(true)
      // No half-written report: every report has the sections of the templates it was made from.
      const broken = db
        .query(
          'SELECT r.uuid FROM reports r LEFT JOIN report_sections s ON s.report_id = r.id GROUP BY r.id HAVING COUNT(s.id) = 0',
        )
        .all()
      expect(broken).toEqual([])
      db.close()
    }
    expect(acknowledgedItems.size).toBeGreaterThan(10)
  }, 60_000)

  test('an online backup is a consistent, complete copy', async () => {
    const target = join(dir, 'backup.db')
    backup(dbPath, target)
    const copy = new Database(target, { readonly: true })
    const source = new Database(dbPath, { readonly: true })
    const count = (db: Database) =>
      (db.query('SELECT COUNT(*) AS c FROM section_items').get() as { c: number }).c
    expect(count(copy)).toBe(count(source))
    expect(count(copy)).toBeGreaterThan(0)
    expect(() => backup(dbPath, target)).toThrow('already exists')
    copy.close()
    source.close()
  })
})
