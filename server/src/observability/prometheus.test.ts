// Gauges read from the database are not left stale while it is away: cadence_database_up says 0
// and the queue gauges have no value (a gap), the sessions gauge NaN, not the last scrape's counts.
import { describe, expect, test } from 'bun:test'
import type { Db } from '../db'
import { openDatabase } from '../db'
import { freshTestDatabase, testEngine } from '../test/engines'
import { createMetrics } from './prometheus'

const newDb = async (): Promise<Db> =>
  testEngine() === 'pg' ? ((await freshTestDatabase()) as unknown as Db) : openDatabase(':memory:')

const value = (text: string, name: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(name) && !l.startsWith('#'))
    .map((l) => l.split(' ').at(-1))

describe('metrics while the database is away', () => {
  test('database_up 0, queue and session gauges without a value; back when it answers', async () => {
    const db = await newDb()
    let away = false
    const flaky = new Proxy(db, {
      get(target, key, receiver) {
        const v = Reflect.get(target, key, receiver)
        if ((key === 'rows' || key === 'row') && typeof v === 'function')
          return (...args: unknown[]) =>
            away ? Promise.reject(new Error('connection refused')) : v.apply(target, args)
        return v
      },
    }) as Db
    const metrics = createMetrics(flaky)
    const scrape = async () => {
      const text = await metrics.registry.metrics()
      await Bun.sleep(5)
      return text
    }
    const up = await scrape()
    expect(value(up, 'cadence_database_up')).toEqual(['1'])
    expect(value(up, 'cadence_deliveries{status="pending"}')).toEqual(['0'])
    expect(value(up, 'cadence_sessions_active')).toEqual(['0'])
    away = true
    const down = await scrape()
    expect(value(down, 'cadence_database_up')).toEqual(['0'])
    expect(value(down, 'cadence_deliveries{')).toEqual([])
    // prom-client writes NaN as "Nan" (Prometheus parses either).
    expect(value(down, 'cadence_sessions_active').map((v) => v?.toLowerCase())).toEqual(['nan'])
    away = false
    const back = await scrape()
    expect(value(back, 'cadence_deliveries{status="sent"}')).toEqual(['0'])
    expect(value(back, 'cadence_sessions_active')).toEqual(['0'])
    await db.close()
  })
})
