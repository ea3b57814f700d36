import { describe, expect, test } from 'bun:test'
import { createTestApp, signIn } from '../../test/helpers'

/**
 * Adding N items to a report costs O(N) whatever the report already holds. It used to read every
 * item of the report (with its carried-from chain, whose query scanned the whole account at each
 * step): five 5,000-line imports took 1.5, 3.7, 10.4, 23.7 and 39.9 s. Measured as a ratio on one
 * report, the minimum of a few runs each, so a busy machine's slow turn cannot fail it.
 */

const lines = (n: number, from: number) => {
  const out = ['## Action Items']
  for (let i = 0; i < n; i++) out.push(`- [ ] [P${i % 20}] Item ${from + i} with a few more words`)
  return out.join('\n')
}

describe('import cost', () => {
  test('importing 500 items costs the same with 1,000 or 5,000 items already in the report', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    const importInto = async (text: string) => {
      const res = await ada.api.reports({ uuid: report.uuid }).import.post({ text })
      expect(res.status).toBe(200)
    }
    const timed = async (into: string, from: number) => {
      const t0 = performance.now()
      const res = await ada.api.reports({ uuid: into }).import.post({ text: lines(500, from) })
      expect(res.status).toBe(200)
      return performance.now() - t0
    }
    // Three runs from `present` items up (500 each); the fastest.
    const fastest = async (present: number) => {
      let best = Number.POSITIVE_INFINITY
      for (let i = 0; i < 3; i++) best = Math.min(best, await timed(report.uuid, present + i * 500))
      return best
    }
    // Warm-up in another report: statements prepared, the parse worker started.
    const other = (await ada.api.reports.post({ week_start_date: '2026-11-09' })).data!
    await timed(other.uuid, 0)
    await importInto(lines(1_000, 0))
    const atThousand = await fastest(1_000)
    await importInto(lines(2_500, 2_500)) // 5,000 present
    const atFiveThousand = await fastest(5_000)
    expect(atFiveThousand / atThousand).toBeLessThan(1.5)
  }, 120_000)
})
