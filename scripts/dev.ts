// `bun run dev`: the API server in watch mode and Vite with HMR (which proxies /api to it).
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
// Users reach the app through Vite on :5173, so that is the public origin the server checks
// (the Origin header, the sign-in redirect URI) while the API itself listens on :3000.
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' }
const children = [
  Bun.spawn(['bun', '--watch', 'server/src/index.ts'], {
    cwd: root,
    env,
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
