import { describe, expect, test } from 'bun:test'
import { progressLine, terminalProgress } from './progress'

const at = (table: string, copied: number, total: number, allCopied: number) => ({
  table,
  copied,
  total,
  allCopied,
  allTotal: 560_000,
})

describe('the progress line of backup, restore and copy-data', () => {
  test('on a terminal: one line redrawn in place, cleared at the end', () => {
    const written: string[] = []
    const bar = terminalProgress({ isTTY: true, write: (t) => written.push(t) }, 0)
    bar.progress?.(at('section_items', 120_000, 500_000, 130_000))
    bar.progress?.(at('section_items', 500_000, 500_000, 510_000))
    bar.done()
    expect(written).toEqual([
      '\r\x1b[Ksection_items 120,000 / 500,000 · all rows 130,000 / 560,000 · 23%',
      '\r\x1b[Ksection_items 500,000 / 500,000 · all rows 510,000 / 560,000 · 91%',
      '\r\x1b[K',
    ])
  })

  test('at most once per interval, but always a table’s last page', () => {
    const written: string[] = []
    const bar = terminalProgress({ isTTY: true, write: (t) => written.push(t) }, 60_000)
    bar.progress?.(at('section_items', 500, 1_000, 500))
    bar.progress?.(at('section_items', 900, 1_000, 900))
    bar.progress?.(at('section_items', 1_000, 1_000, 1_000))
    expect(written.map((w) => w.split(' ')[1])).toEqual(['500', '1,000'])
  })

  test('not a terminal (a pipe, a log file): no callback and nothing written', () => {
    const written: string[] = []
    const bar = terminalProgress({ isTTY: false, write: (t) => written.push(t) })
    expect(bar.progress).toBeUndefined()
    bar.done()
    expect(written).toEqual([])
  })

  test('an empty database reads 100%', () => {
    expect(progressLine({ table: 'users', copied: 0, total: 0, allCopied: 0, allTotal: 0 })).toBe(
      'users 0 / 0 · all rows 0 / 0 · 100%',
    )
  })
})
