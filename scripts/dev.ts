// `bun run dev`: the API server in watch mode and Vite with HMR (which proxies /api to it).
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const children = [
  Bun.spawn(['bun', '--watch', 'server/src/index.ts'], {
    cwd: root,
    stdout: 'inherit',
    stderr: 'inherit',
  }),
  Bun.spawn(['bun', 'run', 'dev'], {
    cwd: join(root, 'app'),
    stdout: 'inherit',
    stderr: 'inherit',
  }),
]
const stop = () => {
  for (const child of children) child.kill()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
await Promise.race(children.map((c) => c.exited))
stop()
