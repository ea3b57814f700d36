import { sql } from 'drizzle-orm'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../db'

/**
 * Prometheus metrics (GET /metrics, with METRICS_TOKEN set): requests by route template, method
 * and status, their latency, the database pool, the delivery queue, sessions, and the process
 * (memory, event-loop delay, CPU) from prom-client's default collectors. The queue and session
 * counts are read from the database at each scrape, so every instance reports the same totals
 * (aggregate them with max, not sum).
 */
export type Metrics = {
  registry: Registry
  /** Records one answered request. */
  request(method: string, route: string, status: number, seconds: number): void
}

const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export function createMetrics(db: Db): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template, method and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status',
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [registry],
  })
  poolGauges(registry, db)
  databaseGauges(registry, db)

  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) }
      requests.inc(labels)
      duration.observe(labels, seconds)
    },
  }
}

type PoolStats = { inUse: number; waiting: number; size: number }

/** PostgreSQL's pool (SQLite has one connection and no pool). */
function poolGauges(registry: Registry, db: Db) {
  if (!db.poolStats) return
  const pool = (name: string, help: string, pick: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = db.poolStats?.()
        if (stats) this.set(pick(stats))
      },
    })
  pool('cadence_db_pool_size', 'Connections the pool may open', (s) => s.size)
  pool(
    'cadence_db_pool_in_use',
    'Pool connections running a statement or holding a transaction',
    (s) => s.inUse,
  )
  pool(
    'cadence_db_pool_waiting',
    'Statements and transactions waiting for a pool connection',
    (s) => s.waiting,
  )
}

type Snapshot = { deliveries: Record<string, number>; sessions: number }

/**
 * One read per scrape for the database-backed gauges; a database that does not answer leaves
 * them out (null) and cadence_database_up is then 0 (the scrape itself still answers).
 */
function snapshotReader(db: Db) {
  let snapshot: Promise<Snapshot | null> | null = null
  return () => {
    snapshot ??= (async () => {
      try {
        const now = new Date().toISOString()
        const rows = await db.rows<{ status: string; n: number | string }>(
          sql`SELECT status, CAST(count(*) AS INTEGER) AS n FROM deliveries GROUP BY status`,
        )
        const sessions = await db.row<{ n: number | string }>(
          sql`SELECT CAST(count(*) AS INTEGER) AS n FROM sessions WHERE expires_at > ${now}`,
        )
        return {
          deliveries: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
          sessions: Number(sessions?.n ?? 0),
        }
      } catch {
        return null
      }
    })().finally(() => setTimeout(() => (snapshot = null), 0))
    return snapshot
  }
}

/** The gauges read from the database at each scrape: its health, the delivery queue, sessions. */
function databaseGauges(registry: Registry, db: Db) {
  const read = snapshotReader(db)
  new Gauge({
    name: 'cadence_database_up',
    help: '1 when the database answered this scrape, 0 when it did not',
    registers: [registry],
    async collect() {
      this.set((await read()) ? 1 : 0)
    },
  })
  new Gauge({
    name: 'cadence_deliveries',
    help: 'E-mails and chat posts by status: pending (queued or retrying), sent, failed',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const snap = await read()
      // The database did not answer: no value rather than the last one (stale), so a dashboard
      // shows a gap and an alert on the queue does not read an old count as current.
      if (!snap) return this.reset()
      for (const status of ['pending', 'sent', 'failed'])
        this.set({ status }, snap.deliveries[status] ?? 0)
    },
  })
  new Gauge({
    name: 'cadence_sessions_active',
    help: 'Sessions not yet expired',
    registers: [registry],
    async collect() {
      const snap = await read()
      // Unknown while the database is away: NaN (a gauge without labels cannot have no value).
      this.set(snap ? snap.sessions : Number.NaN)
    },
  })
}
