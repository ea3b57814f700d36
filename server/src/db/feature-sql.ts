// The engines' own SQL objects (triggers, PL/pgSQL functions) are declared beside the feature
// they serve, one file per engine, and the numbered migrations are generated from those files
// (docs/database.md, "Triggers and functions"). This module reads both: the objects a feature
// file declares, and the objects a migrations folder leaves in a database once every migration
// ran (the last definition of each, unless dropped later); and it writes the migration statements
// that take the second to the first. Pure text: no database (src/db/feature-sql.test.ts holds the
// text model to a freshly migrated database on each engine).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { functionSignature, statements } from '../scripts/migration-check'

export type FeatureEngine = 'sqlite' | 'pg'

/** The feature files of each engine, relative to server/, in the order they are installed. */
export const FEATURE_FILES: Record<FeatureEngine, string[]> = {
  sqlite: [
    'src/db/sqlite/features/data-versions.sql',
    'src/db/sqlite/features/items.sql',
    'src/db/sqlite/features/project-counts.sql',
    'src/search/sqlite.sql',
  ],
  pg: [
    'src/db/pg/features/data-versions.sql',
    'src/db/pg/features/items.sql',
    'src/db/pg/features/project-counts.sql',
    'src/search/pg.sql',
  ],
}

/** The migrations folder of each engine, relative to server/. */
export const MIGRATIONS: Record<FeatureEngine, string> = { sqlite: 'drizzle', pg: 'drizzle-pg' }

/** One declared object: `trigger <name>` (SQLite), `trigger <name> on <table>`, `function <sig>`. */
export type SqlObject = { key: string; kind: 'trigger' | 'function'; text: string; file: string }

