// `bun run --cwd server db:generate <name>`: writes the migration of a schema edit for both
// engines under one name (server/drizzle/NNNN_<name>.sql and server/drizzle-pg/NNNN_<name>.sql),
// from src/db/schema.ts and src/db/pg/schema.ts, and of an edit to a trigger or function in a
// feature file (src/db/feature-sql.ts lists them): its statements are added to that migration,
// or to a custom one of the same name when the schema did not change. `schema:check` (in
// `bun run check`) fails until both are written. On an unchanged schema it writes nothing.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  describeDiff,
  type FeatureEngine,
  featureDiff,
  featureObjects,
  MIGRATIONS,
  migratedObjects,
  migrationFor,
} from '../db/feature-sql'

const name = process.argv[2]
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: bun run --cwd server db:generate <name>   (lower case, digits and _)')
  process.exit(2)
}
const server = resolve(import.meta.dir, '../..')
const kit = join(server, '..', 'node_modules', '.bin', 'drizzle-kit')
const engines: { config: string; engine: FeatureEngine }[] = [
  { config: 'drizzle.config.ts', engine: 'sqlite' },
  { config: 'drizzle.pg.config.ts', engine: 'pg' },
]

const journal = (engine: FeatureEngine) =>
  (
    JSON.parse(readFileSync(join(server, MIGRATIONS[engine], 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[]
    }
  ).entries

function drizzleKit(args: string[]) {
  const proc = Bun.spawnSync([kit, 'generate', ...args], {
    cwd: server,
    stdout: 'inherit',
    stderr: 'inherit',
  })
  if (proc.exitCode !== 0) process.exit(proc.exitCode ?? 1)
}

for (const { config, engine } of engines) {
  const before = journal(engine).length
  drizzleKit(['--config', config, '--name', name])
  const migrated = migratedObjects(engine, server)
  const diff = featureDiff(featureObjects(engine, server), migrated)
  if (diff.undeclared.length) {
    console.error(
      `${describeDiff(engine, { changed: [], undeclared: diff.undeclared })}\n` +
        'Declare them in a feature file, or drop them in a migration of their own marked ' +
        '`-- contract: <why>` (docs/upgrades.md): nothing is dropped by this command.',
    )
    process.exit(1)
  }
  if (!diff.changed.length) continue
  if (journal(engine).length === before)
    drizzleKit(['--config', config, '--name', name, '--custom'])
  const file = join(server, MIGRATIONS[engine], `${journal(engine).at(-1)?.tag}.sql`)
  const written = readFileSync(file, 'utf8')
    .replace(/^-- Custom SQL migration file.*\n?/m, '')
    .trim()
  const from = [...new Set(diff.changed.map((o) => o.file))].join(', ')
  const statements = migrationFor(engine, diff.changed, new Set(migrated.keys())).join(
    '\n--> statement-breakpoint\n',
  )
  writeFileSync(
    file,
    `${written ? `${written}\n--> statement-breakpoint\n` : ''}-- Generated from ${from}.\n${statements}\n`,
  )
  console.log(
    `${MIGRATIONS[engine]}: ${diff.changed.length} trigger(s) and function(s) from ${from}`,
  )
}
