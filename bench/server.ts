// The server under test in `bun run bench`: the real server (server/src/index.ts) on the seeded
// SQLite file, spawned as a deployment starts it, and its start time.
import { join } from 'node:path'

const root = join(import.meta.dir, '..')

/**
 * A port free now, chosen by the OS. A random pick can collide (EADDRINUSE): with anything else
 * listening, and with the local end of an outgoing connection (wrk's, copy-data's), which takes its
 * port from the same range (32768–60999 on Linux).
 */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port as number
  probe.stop(true)
  return port
}

export type ServerOptions = { port: number; dbPath: string; appDist: string }

/** Spawns the server and waits for its first answer; resolves with the process and the time. */
async function startServer({ port, dbPath, appDist }: ServerOptions) {
  const base = `http://127.0.0.1:${port}`
  const startedAt = performance.now()
  const proc = Bun.spawn(['bun', 'server/src/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      PUBLIC_URL: base,
      APP_DIST: appDist,
      // Load runs write far more items into one report than a user may (lib/limits.ts).
      ITEM_LIMITS: 'off',
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  for (;;) {
    if (proc.exitCode !== null) throw new Error('the server exited during start')
    try {
      if ((await fetch(`${base}/api/users/me`)).status === 401) break
    } catch {}
    await Bun.sleep(2)
  }
  return { proc, ms: performance.now() - startedAt }
}

/**
 * Start time: the median of three starts on the large database (one start is at the mercy of
 * whatever else the machine runs), after a warm-up start; the third server is the one measured
 * and keeps running (killed when the bench exits, at the latest).
 */
export async function startMeasuredServer(opts: ServerOptions) {
  const starts: number[] = []
  let server = (await startServer(opts)).proc
  server.kill()
  await server.exited
  for (let i = 0; i < 3; i++) {
    const started = await startServer(opts)
    starts.push(started.ms)
    server = started.proc
    if (i < 2) {
      server.kill()
      await server.exited
    }
  }
  process.on('exit', () => server.kill())
  const startMs = [...starts].sort((a, b) => a - b)[1]
  return { server, starts, startMs }
}
