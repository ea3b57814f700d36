// `bun run --cwd server db:generate <name>`: writes the migration of a schema edit for both
// engines under one name (server/drizzle/NNNN_<name>.sql and server/drizzle-pg/NNNN_<name>.sql),
// from src/db/schema.ts and src/db/pg/schema.ts. `schema:check` (in `bun run check`) fails until
// both are written.
import { join, resolve } from 'node:path'

const name = process.argv[2]
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: bun run --cwd server db:generate <name>   (lower case, digits and _)')
  process.exit(2)
}
const server = resolve(import.meta.dir, '../..')
const kit = join(server, '..', 'node_modules', '.bin', 'drizzle-kit')
for (const config of ['drizzle.config.ts', 'drizzle.pg.config.ts']) {
  const proc = Bun.spawnSync([kit, 'generate', '--config', config, '--name', name], {
    cwd: server,
    stdout: 'inherit',
    stderr: 'inherit',
  })
  if (proc.exitCode !== 0) process.exit(proc.exitCode ?? 1)
}
