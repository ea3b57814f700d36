// The two declarations of the database, ./schema.ts (SQLite) and ./pg/schema.ts (PostgreSQL), are
// the same schema: same tables, columns in the same order with the same logical type,
// nullability, defaults, keys, unique constraints, indexes, checks and foreign keys. Each table
// is read with drizzle's getTableConfig and reduced to an engine-free description; the two
// descriptions must be equal, apart from what ENGINE_DIFFERENCES lists with its reason.
import { describe, expect, test } from 'bun:test'
import { is, SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  customType,
  doublePrecision,
  PgDialect,
  PgTable,
  index as pgIndex,
  integer as pgInteger,
  pgTable,
  getTableConfig as pgTableConfig,
  text as pgText,
} from 'drizzle-orm/pg-core'
import {
  type AnySQLiteColumn,
  real,
  SQLiteSyncDialect,
  SQLiteTable,
  index as sqliteIndex,
  integer as sqliteInteger,
  sqliteTable,
  getTableConfig as sqliteTableConfig,
  text as sqliteText,
} from 'drizzle-orm/sqlite-core'
import * as pgSchema from './pg/schema'
import * as sqliteSchema from './schema'

type Column = AnySQLiteColumn | AnyPgColumn

/**
 * Each engine's column type and the logical type it declares, written once. SQLite's integer is
 * 64-bit, so PostgreSQL's integer and bigint are both `integer`; booleans are integers 0/1 on both
 * (SQLite's `integer({ mode: 'boolean' })`, PostgreSQL's `intBool` custom type), so raw SQL such
 * as `is_completed = 1` means the same on both; timestamps are ISO 8601 text on both.
 */
const LOGICAL_TYPE: Record<string, string> = {
  SQLiteInteger: 'integer',
  SQLiteBoolean: 'boolean',
  SQLiteText: 'text',
  SQLiteReal: 'real',
  PgInteger: 'integer',
  PgBigInt53: 'integer',
  PgBigInt64: 'integer',
  PgSerial: 'integer',
  PgText: 'text',
  PgVarchar: 'text',
  PgDoublePrecision: 'real',
  PgReal: 'real',
}

function logicalType(column: Column): string {
  if (column.columnType === 'PgCustomColumn') {
    // The intBool custom type: integer storage, read back as a boolean.
    const sqlType = column.getSQLType()
    if (sqlType === 'integer' && column.mapFromDriverValue(1) === true) return 'boolean'
    return `custom ${sqlType}`
  }
  return LOGICAL_TYPE[column.columnType] ?? `unmapped ${column.columnType}`
}

