// A throwaway PostgreSQL cluster for tests and benchmarks: Debian's `postgresql` package
// (installed by .ci/run when missing), a temporary data directory, loopback only, trust
// authentication for the role `cadence`. initdb refuses to run as root, so as root it runs as the
// `postgres` system user the package creates. `bun scripts/postgres.ts` starts one and prints its
// URL until Ctrl-C; `startPostgres()` does the same for a script and returns `stop`.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type Postgres = {
  url: string
  port: number
  /** Stops the cluster and deletes its files. */
  stop: () => Promise<void>
  /** Shuts the server down (fast shutdown), keeping its files: `start` brings it back. */
  halt: () => Promise<void>
  /** Starts a halted server again, on the same port and files; resolves once it answers. */
  start: () => Promise<void>
  /**
   * Freezes the server (SIGSTOP to the postmaster this started, by its pid, and to its backends):
   * connections stay open and nothing answers, as on a hung machine. `thaw` resumes it.
   */
  freeze: () => void
  thaw: () => void
}

function binDir() {
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions.length) {
    throw new Error(
      'PostgreSQL is not installed: apt-get install -y postgresql (the tests start their own cluster)',
    )
  }
  return join(base, versions[0], 'bin')
}

const asRoot = process.getuid?.() === 0
const run = (cmd: string[]) => (asRoot ? ['runuser', '-u', 'postgres', '--', ...cmd] : cmd)

/**
 * Starts a throwaway cluster. Tests run it without fsync; `durable` keeps PostgreSQL's defaults
 * (fsync, synchronous commit) for benchmarks that compare with SQLite's synchronous = FULL.
 */
export async function startPostgres(opts: { durable?: boolean } = {}): Promise<Postgres> {
  const bin = binDir()
  const dir = mkdtempSync(join(tmpdir(), 'cadence-pg-'))
  chmodSync(dir, 0o777)
  if (asRoot) Bun.spawnSync(['chown', 'postgres', dir])
  const data = join(dir, 'data')
  const init = Bun.spawnSync(
    run([
      join(bin, 'initdb'),
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'cadence',
      '-E',
      'UTF8',
      '--no-sync',
    ]),
    { stdout: 'pipe', stderr: 'pipe' },
  )
  if (init.exitCode !== 0) throw new Error(`initdb failed: ${init.stderr.toString()}`)
  const port = (() => {
    // A port free now, chosen by the OS (a random pick can collide: EADDRINUSE).
    const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
    const free = probe.port as number
    probe.stop(true)
    return free
  })()
  const launch = () =>
    Bun.spawn(
      run([
        join(bin, 'postgres'),
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        // A throwaway cluster: durability is not what these tests measure of PostgreSQL.
        ...(opts.durable
          ? []
          : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
        '-c',
        'max_connections=300',
      ]),
      { stdout: 'ignore', stderr: 'pipe' },
    )
  const url = `postgres://cadence@127.0.0.1:${port}/postgres`
  const answers = async (server: ReturnType<typeof launch>) => {
    const deadline = Date.now() + 30_000
    for (;;) {
      try {
        const sql = new Bun.SQL({ url, max: 1, connectionTimeout: 2 })
        await sql`SELECT 1`
        await sql.close()
        return
      } catch (error) {
        if (server.exitCode !== null || Date.now() > deadline) {
          throw new Error(`PostgreSQL did not start: ${String(error)}`)
        }
        await Bun.sleep(100)
      }
    }
  }
  let server = launch()
  await answers(server)
  // The postmaster's pid (as root `server` is runuser, its parent) and its backends'.
  const postmaster = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const cluster = () => {
    const pid = postmaster()
    const children = readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
        } catch {
          return false
        }
      })
      .map(Number)
    return [pid, ...children]
  }
  /** Signals a process of the cluster; one that has ended meanwhile needs nothing. */
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name)
    } catch (error) {
      if ((error as { code?: string }).code !== 'ESRCH') throw error
    }
  }
  // Fast shutdown, sent to the postmaster itself (runuser does not pass signals on).
  const halt = async () => {
    try {
      process.kill(postmaster(), 'SIGINT')
    } catch {
      server.kill('SIGINT')
    }
    await Promise.race([server.exited, Bun.sleep(10_000)])
  }
  return {
    url,
    port,
    async stop() {
      await halt()
      rmSync(dir, { recursive: true, force: true })
    },
    halt,
    async start() {
      server = launch()
      await answers(server)
    },
    freeze() {
      for (const pid of cluster()) signal(pid, 'SIGSTOP')
    },
    thaw() {
      // A backend resumed first may end before it is its turn (its client went meanwhile).
      for (const pid of cluster()) signal(pid, 'SIGCONT')
      // As root, runuser stops itself when its child stops (as su does): it is resumed too.
      server.kill('SIGCONT')
    },
  }
}

if (import.meta.main) {
  const pg = await startPostgres()
  console.log(pg.url)
  process.on('SIGINT', async () => {
    await pg.stop()
    process.exit(0)
  })
}
