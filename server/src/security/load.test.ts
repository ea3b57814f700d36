// Load: 64 concurrent clients of mixed reads and writes across 50 users against a real server on
// a file database. Zero 5xx, zero cross-user leaks (every client checks that what it reads is its
// own), and the latency distribution printed. LOAD_SECONDS sets the length (10 in CI, 30 in bench).
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, httpSignIn, waitForServer } from '../test/http'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10)
const USERS = 50
const CLIENTS = 64
const dir = mkdtempSync(join(tmpdir(), 'cadence-load-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('load', () => {
  test(
    `${CLIENTS} clients for ${SECONDS} s across ${USERS} users: no 5xx, no leaks`,
    async () => {
      const port = freePort()
      const base = `http://localhost:${port}`
      const server = Bun.spawn(['bun', join(import.meta.dir, '..', 'index.ts')], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_PATH: join(dir, 'load.db'),
          PUBLIC_URL: base,
          SIGN_IN_RATE_LIMIT: '1000',
        },
        stdout: 'ignore',
        stderr: 'ignore',
      })
      try {
        await waitForServer(base)
        const users: Array<{
          marker: string
          headers: Record<string, string>
          report: { uuid: string; sections: Array<{ id: number }> }
        }> = []
        for (let u = 0; u < USERS; u++) {
          const marker = `user${u}-marker`
          const cookie = await httpSignIn(base, `load${u}@example.com`)
          const headers = { cookie, 'content-type': 'application/json', origin: base }
          await fetch(`${base}/api/section-templates`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: 'Tasks', type: 'tasks' }),
          })
          await fetch(`${base}/api/projects`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: `${marker} project` }),
          })
          const report = await (
            await fetch(`${base}/api/reports`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ week_start_date: '2026-11-16', title: `${marker} report` }),
            })
          ).json()
          users.push({
            marker,
            headers,
            report: report as { uuid: string; sections: Array<{ id: number }> },
          })
        }
        const latencies: number[] = []
        const statuses = new Map<number, number>()
        const leaks: string[] = []
        const until = Date.now() + SECONDS * 1000
        const client = async (n: number) => {
          const me = users[n % USERS]
          let i = 0
          while (Date.now() < until) {
            i++
            const started = performance.now()
            let res: Response
            const kind = i % 5
            if (kind === 0) {
              res = await fetch(`${base}/api/section-items`, {
                method: 'POST',
                headers: me.headers,
                body: JSON.stringify({
                  section_id: me.report.sections[0].id,
                  content: `${me.marker} item ${n}-${i}`,
                }),
              })
            } else {
              const path = [
                '/api/dashboard',
                `/api/reports/${me.report.uuid}`,
                '/api/projects',
                `/api/search?query=${me.marker.slice(0, 6)}`,
              ][kind - 1]
              res = await fetch(`${base}${path}`, { headers: me.headers })
            }
            const text = await res.text()
            latencies.push(performance.now() - started)
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
            // Every marker in an answer must be this client's own.
            for (const m of text.matchAll(/user(\d+)-marker/g)) {
              if (`user${m[1]}-marker` !== me.marker) leaks.push(`${me.marker} saw user${m[1]}`)
            }
          }
        }
        await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)))
        latencies.sort((a, b) => a - b)
        const q = (p: number) =>
          latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1)
        console.log(
          `load: ${latencies.length} requests in ${SECONDS} s (${(latencies.length / SECONDS).toFixed(0)}/s); ` +
            `latency ms p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} max ${q(1 - 1e-9)}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
        )
        const serverErrors = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)
        expect(serverErrors).toBe(0)
        expect(leaks).toEqual([])
        expect(latencies.length).toBeGreaterThan(CLIENTS)
      } finally {
        server.kill()
        await server.exited
      }
    },
    (SECONDS + 60) * 1000,
  )
})