/** The one default each engine writes its own way: the current time as ISO 8601 text, UTC, ms. */
const NOW_DEFAULTS = [
  `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  `(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
]

type Engine = 'sqlite' | 'pg'
const dialects = { sqlite: new SQLiteSyncDialect(), pg: new PgDialect() }

/** SQL as text with its parameters inlined, the way both dialects quote identifiers ("x"). */
function sqlText(engine: Engine, value: SQL): string {
  const query = dialects[engine].sqlToQuery(value.inlineParams())
  const text = query.sql.replace(/\s+/g, ' ').trim()
  return NOW_DEFAULTS.includes(text) ? 'now' : text
}

/** A boolean's default as the integer both engines store (SQLite `false`, PostgreSQL `sql\`0\``). */
const STORED_BOOLEAN: Record<string, string> = {
  false: 'stored 0',
  'sql 0': 'stored 0',
  true: 'stored 1',
  'sql 1': 'stored 1',
}

function defaultOf(engine: Engine, column: Column) {
  if (column.default !== undefined) {
    const written = is(column.default, SQL)
      ? `sql ${sqlText(engine, column.default)}`
      : JSON.stringify(column.default)
    return logicalType(column) === 'boolean' ? (STORED_BOOLEAN[written] ?? written) : written
  }
  if (column.defaultFn) return `fn ${column.defaultFn.toString()}`
  return null
}

/** Whether the id is made by the database: SQLite's AUTOINCREMENT, PostgreSQL's identity. */
function generated(column: Column) {
  if ('autoIncrement' in column && column.autoIncrement) return 'identity'
  if (column.generatedIdentity) return 'identity'
  if (column.generated) return 'generated'
  return null
}

type Config = ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>

const indexColumn = (engine: Engine, part: unknown) =>
  is(part, SQL) ? `sql ${sqlText(engine, part)}` : (part as Column).name

/** A table as a plain, engine-free description. */
function describeTable(engine: Engine, config: Config) {
  return {
    columns: config.columns.map((c: Column) => ({
      name: c.name,
      type: logicalType(c),
      enum: c.enumValues ?? null,
      notNull: c.notNull,
      default: defaultOf(engine, c),
      onUpdate: c.onUpdateFn ? c.onUpdateFn.toString() : null,
      primary: c.primary,
      generated: generated(c),
      unique: c.isUnique ? (c.uniqueName ?? true) : false,
    })),
    primaryKeys: config.primaryKeys.map((pk) => ({
      name: pk.getName(),
      columns: pk.columns.map((c) => c.name),
    })),
    uniqueConstraints: config.uniqueConstraints.map((u) => ({
      name: u.getName(),
      columns: u.columns.map((c) => c.name),
    })),
    indexes: config.indexes
      .map((i) => ({
        name: i.config.name,
        unique: i.config.unique,
        columns: i.config.columns.map((part) => indexColumn(engine, part)),
        where: i.config.where ? sqlText(engine, i.config.where) : null,
      }))
      .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference()
        return {
          name: fk.getName(),
          columns: ref.columns.map((c) => c.name),
          table: (engine === 'sqlite'
            ? sqliteTableConfig(ref.foreignTable as SQLiteTable)
            : pgTableConfig(ref.foreignTable as PgTable)
          ).name,
          foreignColumns: ref.foreignColumns.map((c) => c.name),
          onDelete: fk.onDelete ?? 'no action',
          onUpdate: fk.onUpdate ?? 'no action',
        }
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
    checks: config.checks
      .map((c) => ({ name: c.name, value: sqlText(engine, c.value) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }
}

type Description = ReturnType<typeof describeTable>

/** Each module's tables by their SQL name, with the export they are declared under. */
function tablesOf(engine: Engine, module: Record<string, unknown>) {
  const tables = new Map<string, { exportName: string; description: Description }>()
  for (const [exportName, value] of Object.entries(module)) {
    if (engine === 'sqlite' && is(value, SQLiteTable)) {
      const config = sqliteTableConfig(value)
      tables.set(config.name, { exportName, description: describeTable(engine, config) })
    }
    if (engine === 'pg' && is(value, PgTable)) {
      const config = pgTableConfig(value)
      tables.set(config.name, { exportName, description: describeTable(engine, config) })
    }
  }
  return tables
}

/**
 * Where the engines genuinely differ, by `table.part`, with the reason. Each entry must still be
 * a difference (the test below fails on a stale one). None today: both declare the same schema.
 */
const ENGINE_DIFFERENCES: Record<string, string> = {}

/** Every difference between the two declarations, as `table.part: sqlite … | pg …` lines. */
function schemaDifferences(
  sqliteModule: Record<string, unknown>,
  pgModule: Record<string, unknown>,
  allowed: Record<string, string> = ENGINE_DIFFERENCES,
) {
  const sqlite = tablesOf('sqlite', sqliteModule)
  const pg = tablesOf('pg', pgModule)
  const differences: string[] = []
  const allowedSeen = new Set<string>()
  const differ = (key: string, a: unknown, b: unknown) => {
    const left = JSON.stringify(a)
    const right = JSON.stringify(b)
    if (left === right) return
    if (key in allowed) allowedSeen.add(key)
    else differences.push(`${key}: sqlite ${left} | pg ${right}`)
  }
  for (const name of new Set([...sqlite.keys(), ...pg.keys()])) {
    const a = sqlite.get(name)
    const b = pg.get(name)
    if (!a || !b) {
      differences.push(`${name}: only on ${a ? 'sqlite' : 'pg'}`)
      continue
    }
    differ(`${name}.export`, a.exportName, b.exportName)
    differ(
      `${name}.column order`,
      a.description.columns.map((c) => c.name),
      b.description.columns.map((c) => c.name),
    )
    for (const column of a.description.columns) {
      const other = b.description.columns.find((c) => c.name === column.name)
      if (other) differ(`${name}.${column.name}`, column, other)
    }
    for (const part of [
      'primaryKeys',
      'uniqueConstraints',
      'indexes',
      'foreignKeys',
      'checks',
    ] as const) {
      differ(`${name}.${part}`, a.description[part], b.description[part])
    }
  }
  const stale = Object.keys(allowed).filter((key) => !allowedSeen.has(key))
  return { differences, stale }
}

describe('the SQLite and PostgreSQL schemas', () => {
  test('declare the same tables, columns, keys, indexes and foreign keys', () => {
    const sqliteTables = tablesOf('sqlite', sqliteSchema)
    expect(sqliteTables.size).toBeGreaterThan(30)
    const { differences, stale } = schemaDifferences(sqliteSchema, pgSchema)
    expect(differences).toEqual([])
    expect(stale).toEqual([])
  })

  test('every column type maps to a logical type', () => {
    const unmapped = [...tablesOf('sqlite', sqliteSchema), ...tablesOf('pg', pgSchema)].flatMap(
      ([table, { description }]) =>
        description.columns
          .filter((c) => c.type.startsWith('unmapped') || c.type.startsWith('custom'))
          .map((c) => `${table}.${c.name}: ${c.type}`),
    )
    expect(unmapped).toEqual([])
  })
})

describe('the comparison', () => {
  const intBool = customType<{ data: boolean; driverData: number }>({
    dataType: () => 'integer',
    toDriver: (value) => (value ? 1 : 0),
    fromDriver: (value) => Number(value) === 1,
  })
  const sqliteNotes = sqliteTable('notes', {
    id: sqliteInteger('id').primaryKey({ autoIncrement: true }),
    body: sqliteText('body').notNull(),
    done: sqliteInteger('done', { mode: 'boolean' }).notNull().default(false),
    weight: real('weight'),
    views: sqliteInteger('views').notNull().default(0),
  })
  const pgNotes = pgTable('notes', {
    id: pgInteger('id').primaryKey().generatedByDefaultAsIdentity(),
    body: pgText('body').notNull(),
    done: intBool('done').notNull().default(sql`0`),
    weight: doublePrecision('weight'),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  })

  test('finds a pair that differs only in how each engine spells a type equal', () => {
    expect(schemaDifferences({ notes: sqliteNotes }, { notes: pgNotes })).toEqual({
      differences: [],
      stale: [],
    })
  })

  test('fails on a column one engine lacks, a nullability, a default or an index', () => {
    const pgFewer = pgTable('notes', {
      id: pgInteger('id').primaryKey().generatedByDefaultAsIdentity(),
      body: pgText('body'),
      done: intBool('done').notNull().default(true),
      weight: doublePrecision('weight'),
    })
    const { differences } = schemaDifferences({ notes: sqliteNotes }, { notes: pgFewer })
    expect(differences).toEqual([
      'notes.column order: sqlite ["id","body","done","weight","views"] | pg ["id","body","done","weight"]',
      expect.stringContaining(
        'notes.body: sqlite {"name":"body","type":"text","enum":null,"notNull":true',
      ),
      expect.stringContaining(
        'notes.done: sqlite {"name":"done","type":"boolean","enum":null,"notNull":true,"default":"stored 0"',
      ),
    ])
    expect(schemaDifferences({ notes: sqliteNotes }, {}).differences).toEqual([
      'notes: only on sqlite',
    ])
    const sqliteIndexed = sqliteTable(
      'notes',
      { id: sqliteInteger('id').primaryKey(), body: sqliteText('body') },
      (t) => [sqliteIndex('notes_body').on(t.body)],
    )
    const pgIndexed = pgTable(
      'notes',
      { id: pgInteger('id').primaryKey(), body: pgText('body') },
      (t) => [pgIndex('notes_body').on(t.body).where(sql`body IS NOT NULL`)],
    )
    expect(schemaDifferences({ notes: sqliteIndexed }, { notes: pgIndexed }).differences).toEqual([
      'notes.indexes: sqlite [{"name":"notes_body","unique":false,"columns":["body"],"where":null}] | pg [{"name":"notes_body","unique":false,"columns":["body"],"where":"body IS NOT NULL"}]',
    ])
  })

  test('an allowed difference is passed, and a stale allowance is reported', () => {
    const pgText2 = pgTable('notes', {
      id: pgInteger('id').primaryKey().generatedByDefaultAsIdentity(),
      body: pgText('body').notNull(),
      done: intBool('done').notNull().default(false),
      weight: pgText('weight'),
      views: bigint('views', { mode: 'number' }).notNull().default(0),
    })
    const allowed = { 'notes.weight': 'kept as text on PostgreSQL for the test' }
    expect(schemaDifferences({ notes: sqliteNotes }, { notes: pgText2 }, allowed)).toEqual({
      differences: [],
      stale: [],
    })
    expect(schemaDifferences({ notes: sqliteNotes }, { notes: pgNotes }, allowed).stale).toEqual([
      'notes.weight',
    ])
  })
})
