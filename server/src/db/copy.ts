import { asc, getTableColumns, getTableName, gt, is, sql, Table } from 'drizzle-orm'
import { PgTable, getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core'
import { type SQLiteTable, getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core'
import type { Engine } from './engine'

/**
 * Copies a whole installation between engines (`bun run copy-data <from> <to>`): every table of
 * the schema with its ids, in foreign-key order, in one transaction on the target, which must be
 * empty; then the target's id sequences are moved past the copied ids, and the row counts of both
 * sides are compared. Triggers on the target rebuild what derives from the rows (search index,
 * project counts, data versions); the search entries they leave pending are applied before it
 * returns.
 *
 * Linear time, bounded memory: each table is read in pages of `batch` rows by its primary key
 * (keyset: `WHERE key > last ORDER BY key LIMIT batch`, an index range scan that costs the same at
 * the first row and the millionth), never with OFFSET (which re-reads every row before the page:
 * quadratic) and never a whole table at once. One page is in memory at a time. A copy that stops
 * leaves the target as it was (one transaction): run it again. `progress` reports each page
 * (the scripts show it on a terminal only).
 */
export type CopyReport = { table: string; source: number; target: number }[]

/** Where a copy is: the table being copied and its rows so far, and the same over all tables. */
export type CopyProgress = {
  table: string
  copied: number
  total: number
  /** Rows copied so far over every table, of `allTotal` (counted on the source before the copy). */
  allCopied: number
  allTotal: number
}

export type CopyOptions = {
  /** Rows per page read from the source and inserted into the target (default 500). */
  batch?: number
  /**
   * Called after every page and once at the end of each table, with counts that only grow (the
   * scripts draw it as one line on a terminal: scripts/progress.ts).
   */
  progress?: (progress: CopyProgress) => void
}

const BATCH = 500

/**
 * Tables the target's own triggers fill from the rows they derive from (the project counts, kept
 * from `section_items`): never copied, compared like the others once the copy is done.
 */
export const DERIVED_TABLES = new Set([
  'project_section_counts',
  'project_report_counts',
  'project_counts',
])

/** The columns and foreign keys of a table of either engine. */
export const getTableConfig = (table: SQLiteTable) =>
  is(table, PgTable)
    ? (pgTableConfig(table as unknown as PgTable) as unknown as ReturnType<
        typeof sqliteTableConfig
      >)
    : sqliteTableConfig(table)

/** The schema's tables, parents before children (foreign keys), by name otherwise. */
export function tablesInOrder(schema: Record<string, unknown>) {
  const tables = Object.values(schema).filter((v): v is SQLiteTable => is(v, Table))
  const byName = new Map(tables.map((t) => [getTableName(t), t]))
  const done = new Set<string>()
  const order: SQLiteTable[] = []
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name) || path.has(name)) return
    path.add(name)
    const table = byName.get(name)
    if (!table) return
    for (const fk of getTableConfig(table).foreignKeys) {
      const parent = getTableName(fk.reference().foreignTable)
      if (parent !== name) visit(parent, path)
    }
    done.add(name)
    order.push(table)
  }
  for (const name of [...byName.keys()].sort()) visit(name, new Set())
  return order
}

const primaryKey = (table: SQLiteTable) => {
  const config = getTableConfig(table)
  const column = config.columns.find((c) => c.primary)
  if (!column) throw new Error(`table ${config.name} has no single-column primary key`)
  return column
}

export async function countRows(db: Engine, table: SQLiteTable) {
  const row = await db.row<{ n: number | string }>(
    sql`SELECT CAST(count(*) AS INTEGER) AS n FROM ${table}`,
  )
  return Number(row?.n ?? 0)
}

