import { and, eq } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Engine } from '../db/engine'
import { NotFound } from './errors'

type OwnedTable = SQLiteTable & { uuid: SQLiteColumn; user_id: SQLiteColumn }

/**
 * The user's own row of `table` by its uuid, or NotFound (404) with `missing`: another user's row
 * answers exactly as one that does not exist. Every route that takes a report's or a project's
 * uuid finds it through here.
 */
export async function ownedRow<T extends OwnedTable>(
  db: Engine,
  table: T,
  userId: number,
  uuid: string,
  missing: string,
): Promise<T['$inferSelect']> {
  const [row] = await db.orm
    .select()
    .from(table as SQLiteTable)
    .where(and(eq(table.uuid, uuid), eq(table.user_id, userId)))
  if (!row) throw new NotFound(missing)
  return row as T['$inferSelect']
}
