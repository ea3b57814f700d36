// `bun start`: build the web app when its build is missing or older than its sources,
// then serve app and API (the server migrates the database on start).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const built = join(root, 'app/dist/index.html')
const sources = ['app/src', 'app/public', 'app/index.html', 'app/vite.config.ts', 'ui/src']

function newestMtime(path: string): number {
  const full = join(root, path)
  if (!existsSync(full)) return 0
  const stat = statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
const sourcesAt = Math.max(...sources.map(newestMtime))
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'App build is stale: rebuilding…' : 'App not built yet: building…')
  const build = Bun.spawnSync(['bun', 'run', 'build'], {
    cwd: root,
    stdout: 'inherit',
    stderr: 'inherit',
  })
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1)
}

const server = Bun.spawn(['bun', 'server/src/index.ts'], {
  cwd: root,
  stdout: 'inherit',
  stderr: 'inherit',
  stdin: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
process.exit(await server.exited)
