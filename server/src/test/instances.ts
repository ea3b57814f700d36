// Two real server processes on one database — a fresh PostgreSQL database when the suite runs on
// PostgreSQL, a SQLite file otherwise — for the tests that prove instances behave as one.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freshTestDatabaseUrl, testEngine } from './engines'
import { freePort, waitForServer } from './http'

const serverEntry = join(import.meta.dir, '..', 'index.ts')

export type Instance = { base: string; proc: ReturnType<typeof Bun.spawn> }

/** Starts instances on demand and stops them all (SIGKILL) and removes their files at `stop`. */
export function instanceRunner() {
  const dir = mkdtempSync(join(tmpdir(), 'cadence-instances-'))
  const children: Array<ReturnType<typeof Bun.spawn>> = []

  const database = async (): Promise<Record<string, string>> =>
    testEngine() === 'pg'
      ? { DATABASE_URL: await freshTestDatabaseUrl() }
      : { DATABASE_PATH: join(dir, `shared-${Math.random().toString(36).slice(2)}.db`) }

  /** One instance; every instance of a deployment has the same PUBLIC_URL (the proxy's origin). */
  function start(port: number, publicUrl: string, env: Record<string, string>) {
    const child = Bun.spawn(['bun', serverEntry], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: publicUrl },
      stdout: 'ignore',
      stderr: 'inherit',
    })
    children.push(child)
    return child
  }

  /** Two instances on one new database; `env` is added to both (SMTP_URL, …). */
  async function twoInstances(env: Record<string, string> = {}) {
    const db = await database()
    const portA = freePort()
    const portB = freePort()
    const publicUrl = `http://localhost:${portA}`
    const a: Instance = {
      base: `http://127.0.0.1:${portA}`,
      proc: start(portA, publicUrl, { ...db, ...env }),
    }
    await waitForServer(a.base, 20_000)
    // The second starts once the first has migrated (a concurrent start is covered by the lock).
    const b: Instance = {
      base: `http://127.0.0.1:${portB}`,
      proc: start(portB, publicUrl, { ...db, ...env }),
    }
    await waitForServer(b.base, 20_000)
    return { a, b, publicUrl, db }
  }

  function stop() {
    for (const child of children) child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }

  return { twoInstances, stop }
}

export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ')

/** The sign-in starts on A (redirect, provider form) and completes on B; answers the cookie. */
export async function signInAcross(aBase: string, bBase: string, publicUrl: string, email: string) {
  const startRes = await fetch(`${aBase}/api/oauth/google/redirect_url`)
  const pending = cookiesOf(startRes)
  const { redirectUrl } = (await startRes.json()) as { redirectUrl: string }
  const authorize = new URL(redirectUrl)
  const form = await fetch(`${aBase}${authorize.pathname}${authorize.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name: email.split('@')[0] }),
  })
  const callback = new URL(form.headers.get('location') as string, publicUrl)
  const session = await fetch(`${bBase}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: pending, origin: publicUrl },
    body: JSON.stringify({
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    }),
  })
  if (session.status !== 200) throw new Error(`sign-in failed: ${session.status}`)
  return cookiesOf(session)
}
