import { SQL } from 'bun'
import { type Postgres, startPostgres } from '../../../scripts/postgres'
import { openPostgres } from '../db/pg'

/**
 * Which engine the server tests run on: SQLite unless TEST_DATABASE_URL names a PostgreSQL server
 * (`bun run test` starts a throwaway cluster, scripts/postgres.ts, and runs the server tests a
 * second time with it). Each test app gets its own database, cloned from a template migrated once.
 */
export const testEngine = () => (process.env.TEST_DATABASE_URL ? 'pg' : 'sqlite')

/**
 * One migrated template per test process, shared by its test files: with `bun test --parallel`
 * each file of a worker gets fresh module state (--isolate), so the template is found by name in
 * the cluster. It gets that name only once migrated (built under another, then renamed), so a
 * template with it is whole. The copies' names carry this file's own `RUN`, as its count restarts.
 */
const TEMPLATE = `cadence_template_${process.pid}`
const RUN = crypto.randomUUID().slice(0, 8)
let template: Promise<void> | null = null
let admin: SQL | null = null
let count = 0

const dbUrl = (name: string) => {
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${name}`
  return url.toString()
}

function adminClient() {
  admin ??= new SQL({ url: process.env.TEST_DATABASE_URL as string, max: 1 })
  return admin
}

async function migratedTemplate() {
  template ??= (async () => {
    const found = await adminClient()`SELECT 1 FROM pg_database WHERE datname = ${TEMPLATE}`
    if (found.length) return
    const building = `${TEMPLATE}_building_${RUN}`
    await adminClient().unsafe(`CREATE DATABASE ${building}`)
    const db = await openPostgres(dbUrl(building), { max: 1 })
    await db.close()
    await adminClient().unsafe(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`)
  })()
  return template
}

// Databases made ahead: a copy of the template takes ~100 ms, made while the test before runs
// rather than on the next test's path. A few at most; the cluster is thrown away at the end.
const AHEAD = 2
const ahead: Array<Promise<string>> = []
const makeOne = async () => {
  await migratedTemplate()
  const name = `${TEMPLATE}_${RUN}_${++count}`
  await adminClient().unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`)
  return name
}

/** The URL of a new, migrated, empty PostgreSQL database (for server processes of a test). */
export async function freshTestDatabaseUrl() {
  const next = ahead.shift() ?? makeOne()
  const name = await next
  while (ahead.length < AHEAD) {
    const made = makeOne()
    made.catch(() => {}) // a failure shows when a test takes it
    ahead.push(made)
  }
  return dbUrl(name)
}

/** A new, migrated, empty PostgreSQL database for one test app. */
export async function freshTestDatabase() {
  // A small pool that lets go of idle connections: a test run opens hundreds of these. Statements
  // get 30 s, not the API's 5 (a loaded machine queues them; the outage test sets its own).
  return openPostgres(await freshTestDatabaseUrl(), {
    max: 4,
    idleTimeout: 2,
    statementTimeout: 30,
  })
}

/**
 * For tests that need PostgreSQL on both runs of the suite: on the PostgreSQL run a fresh database
 * of TEST_DATABASE_URL's server; on the SQLite run a database of a throwaway cluster started here
 * once per test file (scripts/postgres.ts). Call `stop()` in the file's afterAll.
 */
export function postgresOnBothRuns(prefix: string) {
  let cluster: Postgres | null = null
  return {
    async url() {
      if (testEngine() === 'pg') return freshTestDatabaseUrl()
      cluster ??= await startPostgres()
      const admin = new SQL({ url: cluster.url, max: 1 })
      const name = `${prefix}_${crypto.randomUUID().replaceAll('-', '')}`
      await admin.unsafe(`CREATE DATABASE ${name}`)
      await admin.close()
      return cluster.url.replace(/\/postgres$/, `/${name}`)
    },
    async stop() {
      await cluster?.stop()
    },
  }
}
