// Preloaded into the server by bench/write-profile.ts (`bun --preload`): times every statement the
// server runs through bun:sqlite, by its SQL, and writes the totals as JSON to the file named by
// STATEMENT_TIMES_FILE when the process gets SIGTERM. A measuring aid; the server never loads it.
import { Database, type Statement } from 'bun:sqlite'
import { writeFileSync } from 'node:fs'

const totals = new Map<string, { calls: number; ns: number }>()
const add = (key: string, started: number) => {
  const t = totals.get(key) ?? { calls: 0, ns: 0 }
  t.calls++
  t.ns += Bun.nanoseconds() - started
  totals.set(key, t)
}
const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim().slice(0, 110)

const prepare = Database.prototype.prepare
Database.prototype.prepare = function (this: Database, sql: string, ...rest: unknown[]) {
  const stmt = (prepare as (...a: unknown[]) => Statement).call(this, sql, ...rest)
  const key = oneLine(sql)
  for (const method of ['get', 'run', 'all', 'values'] as const) {
    const original = (stmt[method] as (...a: unknown[]) => unknown).bind(stmt)
    ;(stmt as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const started = Bun.nanoseconds()
      try {
        return original(...args)
      } finally {
        add(key, started)
      }
    }
  }
  return stmt
} as typeof prepare
const run = Database.prototype.run
Database.prototype.run = function (this: Database, sql: string, ...rest: unknown[]) {
  const started = Bun.nanoseconds()
  try {
    return (run as (...a: unknown[]) => ReturnType<typeof run>).call(this, sql, ...rest)
  } finally {
    add(oneLine(sql), started)
  }
} as typeof run

process.on('SIGTERM', () => {
  const rows = [...totals].map(([sql, t]) => ({ sql, calls: t.calls, ms: t.ns / 1e6 }))
  if (process.env.STATEMENT_TIMES_FILE)
    writeFileSync(process.env.STATEMENT_TIMES_FILE, JSON.stringify(rows))
  process.exit(0)
})
