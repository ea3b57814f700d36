import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { freshTestDatabase, testEngine } from '../test/engines'
import { openDatabase } from '.'
import type { Engine } from './engine'
import {
  applyMigration,
  type FeatureEngine,
  featureDiff,
  featureObjects,
  migratedObjects,
  migrationFor,
  normalSql,
  type SqlObject,
} from './feature-sql'

// Triggers and functions are declared in feature files and installed by generated migrations
// (docs/database.md, "Triggers and functions"). schema:check compares the two as text; this holds
// that text model to a real database, freshly migrated, on the engine of this run.
const server = join(import.meta.dir, '..', '..')
const engine: FeatureEngine = testEngine()
const open = async () =>
  testEngine() === 'pg' ? ((await freshTestDatabase()) as Engine) : openDatabase(':memory:')
let db: Engine
afterAll(async () => {
  await db?.close()
})

/** What the database says each trigger and function is, keyed as the feature files key them. */
async function definitions(engine: FeatureEngine, on: Engine): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  if (engine === 'sqlite') {
    const rows = await on.rows<{ name: string; sql: string }>(
      sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`,
    )
    for (const r of rows) out.set(`trigger ${r.name}`, normalSql(r.sql))
    return out
  }
  const functions = await on.rows<{ sig: string; def: string }>(sql`
    SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS sig,
      pg_get_functiondef(p.oid) AS def
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`)
  for (const f of functions) {
    // Identity arguments carry names ("uid integer"); the key carries types only.
    const types = f.sig
      .replace(/^[^(]*\(|\)$/g, '')
      .split(',')
      .map((a) => a.trim().split(' ').slice(1).join(' ') || a.trim())
      .filter(Boolean)
    out.set(`function ${f.sig.replace(/\(.*$/, '')}(${types.join(',')})`, f.def)
  }
  const triggers = await on.rows<{ name: string; rel: string; def: string }>(sql`
    SELECT t.tgname AS name, c.relname AS rel, pg_get_triggerdef(t.oid) AS def
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal`)
  for (const t of triggers) out.set(`trigger ${t.name} on ${t.rel}`, t.def)
  return out
}

describe(`triggers and functions beside their features (${engine})`, () => {
  test('the feature files and the migrations agree, as text', () => {
    const diff = featureDiff(featureObjects(engine, server), migratedObjects(engine, server))
    expect(diff.changed.map((o) => o.key)).toEqual([])
    expect(diff.undeclared.map((o) => o.key)).toEqual([])
  })

  test('a freshly migrated database has exactly the objects the feature files declare, as declared', async () => {
    db = await open()
    const features = featureObjects(engine, server)
    const before = await definitions(engine, db)
    expect([...before.keys()].sort()).toEqual([...features.keys()].sort())
    if (engine === 'sqlite') {
      // SQLite keeps the text it was given.
      for (const [key, text] of before) expect(text).toBe(normalSql(features.get(key)?.text ?? ''))
      return
    }
    // PostgreSQL keeps its own form: install the feature files over the migrated database, in a
    // transaction undone after, and nothing may change.
    const after = await db
      .tx(async (tx) => {
        for (const statement of migrationFor(engine, [...features.values()]))
          await tx.exec(sql.raw(statement))
        const seen = await definitions(engine, tx)
        throw Object.assign(new Error('undo'), { seen })
      })
      .catch((e: { seen?: Map<string, string> }) => {
        if (!e.seen) throw e
        return e.seen
      })
    for (const [key, def] of before) expect({ key, def: after.get(key) }).toEqual({ key, def })
  }, 60_000)

  test('a changed declaration is seen, and the migration generated for it settles it', () => {
    const features = featureObjects(engine, server)
    const migrated = migratedObjects(engine, server)
    const trigger = [...features.values()].find((o) => o.kind === 'trigger') as SqlObject
    const edited = new Map(features)
    const text = trigger.text.replace(/\bAFTER\b/, 'BEFORE')
    edited.set(trigger.key, { ...trigger, text })
    const diff = featureDiff(edited, migrated)
    expect(diff.changed.map((o) => o.key)).toEqual([trigger.key])
    // The generated statements, run after the existing migrations, leave what the file says.
    const generated = migrationFor(engine, diff.changed).join('\n--> statement-breakpoint\n')
    const next = new Map(migrated)
    applyMigration(engine, next, generated, 'generated.sql')
    expect(featureDiff(edited, next).changed).toEqual([])
    // An object only the migrations know is seen too.
    const fewer = new Map(features)
    fewer.delete(trigger.key)
    expect(featureDiff(fewer, migrated).undeclared.map((o) => o.key)).toEqual([trigger.key])
  })
})
