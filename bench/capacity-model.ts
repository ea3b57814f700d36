// The capacity model's arithmetic, in one function (`capacityModel`), so the tables of
// docs/capacity.md and docs/benchmarks.md cannot drift from the formula: bench/capacity.ts measures
// the costs per request kind and renders what this returns; scripts/capacity-model.test.ts checks
// it against figures worked by hand.
//
// Per registered user, in the busiest minute of the week, for each kind of request k:
//   rate_k  = active share × requests per active user per week_k × busy-hour share_k / 3600
//             × busy-minute peak factor                                       (requests per second)
//   cost_k  = heavy share × cost_k(heavy) + (1 − heavy share) × cost_k(light)  (CPU ms per request)
//   demand  = Σ_k rate_k × cost_k                     (CPU ms per second, app and PostgreSQL apart)
// One core planned at `headroom` busy gives headroom × 1000 ms per second, so it holds
// headroom × 1000 / demand users; n users need n × demand / (headroom × 1000) cores, rounded up.

export const KINDS = ['cachedRead', 'uncachedRead', 'write', 'search', 'pdf', 'send'] as const
export type Kind = (typeof KINDS)[number]

/** What each kind is, as the bench makes it (bench/capacity.ts). */
export const KIND_NAMES: Record<Kind, string> = {
  cachedRead: 'cached read',
  uncachedRead: 'uncached read',
  write: 'write',
  search: 'search',
  pdf: 'PDF',
  send: 'Send (with its e-mail)',
}

/** CPU milliseconds one request costs: in the app's process, and in PostgreSQL's processes. */
export type Cost = { appMs: number; dbMs: number }
export type Costs = Record<Kind, { heavy: Cost; light: Cost }>

export type Assumptions = {
  /** The installations sized in the table (registered users). */
  sizes: number[]
  /** Share of the registered users active in the busiest week. */
  activeShare: number
  /** Requests an active user makes in a week, by kind. */
  perWeek: Record<Kind, number>
  /** Share of the users who are heavy (years of history, many projects and people). */
  heavyShare: number
  /** Share of a week's requests of each kind that fall in the busiest hour. */
  busyHourShare: Record<Kind, number>
  /** The busiest minute of that hour against the hour's average minute. */
  busyMinutePeak: number
  /** How busy a core is planned to be in the busiest minute (0.5: half, the rest is headroom). */
  headroom: number
  /** Items an active user writes in a year, and what one takes on disk with its indexes (bytes). */
  itemsPerUserYear: number
  bytesPerItem: number
}

export type Size = {
  users: number
  /** All requests per second in the busiest minute. */
  requestsPerSecond: number
  /** Writes (items and Sends) per second in the busiest minute. */
  writesPerSecond: number
  /** Cores of CPU needed at the headroom, unrounded. */
  appCores: number
  dbCores: number
  /** Instances (one app core each), rounded up, at least one. */
  instances: number
  /** PostgreSQL cores, rounded up, at least one. */
  postgresCores: number
  /** What the database grows by in a year, in GB (10^9 bytes). */
  diskGbPerYear: number
}

export type Model = {
  /** Requests per second one registered user makes in the busiest minute, by kind. */
  ratePerUser: Record<Kind, number>
  /** A request's cost at the heavy/light mix, by kind. */
  blended: Record<Kind, Cost>
  /** CPU ms per second one registered user needs in the busiest minute. */
  appMsPerUser: number
  dbMsPerUser: number
  /** Registered users one instance (one app core) and one PostgreSQL core hold at the headroom. */
  usersPerInstance: number
  usersPerPostgresCore: number
  /** Which side is full first. */
  limit: 'app' | 'postgres'
  sizes: Size[]
}

const WRITE_KINDS: Kind[] = ['write', 'send']

export function capacityModel(a: Assumptions, costs: Costs): Model {
  const ratePerUser = {} as Record<Kind, number>
  const blended = {} as Record<Kind, Cost>
  let appMsPerUser = 0
  let dbMsPerUser = 0
  for (const k of KINDS) {
    ratePerUser[k] = (a.activeShare * a.perWeek[k] * a.busyHourShare[k] * a.busyMinutePeak) / 3600
    const { heavy, light } = costs[k]
    blended[k] = {
      appMs: a.heavyShare * heavy.appMs + (1 - a.heavyShare) * light.appMs,
      dbMs: a.heavyShare * heavy.dbMs + (1 - a.heavyShare) * light.dbMs,
    }
    appMsPerUser += ratePerUser[k] * blended[k].appMs
    dbMsPerUser += ratePerUser[k] * blended[k].dbMs
  }
  const budget = a.headroom * 1000
  const usersPerInstance = budget / appMsPerUser
  const usersPerPostgresCore = budget / dbMsPerUser
  const perUser = KINDS.reduce((s, k) => s + ratePerUser[k], 0)
  const writesPerUser = WRITE_KINDS.reduce((s, k) => s + ratePerUser[k], 0)
  const sizes = a.sizes.map((users): Size => {
    const appCores = (users * appMsPerUser) / budget
    const dbCores = (users * dbMsPerUser) / budget
    return {
      users,
      requestsPerSecond: users * perUser,
      writesPerSecond: users * writesPerUser,
      appCores,
      dbCores,
      instances: Math.max(1, Math.ceil(appCores)),
      postgresCores: Math.max(1, Math.ceil(dbCores)),
      diskGbPerYear: (users * a.activeShare * a.itemsPerUserYear * a.bytesPerItem) / 1e9,
    }
  })
  return {
    ratePerUser,
    blended,
    appMsPerUser,
    dbMsPerUser,
    usersPerInstance,
    usersPerPostgresCore,
    limit: usersPerPostgresCore < usersPerInstance ? 'postgres' : 'app',
    sizes,
  }
}

/**
 * The assumptions, stated once; each is to be replaced by an installation's own figures (the
 * `/metrics` request counters per route give the use per kind and the busy hour).
 */
export const ASSUMPTIONS: Assumptions = {
  sizes: [1_000, 10_000, 100_000],
  activeShare: 0.7,
  perWeek: { cachedRead: 300, uncachedRead: 100, write: 100, search: 20, pdf: 2, send: 1.5 },
  heavyShare: 0.2,
  busyHourShare: {
    cachedRead: 0.1,
    uncachedRead: 0.1,
    write: 0.1,
    search: 0.1,
    pdf: 0.1,
    send: 0.3,
  },
  busyMinutePeak: 3,
  headroom: 0.5,
  itemsPerUserYear: 3_000,
  bytesPerItem: 1_200,
}

/** Why each assumption has its value (the table's last column). */
export const ASSUMPTION_SOURCES = {
  activeShare: 'assumed: most accounts write their week, some skip it',
  perWeek:
    "assumed: the bench's 80/20 mix of 400 reads and 100 writes; every write makes its user's next read miss the cache (an upper bound: writes come in bursts); a few searches a day; a PDF now and then; a Send a week and an update every other week",
  heavyShare: 'assumed (issue 43: heavy users cost 3.4× on an uncached dashboard)',
  busyHourShare: 'assumed: the Friday write-up; Sends cluster more, before the meeting',
  busyMinutePeak: 'assumed: write-ups cluster in the minutes before a meeting',
  headroom: 'policy: bursts within the minute, a failed instance, a slow disk',
  itemsPerUserYear: "issue 43's usage model (≈ 30 M items a year at 10 k users)",
  bytesPerItem:
    "estimate for PostgreSQL: row ≈ 250 B, 6 indexes, one search row; measure with `SELECT pg_total_relation_size('section_items') / count(*)`",
}
