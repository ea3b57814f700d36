// The app's route patterns, declared once; `paths.ts` builds every URL from them. The router reads
// these patterns. Kept apart from the builders and the matching (paths.ts) so the landing page's
// bundle (held to 90 KB) carries only this.

/**
 * Each page's route pattern, as wouter (and `matchRoute`) reads it: `:name` is a parameter. A route
 * without one is its own path.
 */
export const routes = {
  landing: '/',
  authCallback: '/auth/callback',
  releaseNotes: '/release-notes',
  privacy: '/privacy',
  terms: '/terms',
  /** A shared report, for a reader without an account. */
  shared: '/r/:token',
  /** Joining an executive's team (team roll-up). */
  invitation: '/invite/:token',
  dashboard: '/dashboard',
  reports: '/reports',
  report: '/reports/:uuid',
  draft: '/reports/:uuid/draft',
  edition: '/reports/:uuid/editions/:number',
  projects: '/projects',
  project: '/projects/:uuid',
  team: '/team',
  teamMember: '/team-members/:uuid',
  prep: '/team-members/:uuid/prep',
  teamUpdates: '/team-updates',
  decisions: '/decisions',
  settings: '/settings',
  admin: '/admin',
} as const

export type RouteName = keyof typeof routes

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** A route's parameters by name: `{ uuid: string }` for `/reports/:uuid`. */
export type RouteParams<N extends RouteName> = { [K in ParamNames<(typeof routes)[N]>]: string }
