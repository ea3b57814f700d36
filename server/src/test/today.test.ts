// The two ways a test of "this week" disagreed with the server across midnight UTC, each held shut:
// a week computed once at module load (no test file or helper may take one), and a test that seeds
// before midnight and asks after it (onOneDay runs it again, within one day).
import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import type { DashboardData } from '@cadence/contract'
import { Glob } from 'bun'
import { createTestApp } from './helpers'
import { seedWeeks } from './history'
import { onOneDay, thisWeek, weekFrom } from './today'

afterEach(() => setSystemTime())

/** Sunday 6 Dec 2026, `s` seconds before midnight UTC (negative: after it, on Monday). */
const beforeMonday = (s: number) => new Date(Date.UTC(2026, 11, 7) - s * 1000)

describe('thisWeek', () => {
  test('reads the clock on each call: Sunday is the week before Monday', () => {
    setSystemTime(beforeMonday(1))
    expect([thisWeek(), weekFrom(-1), weekFrom(1)]).toEqual([
      '2026-11-30',
      '2026-11-23',
      '2026-12-07',
    ])
    setSystemTime(beforeMonday(-1))
    expect(thisWeek()).toBe('2026-12-07')
  })
})

describe('onOneDay', () => {
  test('runs a body that crossed midnight again and answers the run within one day', async () => {
    setSystemTime(beforeMonday(1))
    const weeks: string[] = []
    const answer = await onOneDay(() => {
      weeks.push(thisWeek())
      setSystemTime(beforeMonday(-1 - weeks.length)) // midnight passes during the first run
      if (weeks.length === 1) throw new Error('seeded on Sunday, asked on Monday')
      return thisWeek()
    })
    expect(weeks).toEqual(['2026-11-30', '2026-12-07'])
    expect(answer).toBe('2026-12-07')
  })

  test('never runs a body again within one day, whatever it answered', async () => {
    setSystemTime(beforeMonday(60))
    let runs = 0
    const failing = onOneDay(() => {
      runs++
      throw new Error('a real failure')
    })
    await expect(failing).rejects.toThrow('a real failure')
    expect(runs).toBe(1)
  })

  // The flaw seen once under libfaketime: a history seeded on Sunday and read on Monday ages every
  // week by one more, and 12 more items are stalled (52 against 40). Here midnight passes between
  // the seeding and the request of the first run; the run onOneDay answers agrees.
  test("the dashboard's stalled total of a history seeded just before Monday", async () => {
    setSystemTime(beforeMonday(1))
    const stalled: number[] = []
    const total = await onOneDay(async () => {
      const ctx = await createTestApp()
      const { client } = await seedWeeks(ctx, 'light@example.com', 8, {
        item: (s, k) => ({ content: `Item ${s.week}-${k}`, is_completed: s.week > 2 && k >= 4 }),
      })
      if (stalled.length === 0) setSystemTime(beforeMonday(-1))
      const dashboard = (await client.get('/api/dashboard')).json as DashboardData
      const { stalledTotal } = dashboard.needsYou
      stalled.push(stalledTotal ?? -1)
      return stalledTotal
    })
    // The first run's answer is the flaw itself; the second's is what the test expects.
    expect(stalled).toEqual([5 * 8 + 12, 5 * 8])
    expect(total).toBe(5 * 8)
  })
})

// A clock read in a declaration at a file's top level or directly in a describe block runs once,
// when bun loads the file, not when the test runs.
const CLOCK =
  /\b(isoDate|nowIso|daysAgoIso|thisWeek)\(\)|\bweekFrom\(|\bnew Date\(\)|\bDate\.now\(\)/
const FUNCTION =
  /^(export\s+)?(const|let|var)\s+\w+(\s*:[^=]+)?\s*=\s*(async\s+)?(\(|\w+\s*=>|function\b)/

describe('no test takes today once, at load', () => {
  test('in server/src: every *.test.ts and the helpers of src/test', async () => {
    const files = [
      ...new Glob('src/**/*.test.ts').scanSync({ cwd: `${import.meta.dir}/../..` }),
      ...new Glob('src/test/*.ts').scanSync({ cwd: `${import.meta.dir}/../..` }),
    ]
    expect(files).toContain('src/test/two-weeks.ts')
    const found: string[] = []
    for (const file of new Set(files)) {
      const lines = (await Bun.file(`${import.meta.dir}/../../${file}`).text()).split('\n')
      let opener = ''
      let declaration: { line: number; text: string } | null = null
      const check = () => {
        if (declaration && CLOCK.test(declaration.text) && !isFunction(declaration.text))
          found.push(`${file}:${declaration.line}: ${declaration.text.split('\n')[0]}`)
        declaration = null
      }
      for (const [i, line] of lines.entries()) {
        const top = /^\S/.test(line) && !/^[}\])]/.test(line)
        const inDescribe = /^ {2}\S/.test(line) && /^describe\b/.test(opener)
        if (top || (inDescribe && /^ {2}(const|let|var)\b/.test(line))) {
          check()
          if (top) opener = line
          if (/^(export\s+)?(const|let|var)\b/.test(line.trim()))
            declaration = { line: i + 1, text: line.trim() }
        } else if (declaration) declaration.text += `\n${line}`
      }
      check()
    }
    expect(found).toEqual([])
  })
})

/** A declaration of a function (an arrow or `function`), whose clock reads run when it is called. */
function isFunction(text: string) {
  const m = FUNCTION.exec(text)
  if (!m) return false
  if (m[5] !== '(') return true
  // `= (` opens either an arrow's parameters or a parenthesised value: an arrow has `=>` before
  // its first clock read.
  const arrow = text.indexOf('=>')
  return arrow >= 0 && arrow < text.search(CLOCK)
}
