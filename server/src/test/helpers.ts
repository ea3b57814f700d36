import { treaty } from '@elysiajs/eden'
import { eq } from 'drizzle-orm'
import { type App, createApp } from '../app'
import { loadConfig } from '../config'
import { type Db, openDatabase, type SqliteDb } from '../db'
import { sectionItems, users } from '../db/schema'
import { freshTestDatabase, testEngine } from './engines'

export const ORIGIN = 'http://localhost:3000'

/**
 * A fresh app on a fresh migrated database: in memory on SQLite, or a new database cloned from a
 * migrated template when the tests run on PostgreSQL (TEST_DATABASE_URL, see src/test/engines.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  engine: 'sqlite' | 'pg' = testEngine(),
) {
  const config = {
    ...loadConfig({ DATABASE_PATH: ':memory:', PUBLIC_URL: ORIGIN, ...env }),
    resolveHost: publicResolveHost,
  }
  const db =
    engine === 'pg' ? ((await freshTestDatabase()) as unknown as Db) : openDatabase(':memory:')
  const app = createApp({ db, config, signInLimit: 10_000 })
  return { app, db, config }
}

/**
 * Tests resolve no name over the network: every name answers one public address (nothing listens
 * there for a test; the posting tests stand in a poster). The webhook address tests give their own.
 */
export const publicResolveHost = async (_host: string) => ['93.184.215.14']

export type TestApp = Awaited<ReturnType<typeof createTestApp>>['app']

/**
 * A test app on SQLite whatever the run: for the tests of what only SQLite has (query plans,
 * the pending search entries, the statement cache). Its `db` also has the connection (`sqlite`).
 */
export async function createSqliteTestApp(env: Record<string, string> = {}) {
  const { app, db, config } = await createTestApp(env, 'sqlite')
  return { app, db: db as SqliteDb, config }
}

/** Collects Set-Cookie values into a cookie jar string. */
export function mergeCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const eq = pair.indexOf('=')
    const name = pair.slice(0, eq)
    const value = pair.slice(eq + 1)
    if (!value || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line))
      jar.delete(name)
    else jar.set(name, value)
  }
}

export const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

export type Client = ReturnType<typeof makeClient>

/**
 * The app's typed client (Eden's treaty over `type App`) for a cookie jar: paths, bodies and
 * answers are the routes' own types, read from the contract's schemas. Sends what a browser
 * sends (the session cookie, Origin on a write) and keeps the cookies it is given.
 */
export function typedClient(app: TestApp, jar = new Map<string, string>()) {
  const fetcher = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('cookie', cookieHeader(jar))
    if ((init.method ?? 'GET').toUpperCase() !== 'GET' && !headers.has('origin'))
      headers.set('origin', ORIGIN)
    const res = await app.handle(new Request(input, { ...init, headers }))
    mergeCookies(jar, res)
    return res
  }
  return treaty<App>(ORIGIN, { parseDate: false, fetcher: fetcher as typeof fetch }).api
}

/**
 * A cookie-carrying client over app.handle; bodies are JSON. `api` is the same session through
 * the typed client (typedClient).
 */
export function makeClient(app: TestApp, jar = new Map<string, string>()) {
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    // A browser sends Origin on every state-changing request; tests do the same unless overridden.
    const origin: Record<string, string> = method === 'GET' ? {} : { origin: ORIGIN }
    const init: RequestInit = {
      method,
      headers: { cookie: cookieHeader(jar), ...origin, ...headers },
    }
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body)
      ;(init.headers as Record<string, string>)['content-type'] ??= 'application/json'
    }
    const res = await app.handle(new Request(`${ORIGIN}${path}`, init))
    mergeCookies(jar, res)
    const text = await res.text()
    // biome-ignore lint/suspicious/noExplicitAny: tests read response fields without a schema
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {}
    return { status: res.status, json, text, headers: res.headers }
  }
  return {
    jar,
    api: typedClient(app, jar),
    request,
    get: (path: string) => request('GET', path),
    post: (path: string, body?: unknown) => request('POST', path, body ?? {}),
    put: (path: string, body?: unknown) => request('PUT', path, body ?? {}),
    delete: (path: string, body?: unknown) => request('DELETE', path, body),
  }
}

/** Signs in through the development provider's full handshake and returns a signed-in client. */
export async function signIn(app: TestApp, email: string, name = email.split('@')[0]) {
  const client = makeClient(app)
  const start = await client.get('/api/oauth/google/redirect_url')
  const redirectUrl = new URL(start.json.redirectUrl)
  const form = await app.handle(
    new Request(redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, name }).toString(),
    }),
  )
  const callback = new URL(form.headers.get('location')!)
  const code = callback.searchParams.get('code')
  const state = callback.searchParams.get('state')
  const session = await client.post('/api/sessions', { code, state })
  if (session.status !== 200) throw new Error(`sign-in failed: ${session.status} ${session.text}`)
  return client
}

/**
 * Ada signed in with one report whose 'Action Items' section holds `count` items written straight
 * into the database (a report past ITEM_PAGE items through the API would take minutes): item k has
 * `content(k)`, sort_order k and whatever `extra(k)` adds.
 */
export async function adaWithLargeReport(
  app: TestApp,
  db: Db,
  count: number,
  content: (k: number) => string,
  extra: (k: number) => Partial<typeof sectionItems.$inferInsert> = () => ({}),
) {
  const ada = await signIn(app, 'ada@example.com', 'Ada')
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  const [me] = await db.orm.select().from(users).where(eq(users.email, 'ada@example.com'))
  const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
  const rows = Array.from({ length: count }, (_, k) => ({
    section_id: report.sections[0].id,
    user_id: me.id,
    content: content(k),
    sort_order: k,
    ...extra(k),
  }))
  for (let i = 0; i < rows.length; i += 500)
    await db.orm.insert(sectionItems).values(rows.slice(i, i + 500))
  return { ada, report }
}
