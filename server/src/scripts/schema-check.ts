// `bun run --cwd server schema:check` (part of `bun run check`): fails when a Drizzle schema and
// its migrations' snapshot disagree, on either engine. It runs `drizzle-kit generate` against a
// throwaway copy of each migrations folder and fails if that would write a migration, so a
// schema edit without its generated migration (or a stale snapshot) cannot land. It fails too
// when a trigger or function of a feature file (src/db/feature-sql.ts) is not what the
// migrations leave in a database, or the migrations leave one that no feature file declares.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describeDiff, featureDiff, featureObjects, migratedObjects } from '../db/feature-sql'

const server = resolve(import.meta.dir, '../..')
const root = resolve(server, '..')
// The copies sit under the root's node_modules so that drizzle-kit finds the project's drizzle-orm.
const scratch = join(root, 'node_modules', '.cache')
const engines = [
  { dialect: 'sqlite', schema: 'src/db/schema.ts', out: 'drizzle' },
  { dialect: 'postgresql', schema: 'src/db/pg/schema.ts', out: 'drizzle-pg' },
] as const

let failed = false
mkdirSync(scratch, { recursive: true })
for (const engine of engines) {
  const dir = mkdtempSync(join(scratch, 'schema-check-'))
  try {
    const out = join(dir, engine.out)
    cpSync(join(server, engine.out), out, { recursive: true })
    const before = new Set(readdirSync(out))
    const config = join(dir, 'drizzle.config.ts')
    // drizzle-kit takes `out` relative to its working directory only, so it runs in the copy.
    writeFileSync(
      config,
      `export default ${JSON.stringify({ dialect: engine.dialect, schema: join(server, engine.schema), out: engine.out })}\n`,
    )
    const proc = Bun.spawnSync(
      [join(root, 'node_modules', '.bin', 'drizzle-kit'), 'generate', '--config', config],
      {
        cwd: dir,
        stdout: 'pipe',
        stderr: 'pipe',
      },
    )
    const added = readdirSync(out).filter((f) => !before.has(f))
    const output = `${proc.stdout.toString()}${proc.stderr.toString()}`
    if (proc.exitCode !== 0 || !/No schema changes|Your SQL migration file/.test(output)) {
      failed = true
      console.error(`${engine.out}: drizzle-kit generate failed\n${output}`)
    } else if (added.length > 0) {
      failed = true
      console.error(
        `${engine.out}: ${engine.schema} and the migrations disagree; drizzle-kit would write ${added.join(', ')}.\n` +
          `Run \`bun run --cwd server db:generate\` and commit the migration it writes.`,
      )
    } else {
      console.log(`${engine.out}: schema and migrations agree`)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
for (const engine of ['sqlite', 'pg'] as const) {
  const text = describeDiff(
    engine,
    featureDiff(featureObjects(engine, server), migratedObjects(engine, server)),
  )
  if (text) {
    failed = true
    console.error(
      `${text}\nRun \`bun run --cwd server db:generate <name>\` and commit the migration it writes.`,
    )
  } else console.log(`${engine}: feature files and migrations agree`)
}
process.exit(failed ? 1 : 0)