/** A statement with comments gone, identifiers unquoted, whitespace collapsed, for comparing. */
export const normalSql = (statement: string) =>
  statements(statement)
    .join('; ')
    .replace(/[`"]/g, '')
    .replace(/\bOR REPLACE\s+/i, '')
    .replace(/\bIF NOT EXISTS\s+/i, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),;=])\s*/g, '$1')
    .trim()

const unquote = (name: string) => name.replace(/[`"]/g, '').replace(/^public\./i, '')

/** What a statement creates or drops, or null for any other statement. */
export function objectOf(
  engine: FeatureEngine,
  statement: string,
): { op: 'create' | 'drop'; key: string; kind: SqlObject['kind'] } | null {
  const n = statement.replace(/\s+/g, ' ').trim()
  const trigger =
    /^CREATE (?:OR REPLACE )?(?:CONSTRAINT )?TRIGGER (?:IF NOT EXISTS )?([`"\w.]+) .*? ON ([`"\w.]+)/i.exec(
      n,
    )
  if (trigger)
    return { op: 'create', kind: 'trigger', key: triggerKey(engine, trigger[1], trigger[2]) }
  const dropTrigger = /^DROP TRIGGER (?:IF EXISTS )?([`"\w.]+)(?: ON ([`"\w.]+))?/i.exec(n)
  if (dropTrigger)
    return { op: 'drop', kind: 'trigger', key: triggerKey(engine, dropTrigger[1], dropTrigger[2]) }
  if (engine === 'pg' && /^(CREATE (OR REPLACE )?|DROP )FUNCTION /i.test(n)) {
    const create = n.replace(/"/g, '').replace(/^DROP FUNCTION (IF EXISTS )?/i, 'CREATE FUNCTION ')
    const sig = functionSignature(create.toUpperCase())
    if (sig)
      return {
        op: /^DROP/i.test(n) ? 'drop' : 'create',
        kind: 'function',
        key: `function ${sig.toLowerCase()}`,
      }
  }
  return null
}

function triggerKey(engine: FeatureEngine, name: string, table?: string) {
  // SQLite's trigger names are unique in the database; PostgreSQL's per table.
  if (engine === 'sqlite' || !table) return `trigger ${unquote(name)}`
  return `trigger ${unquote(name)} on ${unquote(table)}`
}

/**
 * The statements of a migration or feature file. Drizzle's unit is the text between
 * `--> statement-breakpoint` lines; a unit may hold several statements, and a SQLite trigger's
 * body holds `;` up to its END.
 */
export function sqlStatements(text: string): string[] {
  const out: string[] = []
  for (const piece of statements(text)) {
    const last = out.at(-1)
    if (
      last !== undefined &&
      /^CREATE (TEMP |TEMPORARY )?TRIGGER\b[\s\S]*\bBEGIN\b/i.test(last) &&
      !/\bEND$/i.test(last)
    )
      out[out.length - 1] = `${last};\n${piece}`
    else out.push(piece)
  }
  return out
}

/** The objects a feature file declares, in its order; a statement of any other kind is an error. */
export function featureObjects(engine: FeatureEngine, server: string): Map<string, SqlObject> {
  const objects = new Map<string, SqlObject>()
  for (const file of FEATURE_FILES[engine]) {
    for (const statement of sqlStatements(readFileSync(join(server, file), 'utf8'))) {
      const object = objectOf(engine, statement)
      if (object?.op !== 'create')
        throw new Error(
          `${file}: only CREATE TRIGGER and CREATE FUNCTION belong here: ${statement.slice(0, 80)}`,
        )
      if (objects.has(object.key)) throw new Error(`${file}: ${object.key} is declared twice`)
      objects.set(object.key, { key: object.key, kind: object.kind, text: statement, file })
    }
  }
  return objects
}

/** The triggers and functions a database has once every migration of the folder ran. */
export function migratedObjects(engine: FeatureEngine, server: string): Map<string, SqlObject> {
  const folder = join(server, MIGRATIONS[engine])
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  const objects = new Map<string, SqlObject>()
  for (const { tag } of journal.entries) {
    const file = `${MIGRATIONS[engine]}/${tag}.sql`
    applyMigration(engine, objects, readFileSync(join(server, file), 'utf8'), file)
  }
  return objects
}

/** Records in `objects` what one migration's statements create and drop. */
export function applyMigration(
  engine: FeatureEngine,
  objects: Map<string, SqlObject>,
  text: string,
  file: string,
) {
  for (const statement of sqlStatements(text)) {
    const object = objectOf(engine, statement)
    if (!object) continue
    if (object.op === 'drop') objects.delete(object.key)
    else objects.set(object.key, { key: object.key, kind: object.kind, text: statement, file })
  }
}

export type FeatureDiff = {
  /** Declared in a feature file, absent or different once the migrations ran. */
  changed: SqlObject[]
  /** Left by the migrations, declared in no feature file. */
  undeclared: SqlObject[]
}

export function featureDiff(
  features: Map<string, SqlObject>,
  migrated: Map<string, SqlObject>,
): FeatureDiff {
  const changed = [...features.values()].filter((f) => {
    const m = migrated.get(f.key)
    return !m || normalSql(m.text) !== normalSql(f.text)
  })
  const undeclared = [...migrated.values()].filter((m) => !features.has(m.key))
  return { changed, undeclared }
}

/**
 * The migration statements that install the changed objects as their feature files declare them:
 * a function is created or replaced; a trigger, which neither engine replaces in place everywhere,
 * is dropped if it exists and created. Functions first (a trigger may call one). With `existing`
 * (the keys of what the migrations already leave), a trigger not among them is only created: a new
 * trigger's migration stays additive (migration-check refuses any DROP not marked contract).
 */
export function migrationFor(
  engine: FeatureEngine,
  changed: SqlObject[],
  existing?: ReadonlySet<string>,
): string[] {
  const out: string[] = []
  for (const f of changed.filter((o) => o.kind === 'function'))
    out.push(f.text.replace(/^CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/i, 'CREATE OR REPLACE FUNCTION'))
  for (const t of changed.filter((o) => o.kind === 'trigger')) {
    const [, name, , table] = t.key.split(' ')
    if (!existing || existing.has(t.key))
      out.push(
        engine === 'pg'
          ? `DROP TRIGGER IF EXISTS ${name} ON ${table}`
          : `DROP TRIGGER IF EXISTS \`${name}\``,
      )
    out.push(t.text.replace(/^CREATE\s+TRIGGER\s+IF\s+NOT\s+EXISTS\s+/i, 'CREATE TRIGGER '))
  }
  return out.map((s) => `${s.trim()};`)
}

/** A human list of what disagrees, or '' when the feature files and the migrations agree. */
export function describeDiff(engine: FeatureEngine, diff: FeatureDiff): string {
  const lines = [
    ...diff.changed.map((o) => `  ${o.key} (${o.file}): not what the migrations leave`),
    ...diff.undeclared.map((o) => `  ${o.key} (last set by ${o.file}): in no feature file`),
  ]
  return lines.length ? `${MIGRATIONS[engine]}:\n${lines.join('\n')}` : ''
}
