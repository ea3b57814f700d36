import { expect, test } from 'bun:test'
import { countResults, failedTests } from './run-step'

const ESC = String.fromCharCode(27)

test("bun test's counts and failing tests are read, colours or not", () => {
  const out = [
    `${ESC}[32m(pass)${ESC}[0m sharing > a link opens [3.1ms]`,
    `${ESC}[31m(fail)${ESC}[0m sharing > a revoked link is gone [30001.2ms]`,
    '',
    ' 12 pass',
    ' 1 fail',
  ].join('\n')
  expect(countResults(out)).toEqual({ passed: 12, failed: 1 })
  expect(failedTests(out)).toEqual(['(fail) sharing > a revoked link is gone [30001.2ms]'])
})

test("vitest's summary and failing files are read", () => {
  const out = [
    ' FAIL  stories/menu.stories.tsx > Open',
    '      Tests  1 failed | 39 passed (40)',
  ].join('\n')
  expect(countResults(out)).toEqual({ passed: 39, failed: 1 })
  expect(failedTests(out)).toEqual(['FAIL  stories/menu.stories.tsx > Open'])
})

test('a clean run names no failure', () => {
  expect(failedTests('(pass) a > b [1ms]\n 1 pass\n 0 fail')).toEqual([])
})
