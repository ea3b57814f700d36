// The offline table (contract/src/offline.ts) is the one place a queueable write or an overlaid read
// is declared: its route, its words for people, a create's answer and how it changes the answers of
// reads. These tests fail when an entry lacks a part, or when the outbox, the service worker or the
// API cache name an API route of their own instead of reading the table.
import { describe, expect, test } from 'bun:test'
import {
  findOfflineWrite,
  OFFLINE_OVERLAID_READS,
  OFFLINE_WRITES,
  type OnScreen,
} from '@cadence/contract/offline'
import { isNeverKept, NEVER_KEPT_READS } from '@cadence/contract/offline-cache'
import { Glob } from 'bun'

const nothingOnScreen: OnScreen = { report: null, member: null, contentOf: () => null }

/** A path of `pattern` with every parameter filled in (an allowed value where there are some). */
function pathOf(write: (typeof OFFLINE_WRITES)[number]) {
  return write.path.replace(/:(\w+)/g, (_, name: string) => write.oneOf?.[name]?.[0] ?? '7')
}

describe('the offline table', () => {
  test('every queueable write is found by its own route and is named in words', () => {
    for (const write of OFFLINE_WRITES) {
      const path = pathOf(write)
      const body = { [write.onlyFields?.[0] ?? 'content']: 'Ship the deck' }
      const match = findOfflineWrite(write.method, path, body)
      expect({ route: `${write.method} ${write.path}`, found: match?.write.path }).toEqual({
        route: `${write.method} ${write.path}`,
        found: write.path,
      })
      const change = {
        method: write.method,
        params: match?.params ?? {},
        body,
        created: undefined,
        realId: (id: number) => id,
      }
      const label = write.label(change, nothingOnScreen)
      expect({ route: `${write.method} ${write.path}`, label: /^[A-Z]\w* ./.test(label) }).toEqual({
        route: `${write.method} ${write.path}`,
        label: true,
      })
    }
  })

  test('a create answers at once with a row carrying its temporary id; nothing else creates', () => {
    for (const write of OFFLINE_WRITES) {
      const route = `${write.method} ${write.path}`
      expect({ route, answers: write.created !== undefined }).toEqual({
        route,
        answers: write.method === 'POST',
      })
      const params = findOfflineWrite(write.method, pathOf(write), {})?.params ?? {}
      const created = write.created?.(
        { method: 'POST', params, body: {}, created: undefined, realId: (id) => id },
        nothingOnScreen,
        { tempId: -3, userId: 7, now: '2026-11-23T09:00:00.000Z' },
      )
      if (created) expect([route, created.id, created.user_id]).toEqual([route, -3, 7])
    }
  })

  test('every write changes some overlaid read, and every overlaid read is changed by a write', () => {
    const changed = new Set<string>()
    for (const write of OFFLINE_WRITES) {
      const reads = Object.keys(write.overlays)
      expect({ route: `${write.method} ${write.path}`, reads: reads.length > 0 }).toEqual({
        route: `${write.method} ${write.path}`,
        reads: true,
      })
      for (const read of reads) {
        expect(OFFLINE_OVERLAID_READS as string[]).toContain(read)
        changed.add(read)
      }
    }
    expect(OFFLINE_OVERLAID_READS.filter((read) => !changed.has(read))).toEqual([])
  })

  test('the reads never kept are matched by their routes only', () => {
    for (const route of NEVER_KEPT_READS)
      expect(isNeverKept(route.replace(':token', 'abc'))).toBe(true)
    expect(isNeverKept('/api/users/me/extra')).toBe(false)
    expect(isNeverKept('/api/dashboard')).toBe(false)
  })
})

describe('no route of its own', () => {
  // A string or template literal that starts an API route (`'/api/reports'`, `` `/api/${x}` ``).
  const API_ROUTE = /(["'`])\/api\/[\w$]/

  test('the outbox, the API cache and the service worker read routes from the table only', async () => {
    const files = [
      ...new Glob('src/offline/*.ts').scanSync({ cwd: `${import.meta.dir}/../..` }),
      'src/sw.ts',
    ].filter((file) => !file.endsWith('.test.ts'))
    expect(files.length).toBeGreaterThan(8)
    const found: string[] = []
    for (const file of files) {
      const source = await Bun.file(`${import.meta.dir}/../../${file}`).text()
      // Comments may name routes; the transpiler drops them and keeps every string as written.
      const code = new Bun.Transpiler({ loader: 'ts' }).transformSync(source)
      for (const line of code.split('\n'))
        if (API_ROUTE.test(line)) found.push(`${file}: ${line.trim()}`)
    }
    expect(found).toEqual([])
  })

  test('the check finds a route written in a module, as a string or a template', () => {
    const transpile = (code: string) => new Bun.Transpiler({ loader: 'ts' }).transformSync(code)
    expect(
      API_ROUTE.test(transpile("export const f = (p: string) => p === '/api/section-items'")),
    ).toBe(true)
    expect(API_ROUTE.test(transpile('export const f = (p: string) => `/api/$' + '{p}`'))).toBe(true)
    expect(API_ROUTE.test(transpile("export const f = (p: string) => p.startsWith('/api/')"))).toBe(
      false,
    )
  })
})
