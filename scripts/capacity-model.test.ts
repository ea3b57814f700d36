// The capacity model's arithmetic (bench/capacity-model.ts) against figures worked by hand, and the
// rendered tables (bench/capacity-render.ts) against the model, so docs/capacity.md's table cannot
// drift from the formula.
import { describe, expect, test } from 'bun:test'
import {
  ASSUMPTIONS,
  type Assumptions,
  type Costs,
  capacityModel,
  KINDS,
  type Kind,
} from '../bench/capacity-model'
import { renderModel } from '../bench/capacity-render'

const zero = { heavy: { appMs: 0, dbMs: 0 }, light: { appMs: 0, dbMs: 0 } }
const each = <T>(v: T) => Object.fromEntries(KINDS.map((k) => [k, v])) as Record<Kind, T>

// Only cached reads and Sends: 360 reads and 36 Sends a week per active user.
const assumptions: Assumptions = {
  sizes: [1_000, 50_000],
  activeShare: 0.5,
  perWeek: { ...each(0), cachedRead: 360, send: 36 },
  heavyShare: 0.25,
  busyHourShare: each(0.1),
  busyMinutePeak: 2,
  headroom: 0.5,
  itemsPerUserYear: 1_000,
  bytesPerItem: 1_000,
}
const costs: Costs = {
  ...each(zero),
  cachedRead: { heavy: { appMs: 4, dbMs: 8 }, light: { appMs: 2, dbMs: 0 } },
  send: { heavy: { appMs: 40, dbMs: 20 }, light: { appMs: 40, dbMs: 20 } },
}

describe('capacityModel', () => {
  const m = capacityModel(assumptions, costs)

  test('rates in the busiest minute: share × week × hour share × peak / 3600', () => {
    // 0.5 × 360 × 0.1 × 2 / 3600 = 0.01 reads/s; 0.5 × 36 × 0.1 × 2 / 3600 = 0.001 Sends/s.
    expect(m.ratePerUser.cachedRead).toBeCloseTo(0.01, 12)
    expect(m.ratePerUser.send).toBeCloseTo(0.001, 12)
    expect(m.ratePerUser.write).toBe(0)
  })

  test('costs blended by the heavy share', () => {
    // 0.25 × 4 + 0.75 × 2 = 2.5 ms app; 0.25 × 8 + 0.75 × 0 = 2 ms PostgreSQL.
    expect(m.blended.cachedRead.appMs).toBeCloseTo(2.5, 12)
    expect(m.blended.cachedRead.dbMs).toBeCloseTo(2, 12)
  })

  test('demand per user and users per core at the headroom', () => {
    // app 0.01 × 2.5 + 0.001 × 40 = 0.065 ms/s; PostgreSQL 0.01 × 2 + 0.001 × 20 = 0.04 ms/s.
    expect(m.appMsPerUser).toBeCloseTo(0.065, 12)
    expect(m.dbMsPerUser).toBeCloseTo(0.04, 12)
    // Half a core: 500 ms/s.
    expect(m.usersPerInstance).toBeCloseTo(500 / 0.065, 6)
    expect(m.usersPerPostgresCore).toBeCloseTo(12_500, 6)
    expect(m.limit).toBe('app')
  })

  test('sizes: cores rounded up, at least one', () => {
    expect(m.sizes[0]).toMatchObject({ users: 1_000, instances: 1, postgresCores: 1 })
    expect(m.sizes[0].requestsPerSecond).toBeCloseTo(11, 9)
    expect(m.sizes[0].writesPerSecond).toBeCloseTo(1, 9)
    expect(m.sizes[1].appCores).toBeCloseTo(6.5, 9)
    expect(m.sizes[1].dbCores).toBeCloseTo(4, 9)
    expect(m.sizes[1]).toMatchObject({ users: 50_000, instances: 7, postgresCores: 4 })
    // 50,000 × 0.5 active × 1,000 items × 1,000 bytes = 25 GB a year.
    expect(m.sizes[1].diskGbPerYear).toBeCloseTo(25, 9)
  })

  test('PostgreSQL is the limit when its side costs more', () => {
    const pg = capacityModel(assumptions, {
      ...costs,
      send: { heavy: { appMs: 1, dbMs: 90 }, light: { appMs: 1, dbMs: 90 } },
    })
    expect(pg.limit).toBe('postgres')
  })
})

describe('renderModel', () => {
  test('the tables show what capacityModel computes, not figures of their own', () => {
    const m = capacityModel(ASSUMPTIONS, costs)
    const text = renderModel(ASSUMPTIONS, costs, m)
    const row = text.split('\n').find((l) => l.startsWith('| 100,000 |'))
    expect(row).toBeDefined()
    const size = m.sizes.find((s) => s.users === 100_000)
    expect(row).toContain(`| ${size?.instances} (`)
    expect(row).toContain(`| ${size?.postgresCores} (`)
    expect(text).toContain(Math.floor(m.usersPerInstance).toLocaleString('en'))
    expect(text).toContain(Math.floor(m.usersPerPostgresCore).toLocaleString('en'))
    // Every assumption of the model is a row of the one table.
    for (const name of [
      'active share',
      'per active user per week',
      'heavy / light',
      'busy-hour share',
      'busy-minute peak',
      'headroom',
    ])
      expect(text.toLowerCase()).toContain(name)
  })
})
