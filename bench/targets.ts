// What `bun run bench` measures: the hot endpoints, each with its target from the issues, on the
// heavy user's data; and which of them the PostgreSQL section measures again.
import { RARE_WORD } from './seed'

/**
 * The largest query search takes: 12 words (the bound, server/src/search/tokenizer.ts), all common
 * in the dataset and never all in one entry, so the index reads every word's list to the end.
 */
export const LARGEST_QUERY = 'with the for before after launch review draft plan ship audit hire'

export type Target = { name: string; method: string; path: string; body?: string; target?: string }

/** The endpoints the PostgreSQL section (bench/postgres.ts) measures, by name. */
export const PG_TARGETS = [
  'GET /api/dashboard',
  'GET /api/reports/{uuid}',
  'GET /api/reports',
  'search: common word',
  'search: prefix',
  'search: largest allowed query',
  'POST /api/section-items',
  'PUT /api/section-items/{id}',
]

/**
 * The endpoints, with the ids they need read from the running server at `base` as the heavy user
 * (`cookie`): the writes go to a tasks section of the 11th report. Also resolves with the user's
 * reports (the page benchmarks open one the writes do not touch).
 */
export async function apiTargets(base: string, cookie: string) {
  const get = async (path: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few fields of API answers
    (await fetch(`${base}${path}`, { headers: { cookie } })).json() as Promise<any>
  const reports = await get('/api/reports')
  const report = await get(`/api/reports/${reports[10].uuid}`)
  const section = report.sections.find((s: { section_type: string }) => s.section_type === 'tasks')
  const item = section.items[0]

  const targets: Target[] = [
    {
      name: 'GET /api/dashboard',
      method: 'GET',
      path: '/api/dashboard',
      target: 'p99 ≤ 15 ms at 64, ≥ 30% of ceiling',
    },
    {
      name: 'GET /api/reports/{uuid}',
      method: 'GET',
      path: `/api/reports/${report.uuid}`,
      target: 'p99 ≤ 15 ms at 64, ≥ 30% of ceiling',
    },
    { name: 'GET /api/reports', method: 'GET', path: '/api/reports' },
    { name: 'GET /api/projects', method: 'GET', path: '/api/projects' },
    {
      name: 'search: rare word',
      method: 'GET',
      path: `/api/search?query=${RARE_WORD}`,
      target: 'p95 ≤ 10 ms',
    },
    {
      name: 'search: common word',
      method: 'GET',
      path: '/api/search?query=launch',
      target: 'p95 ≤ 10 ms',
    },
    { name: 'search: prefix', method: 'GET', path: '/api/search?query=bud', target: 'p95 ≤ 10 ms' },
    {
      name: 'search: phrase',
      method: 'GET',
      path: `/api/search?query=${encodeURIComponent('"board deck"')}`,
      target: 'p95 ≤ 10 ms',
    },
    {
      name: 'search: type filter',
      method: 'GET',
      path: `/api/search?query=${encodeURIComponent('type:task budget')}`,
      target: 'p95 ≤ 10 ms',
    },
    {
      name: 'search: largest allowed query',
      method: 'GET',
      path: `/api/search?query=${encodeURIComponent(LARGEST_QUERY)}`,
      target: 'p95 ≤ 10 ms',
    },
    {
      name: 'POST /api/section-items',
      method: 'POST',
      path: '/api/section-items',
      body: JSON.stringify({ section_id: section.id, content: 'Benchmark write' }),
      target: '≥ 5,000/s',
    },
    {
      name: 'PUT /api/section-items/{id}',
      method: 'PUT',
      path: `/api/section-items/${item.id}`,
      body: JSON.stringify({ is_completed: true }),
      target: '≥ 5,000/s',
    },
  ]
  // biome-ignore lint/suspicious/noExplicitAny: rows of GET /api/reports
  return { targets, reports: reports as any[] }
}
