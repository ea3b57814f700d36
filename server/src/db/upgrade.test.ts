// A rolling upgrade, side by side: the previous release's server (its code from git, as it was)
// migrates a new database to its migrations and takes writes; today's migrations run (MIGRATE=only)
// while it keeps serving; then the old and the new server run together on the one database. Reads,
// writes and search answer right on both, for what either wrote before and after the migration.
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SQL } from 'bun'
import { freePort, httpSignIn } from '../test/http'

const repo = join(import.meta.dir, '..', '..', '..')
const git = (...args: string[]) => {
  const run = Bun.spawnSync(['git', ...args], { cwd: repo })
  if (run.exitCode !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.toString()}`)
  return run.stdout
}

/**
 * The previous release: the commit before the first migration since it (PostgreSQL 0022, SQLite
 * 0020: edition ids on deliveries) was added; every later migration runs under the old server.
 * Found by the file, so a rewritten history still finds it (a shallow clone cannot: fetch more).
 */
const FIRST_NEW_MIGRATION = 'server/drizzle-pg/0022_delivery_edition.sql'
// A shallow clone (some CI checkouts) lacks the previous release: fetch the rest when it can.
if (git('rev-parse', '--is-shallow-repository').toString().trim() === 'true')
  Bun.spawnSync(['git', 'fetch', '--quiet', '--unshallow'], { cwd: repo })
const added = git('log', '--diff-filter=A', '--format=%H', '--', FIRST_NEW_MIGRATION)
  .toString()
  .trim()
  .split('\n')
  .at(-1)
if (!added) throw new Error(`no commit adds ${FIRST_NEW_MIGRATION}: is this a shallow clone?`)
const PREVIOUS = git('rev-parse', `${added}^`).toString().trim()

const work = mkdtempSync(join(tmpdir(), 'cadence-upgrade-'))
const children: Array<ReturnType<typeof Bun.spawn>> = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(work, { recursive: true, force: true })
})

/** The previous release's packages in `work/old`, resolving its own workspace packages. */
async function previousRelease() {
  const old = join(work, 'old')
  mkdirSync(old)
  const archive = git('archive', PREVIOUS, 'server', 'core', 'contract', 'package.json')
  const tar = Bun.spawnSync(['tar', '-x', '-C', old], { stdin: archive })
  if (tar.exitCode !== 0) throw new Error(`tar: ${tar.stderr}`)
  // Third-party packages from this checkout; @cadence/* from the old tree.
  const modules = join(old, 'node_modules')
  mkdirSync(join(modules, '@cadence'), { recursive: true })
  for (const name of readdirSync(join(repo, 'node_modules'))) {
    if (name === '@cadence' || name === '.bin') continue
    symlinkSync(join(repo, 'node_modules', name), join(modules, name))
  }
  for (const name of ['core', 'contract', 'server'])
    symlinkSync(join(old, name), join(modules, '@cadence', name))
  if (existsSync(join(repo, 'server', 'node_modules')))
    symlinkSync(join(repo, 'server', 'node_modules'), join(old, 'server', 'node_modules'))
  return join(old, 'server', 'src', 'index.ts')
}

async function database(): Promise<Record<string, string>> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return { DATABASE_PATH: join(work, 'cadence.db') }
  const name = `cadence_upgrade_${process.pid}`
  const admin = new SQL({ url, max: 1 })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.close()
  const at = new URL(url)
  at.pathname = `/${name}`
  return { DATABASE_URL: at.toString() }
}

function serve(entry: string, env: Record<string, string>) {
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const child = Bun.spawn(['bun', entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_REQUESTS: 'off',
      ...env,
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  children.push(child)
  return { base, child }
}

async function ready(base: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return
    } catch {}
    await Bun.sleep(100)
  }
  throw new Error(`server at ${base} did not become ready`)
}

/** A signed-in user's calls to one server. */
function as(base: string, cookie: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }
  return {
    call,
    /** Whether search finds the word in the report (one result per report, whatever matched). */
    async finds(word: string) {
      const res = await call('GET', `/api/search?query=${encodeURIComponent(word)}`)
      expect(res.status).toBe(200)
      return (res.body.results as { type: string; content?: string }[]).some(
        (r) => r.type === 'report' && String(r.content).includes(word),
      )
    },
  }
}

describe(`rolling upgrade from ${PREVIOUS.slice(0, 7)} (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  test('the old server keeps reading, writing and searching while and after the new migrations run; the new one serves what it wrote', async () => {
    const oldEntry = await previousRelease()
    const db = await database()
    const newEntry = join(repo, 'server', 'src', 'index.ts')

    // 1. The previous release migrates a new database to its own migrations and takes writes.
    const old = serve(oldEntry, { ...db, MIGRATE: 'auto' })
    await ready(old.base)
    const ada = as(old.base, await httpSignIn(old.base, 'ada@example.com'))
    const template = await ada.call('POST', '/api/section-templates', {
      name: 'Highlights',
      type: 'standard',
    })
    expect(template.status).toBeOneOf([200, 201])
    const report = await ada.call('POST', '/api/reports', { week_start_date: '2026-11-23' })
    expect([200, 201]).toContain(report.status)
    const full = await ada.call('GET', `/api/reports/${report.body.uuid}`)
    expect(full.status).toBe(200)
    const section = full.body.sections[0].id as number
    const write = (server: ReturnType<typeof as>, content: string) =>
      server.call('POST', '/api/section-items', { section_id: section, content })
    expect((await write(ada, 'Osprey before the upgrade')).status).toBeOneOf([200, 201])
    expect(await ada.finds('Osprey')).toBe(true)

    // 2. Today's migrations (MIGRATE=only: migrates and exits) while the old server serves.
    const migrate = serve(newEntry, { ...db, MIGRATE: 'only' })
    expect(await migrate.child.exited).toBe(0)

    // 3. The old server on the new schema: reads, writes, search.
    expect((await write(ada, 'Harrier from the old server after')).status).toBeOneOf([200, 201])
    expect((await ada.call('GET', `/api/reports/${report.body.uuid}`)).status).toBe(200)
    expect((await ada.call('GET', '/api/dashboard')).status).toBe(200)
    expect(await ada.finds('Osprey')).toBe(true)
    // Issue 43: an item the old server wrote after the migration was missing from its search.
    expect(await ada.finds('Harrier')).toBe(true)

    // 4. The new server beside it: it sees what the old one wrote, and the old one sees its writes.
    const now = serve(newEntry, { ...db, MIGRATE: 'off' })
    await ready(now.base)
    const adaNew = as(now.base, await httpSignIn(now.base, 'ada@example.com'))
    const seen = await adaNew.call('GET', `/api/reports/${report.body.uuid}`)
    expect(seen.status).toBe(200)
    expect(
      (seen.body.sections[0].items as { content: string }[]).map((i) => i.content).sort(),
    ).toEqual(['Harrier from the old server after', 'Osprey before the upgrade'])
    expect((await write(adaNew, 'Merlin from the new server')).status).toBeOneOf([200, 201])
    expect((await write(ada, 'Peregrine from the old server again')).status).toBeOneOf([200, 201])
    for (const word of ['Osprey', 'Harrier', 'Merlin', 'Peregrine']) {
      expect(await adaNew.finds(word)).toBe(true)
      expect(await ada.finds(word)).toBe(true)
    }
    const again = await ada.call('GET', `/api/reports/${report.body.uuid}`)
    expect(again.body.sections[0].items).toHaveLength(4)
  }, 180_000)
})
