import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { type RouteName, routes } from '@cadence/core/routes'

const source = readFileSync(new URL('./early-user.js', import.meta.url), 'utf8')

/** The pages outside the signed-in app, which have no chunk of their own in the script. */
const OUTSIDE: RouteName[] = [
  'landing',
  'authCallback',
  'releaseNotes',
  'privacy',
  'terms',
  'shared',
  'invitation',
]
const SIGNED_IN = (Object.keys(routes) as RouteName[]).filter((n) => !OUTSIDE.includes(n))

/** Runs src/early-user.js as index.html does, at `url`; what it asked for and preloaded. */
function run(url: string) {
  const { pathname, search } = new URL(url, 'http://localhost')
  const requested: string[] = []
  const preloaded: string[] = []
  // Each request and preload in the order made: the requests must all go out before any preload.
  const order: ('request' | 'preload')[] = []
  const window: Record<string, unknown> = {}
  // Each page's chunk is "<name>-x" in the table, so a preload names its page.
  const names = ['signedIn', 'shared', ...SIGNED_IN]
  const dataset = {
    files: names.map((n) => `${n}-x`).join(','),
    chunks: names.map((n, i) => `${n}:${i}`).join(';'),
  }
  const document = {
    currentScript: { dataset },
    createElement: () => ({}) as Record<string, string>,
    head: {
      appendChild: (link: { rel: string; href: string }) => {
        order.push('preload')
        preloaded.push(link.href)
      },
    },
  }
  const fetch = (input: string, init: RequestInit) => {
    expect(init.credentials).toBe('include')
    requested.push(input)
    order.push('request')
    return Promise.resolve(new Response('{}'))
  }
  new Function('window', 'location', 'document', 'fetch', source)(
    window,
    { pathname, search },
    document,
    fetch,
  )
  const early = window.__cadenceEarly as { answers: Record<string, unknown> }
  return {
    requested,
    preloaded: preloaded.map((href) => /^\/assets\/(.*)-x\.js$/.exec(href)?.[1]),
    answers: Object.keys(early.answers),
    user: window.__cadenceEarlyUser !== undefined,
    requestsFirst:
      order.indexOf('preload') === -1 || order.lastIndexOf('request') < order.indexOf('preload'),
  }
}

describe('early-user.js', () => {
  test('on /dashboard: the user, the dashboard and both chunks start before the app', () => {
    const r = run('/dashboard')
    expect(r.requested).toEqual(['/api/users/me', '/api/dashboard'])
    expect(r.answers).toEqual(['/api/dashboard'])
    expect(r.preloaded).toEqual(['signedIn', 'dashboard'])
    expect(r.user).toBe(true)
    expect(r.requestsFirst).toBe(true)
  })

  test('a report and its draft ask for the report, each preloading its own page', () => {
    expect(run('/reports/r-1')).toMatchObject({
      requested: ['/api/users/me', '/api/reports/r-1'],
      preloaded: ['signedIn', 'report'],
      requestsFirst: true,
    })
    expect(run('/reports/r-1/draft')).toMatchObject({
      requested: ['/api/users/me', '/api/reports/r-1'],
      preloaded: ['signedIn', 'draft'],
    })
  })

  test('projects and decisions ask for their lists; filtered decisions leave it to the page', () => {
    expect(run('/projects').answers).toEqual(['/api/projects/portfolio'])
    expect(run('/decisions').answers).toEqual(['/api/decisions'])
    expect(run('/decisions?query=price')).toMatchObject({
      requested: ['/api/users/me'],
      preloaded: ['signedIn', 'decisions'],
    })
  })

  test('every signed-in route of core preloads its page', () => {
    for (const name of SIGNED_IN) {
      const path = routes[name].replace(/:[a-z]+/g, 'p1')
      expect({ name, preloaded: run(path).preloaded }).toEqual({
        name,
        preloaded: ['signedIn', name],
      })
    }
  })

  test('a shared page asks for its report only, with no session', () => {
    expect(run('/r/tok-1')).toEqual({
      requested: ['/api/shared/tok-1'],
      preloaded: ['shared'],
      answers: ['/api/shared/tok-1'],
      user: false,
      requestsFirst: true,
    })
  })

  test('`/` asks for the user only; the callback, static pages and invitations for nothing', () => {
    expect(run('/')).toEqual({
      requested: ['/api/users/me'],
      preloaded: [],
      answers: [],
      user: true,
      requestsFirst: true,
    })
    for (const path of ['/auth/callback', '/privacy', '/terms', '/release-notes', '/invite/t-1'])
      expect(run(path)).toEqual({
        requested: [],
        preloaded: [],
        answers: [],
        user: false,
        requestsFirst: true,
      })
  })
})
