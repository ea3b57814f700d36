import { afterEach, expect, test } from 'bun:test'
import { isoDate } from './time'

const original = process.env.TZ
afterEach(() => {
  process.env.TZ = original
})

test("the server's today is the UTC date whatever the machine's time zone", () => {
  // 2026-03-06 23:30 UTC is already March 7 in Kiritimati (UTC+14) and still March 6 in Samoa.
  const instant = new Date('2026-03-06T23:30:00Z')
  for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC', 'America/Los_Angeles']) {
    process.env.TZ = zone
    expect(isoDate(instant)).toBe('2026-03-06')
  }
  process.env.TZ = 'Pacific/Kiritimati'
  // The zone is really in force (a local reading of the same instant says the 7th).
  expect(instant.getDate()).toBe(7)
})