export async function copyData(
  source: Engine,
  target: Engine,
  log: (line: string) => void = () => {},
  options: CopyOptions = {},
): Promise<CopyReport> {
  const batch = Math.max(1, options.batch ?? BATCH)
  const tables = tablesInOrder(source.t)
  const targetTables = new Map(tablesInOrder(target.t).map((t) => [getTableName(t), t]))
  for (const table of tables) {
    const name = getTableName(table)
    const into = targetTables.get(name)
    if (!into) throw new Error(`the target has no table ${name}`)
    // data_versions is filled by the target's own triggers while rows arrive; it is replaced below.
    if (
      name !== 'data_versions' &&
      !DERIVED_TABLES.has(name) &&
      (await countRows(target, into)) > 0
    ) {
      throw new Error(`the target is not empty (table ${name} has rows): copy into a new database`)
    }
  }
  // data_versions last: the target's triggers bump it while the other tables arrive.
  // The derived tables after the rows they derive from.
  const rank = (t: SQLiteTable) =>
    getTableName(t) === 'data_versions' ? 2 : DERIVED_TABLES.has(getTableName(t)) ? 1 : 0
  const ordered = [0, 1, 2].flatMap((r) => tables.filter((t) => rank(t) === r))
  // The source's counts, once: the totals of the progress (the copy reads the same snapshot when
  // the caller holds one, as backupPostgres does).
  const totals = new Map<string, number>()
  for (const table of ordered) totals.set(getTableName(table), await countRows(source, table))
  const allTotal = [...totals.values()].reduce((a, b) => a + b, 0)
  let allCopied = 0
  await target.tx(async (tx) => {
    // PostgreSQL bumps data versions at COMMIT (deferred triggers): here at once, so the copied
    // data_versions, written last, are what the target keeps.
    if (tx.kind === 'pg') await tx.exec(sql`SET CONSTRAINTS ALL IMMEDIATE`)
    for (const table of ordered) {
      const name = getTableName(table)
      const into = targetTables.get(name) as SQLiteTable
      const total = totals.get(name) ?? 0
      if (DERIVED_TABLES.has(name)) {
        const filled = await countRows(tx, into)
        allCopied += total
        options.progress?.({ table: name, copied: total, total, allCopied, allTotal })
        log(`${name}: ${filled} rows (rebuilt by the target's triggers)`)
        continue
      }
      if (name === 'data_versions') await tx.exec(sql`DELETE FROM ${into}`)
      const key = primaryKey(table)
      // The rows come keyed by the schema's property names, which may differ from column names.
      const field = Object.entries(getTableColumns(table)).find(([, c]) => c === key)?.[0]
      if (!field) throw new Error(`table ${name}: its primary key is not one of its columns`)
      let copied = 0
      let last: unknown
      for (;;) {
        const rows = (await source.orm
          .select()
          .from(table)
          .where(last === undefined ? undefined : gt(key, last))
          .orderBy(asc(key))
          .limit(batch)) as Record<string, unknown>[]
        if (!rows.length) break
        await tx.orm.insert(into).values(rows as never[])
        copied += rows.length
        allCopied += rows.length
        last = rows[rows.length - 1][field]
        options.progress?.({ table: name, copied, total, allCopied, allTotal })
        if (rows.length < batch) break
      }
      if (!copied) options.progress?.({ table: name, copied, total, allCopied, allTotal })
      log(`${name}: ${copied} rows`)
    }
    if (tx.kind === 'pg') {
      // Identity columns: the next id comes after the copied ones.
      for (const table of tables) {
        const config = getTableConfig(table)
        if (
          !config.columns.some((c) => c.name === 'id' && c.primary && c.getSQLType() === 'integer')
        )
          continue
        await tx.exec(
          sql`SELECT setval(pg_get_serial_sequence(${config.name}, 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
        )
      }
    }
  })
  // The target's triggers left the copied report items' search entries pending: applied now, so
  // the copy starts with an exact index and no backlog for its first search or its background.
  await target.q.search.prepare()
  const report: CopyReport = []
  for (const table of tables) {
    const name = getTableName(table)
    report.push({
      table: name,
      source: await countRows(source, table),
      target: await countRows(target, targetTables.get(name) as SQLiteTable),
    })
  }
  return report
}
