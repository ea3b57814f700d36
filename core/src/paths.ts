// The app's URLs: every link, redirect and navigation in ui/ and app/, and the server's links into
// the app, is `paths.<page>(…)`, built from the patterns in `routes.ts` (the product spec's routes).
// `scripts/path-literals.ts` (run by `bun run check`) fails on an app path written as a string.

import { type RouteName, type RouteParams, routes } from './routes'

/** The path of a route with its parameters filled in (each one URL-encoded). */
function fill<N extends RouteName>(name: N, params: RouteParams<N>): string {
  const values = params as Record<string, string>
  return routes[name].replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key]
    if (value === undefined || value === '') throw new Error(`${name}: no ${key}`)
    return encodeURIComponent(value)
  })
}

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const entries = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)
  if (entries.length === 0) return path
  // encodeURIComponent, not URLSearchParams: a space is %20 in a link, as the address bar shows it.
  return `${path}?${entries.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`
}

/** The tabs a Settings link may open with `?tab=`. */
export type SettingsTab = 'metrics' | 'sections' | 'profile' | 'sources'

/** Every app URL, built from `routes`: `paths.report(uuid)`, `paths.teamMember(uuid)`, … */
export const paths = {
  landing: () => routes.landing,
  authCallback: () => routes.authCallback,
  releaseNotes: () => routes.releaseNotes,
  privacy: () => routes.privacy,
  terms: () => routes.terms,
  shared: (token: string) => fill('shared', { token }),
  invitation: (token: string) => fill('invitation', { token }),
  /** `#assigned-to-me` scrolls to that section. */
  dashboard: (hash?: 'assigned-to-me') => (hash ? `${routes.dashboard}#${hash}` : routes.dashboard),
  reports: () => routes.reports,
  /** `#questions` brings the readers' questions into view. */
  report: (uuid: string, hash?: 'questions') => {
    const path = fill('report', { uuid })
    return hash ? `${path}#${hash}` : path
  },
  draft: (uuid: string) => fill('draft', { uuid }),
  edition: (uuid: string, number: number | string) =>
    fill('edition', { uuid, number: String(number) }),
  projects: () => routes.projects,
  project: (uuid: string) => fill('project', { uuid }),
  team: () => routes.team,
  teamMember: (uuid: string) => fill('teamMember', { uuid }),
  prep: (uuid: string) => fill('prep', { uuid }),
  /** `week`: the week's start day (YYYY-MM-DD). */
  teamUpdates: (week?: string) => withQuery(routes.teamUpdates, { week }),
  /** `query` starts the decision log's search with it. */
  decisions: (query?: string) => withQuery(routes.decisions, { query }),
  settings: (tab?: SettingsTab) => withQuery(routes.settings, { tab }),
  admin: () => routes.admin,
} as const satisfies Record<RouteName, (...args: never[]) => string>

/** A route's pattern as a regular expression (its parameters captured) and its parameters' names. */
function compile(name: RouteName, below: boolean) {
  const names: string[] = []
  const source = routes[name]
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:([A-Za-z]+)/g, (_, key: string) => {
      names.push(key)
      return '([^/]+)'
    })
  return { pattern: new RegExp(`^${source}${below ? '(?:/.*)?' : ''}$`), names }
}

/** A route's parameters when `pathname` is exactly that route (no trailing part), else null. */
export function matchRoute<N extends RouteName>(name: N, pathname: string): RouteParams<N> | null {
  const { pattern, names } = compile(name, false)
  const found = pattern.exec(pathname)
  if (!found) return null
  return Object.fromEntries(
    names.map((key, i) => [key, decodeURIComponent(found[i + 1] ?? '')]),
  ) as RouteParams<N>
}

/** Whether `pathname` is the route's page or one below it (`/reports` holds `/reports/x/draft`). */
export function isUnder(pathname: string, name: RouteName): boolean {
  return compile(name, true).pattern.test(pathname)
}
