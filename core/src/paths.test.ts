import { expect, test } from 'bun:test'
import { isUnder, matchRoute, paths } from './paths'
import { routes } from './routes'

test("the product spec's routes are declared as it writes them", () => {
  // product-spec.md §2, in its order; {uuid} is the router's :uuid.
  const spec = [
    '/',
    '/auth/callback',
    '/dashboard',
    '/reports',
    '/reports/:uuid',
    '/reports/:uuid/draft',
    '/projects',
    '/projects/:uuid',
    '/team',
    '/team-members/:uuid',
    '/settings',
    '/admin',
    '/release-notes',
    '/privacy',
    '/terms',
  ]
  const declared: string[] = Object.values(routes)
  for (const route of spec) expect(declared).toContain(route)
})

test('each path fills its route and matches it back', () => {
  expect(paths.report('r-1')).toBe('/reports/r-1')
  expect(paths.report('r-1', 'questions')).toBe('/reports/r-1#questions')
  expect(paths.draft('r-1')).toBe('/reports/r-1/draft')
  expect(paths.edition('r-1', 3)).toBe('/reports/r-1/editions/3')
  expect(paths.teamMember('m-1')).toBe('/team-members/m-1')
  expect(paths.prep('m-1')).toBe('/team-members/m-1/prep')
  expect(paths.shared('tok')).toBe('/r/tok')
  expect(paths.invitation('tok')).toBe('/invite/tok')
  expect(paths.dashboard()).toBe('/dashboard')
  expect(paths.dashboard('assigned-to-me')).toBe('/dashboard#assigned-to-me')
  expect(matchRoute('edition', paths.edition('r-1', 3))).toEqual({ uuid: 'r-1', number: '3' })
  expect(matchRoute('teamMember', paths.teamMember('m-1'))).toEqual({ uuid: 'm-1' })
})

test('parameters and queries are encoded; an empty parameter is refused', () => {
  expect(paths.report('a/b')).toBe('/reports/a%2Fb')
  expect(matchRoute('report', paths.report('a/b'))).toEqual({ uuid: 'a/b' })
  expect(paths.decisions('Hire & grow')).toBe('/decisions?query=Hire%20%26%20grow')
  expect(new URLSearchParams(paths.decisions('a b').split('?')[1]).get('query')).toBe('a b')
  expect(paths.decisions()).toBe('/decisions')
  expect(paths.teamUpdates('2026-11-23')).toBe('/team-updates?week=2026-11-23')
  expect(paths.settings('metrics')).toBe('/settings?tab=metrics')
  expect(() => paths.report('')).toThrow('report: no uuid')
})

test('a route matches exactly; isUnder takes the pages below it', () => {
  expect(matchRoute('report', '/reports/r-1/draft')).toBeNull()
  expect(matchRoute('report', '/reports')).toBeNull()
  expect(matchRoute('project', '/reports/r-1')).toBeNull()
  expect(isUnder('/reports/r-1/draft', 'reports')).toBe(true)
  expect(isUnder('/team-members/m-1/prep', 'teamMember')).toBe(true)
  expect(isUnder('/team-updates', 'team')).toBe(false)
  expect(isUnder('/reportsx', 'reports')).toBe(false)
})
