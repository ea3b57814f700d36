import type { SQL } from 'bun'
import {
  type ChainRow,
  type EditedFields,
  type FoundItem,
  type Ids,
  type ItemChange,
  type NewItem,
  type RawItemRow,
  type SectionInfo,
  type Statements,
  splitEdited,
  updateParams,
} from '../../statements'
import { intArray, textArray } from '../arrays'
import { type PgCore, USER_WRITE_LOCK } from '../core'
import type { Bulk } from '../write-batch'

/** As SQLite's CHAIN_SQL; the deepest row per item by DISTINCT ON, booleans as 0/1. */
const CHAIN_SQL = `
WITH RECURSIVE chain(item_id, cur_id, depth) AS (
  SELECT i.id, i.id, 0 FROM section_items i
  WHERE i.id IN (SELECT value::int FROM jsonb_array_elements_text($2::text::jsonb)) AND i.user_id = $1
  UNION ALL
  SELECT c.item_id, p.id, c.depth + 1
  FROM chain c
  JOIN section_items cur ON cur.id = c.cur_id
  JOIN section_items p ON p.id = cur.carried_from_item_id AND p.user_id = $1
  WHERE c.depth < 1000
),
roots AS (
  SELECT DISTINCT ON (item_id) item_id, cur_id AS root_id, depth FROM chain
  ORDER BY item_id, depth DESC
)
SELECT roots.item_id,
  CASE WHEN EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = roots.item_id)
    THEN 1 ELSE 0 END AS carried_forward,
  rr.week_start_date AS origin_week_start_date,
  ir.week_start_date AS report_week_start_date
FROM roots
JOIN section_items root ON root.id = roots.root_id
JOIN report_sections rs ON rs.id = root.section_id
JOIN reports rr ON rr.id = rs.report_id
JOIN section_items it ON it.id = roots.item_id
JOIN report_sections its ON its.id = it.section_id
JOIN reports ir ON ir.id = its.report_id`

const REFS_SQL = `
  CASE WHEN $3::int IS NULL OR EXISTS (SELECT 1 FROM projects WHERE id = $3 AND user_id = $2)
    THEN 1 ELSE 0 END AS project_ok,
  CASE WHEN $4::int IS NULL OR EXISTS (SELECT 1 FROM team_members WHERE id = $4 AND user_id = $2)
    THEN 1 ELSE 0 END AS member_ok,
  (SELECT weekly_start_day FROM user_settings WHERE user_id = $2) AS start_day`

const SECTION_SQL = `
SELECT s.section_type, r.week_start_date,${REFS_SQL}
FROM report_sections s JOIN reports r ON r.id = s.report_id
WHERE s.id = $1 AND s.user_id = $2`

/**
 * New items, each last in its section, in one statement for all of a group commit's
 * (drizzle-pg/0017_item_write_batches.sql): every section named is locked first, in id order (the
 * inserts of one section run one transaction at a time; foreign-key checks pass), then the INSERT
 * reads each section's next places in a snapshot that holds every item committed before it got
 * the lock. Items placed at COMMIT (LAST_IN_SECTION, `section_items_place`) wait for the user's
 * write lock, which the group commit holds. No answer row for an item whose section, project or
 * team member is not the user's (any more).
 */
const CREATE_ITEMS_SQL = `SELECT ord, created
FROM cadence_create_items($1::int[], $2::int[], $3::text[], $4::int[], $5::text[], $6::int[], $7::text[])`

type NewItemArgs = { sectionId: number; ids: Ids; item: NewItem }
type Created = { section: SectionInfo; row: RawItemRow }

/** The statement of a batch's new items; each answered its row and section, or null. */
const creates: Bulk<NewItemArgs, Created | null> = {
  run: (sql, list) =>
    (
      sql.unsafe(CREATE_ITEMS_SQL, [
        intArray(list.map((a) => a.sectionId)),
        intArray(list.map((a) => a.ids.userId)),
        textArray(list.map((a) => a.item.content)),
        intArray(list.map((a) => a.ids.projectId)),
        textArray(list.map((a) => a.item.item_type)),
        intArray(list.map((a) => a.ids.memberId)),
        textArray(list.map((a) => JSON.stringify(a.item.typeFor))),
      ]) as PromiseLike<Array<{ ord: number | string; created: Created }>>
    ).then((rows) => {
      const byPlace = new Map(rows.map((r) => [Number(r.ord), r.created]))
      return list.map((_, i) => byPlace.get(i + 1) ?? null)
    }),
}

const ITEM_SQL = `
SELECT i.carried_from_item_id, r.week_start_date,
  CASE WHEN EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)
    THEN 1 ELSE 0 END AS carried_forward,${REFS_SQL}
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
JOIN reports r ON r.id = s.report_id
WHERE i.id = $1 AND i.user_id = $2`

/**
 * An edit in one statement, as on SQLite: only when the item is the user's and the project and
 * team member it gets are too ($2–$4); the columns changed are bound from $6. Returns the row with
 * its report's week, whether a later copy exists and the user's week start.
 */
const updateSql = (sets: string[]) => `
UPDATE section_items i SET ${sets.join(', ')}
WHERE i.id = $1 AND i.user_id = $2
  AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM projects WHERE id = $3 AND user_id = $2))
  AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM team_members WHERE id = $4 AND user_id = $2))
RETURNING i.*,
  (SELECT r.week_start_date FROM report_sections s JOIN reports r ON r.id = s.report_id
    WHERE s.id = i.section_id) AS "found$week",
  CASE WHEN EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)
    THEN 1 ELSE 0 END AS "found$carried_forward",
  (SELECT weekly_start_day FROM user_settings WHERE user_id = $2) AS "found$start_day"`

const lockUserShared = (sql: SQL, userId: number) =>
  sql.unsafe('SELECT pg_advisory_xact_lock_shared($1, $2)', [USER_WRITE_LOCK, userId])

const UPDATABLE = new Set([
  'content',
  'is_completed',
  'project_id',
  'item_type',
  'assigned_to_team_member_id',
  'assignee_completed_at',
  'is_ask',
  'ask_closed_at',
])

/**
 * PostgreSQL's twin of src/db/sqlite/statements/items.ts: the same writes and answers.
 * Outside a transaction each write goes into the group commit (src/db/pg/write-batch.ts): writes
 * arriving together share one transaction and one WAL flush; inside a caller's transaction it
 * runs on that transaction. A new item is placed last by its INSERT under its section's row lock,
 * so no two items of a section share a position. A write refused gives no row: the service reads
 * again and its answer says what went (the section, the project, the team member, the item). A
 * project that goes just as an update lands fails its foreign key: 409.
 */
export const itemsStatements = (db: PgCore): Statements['items'] => {
  /** A write of one statement: in the group commit, its batch's COMMIT follows it at once. */
  const statement = async <T, R>(
    user: number,
    query: (sql: SQL) => PromiseLike<R>,
    answer: (rows: R) => T,
  ) => (db.batch ? db.batch.statement(user, query, answer) : answer(await query(db.sql)))
  return {
    async section(sectionId, ids) {
      const [found] = (await db.sql.unsafe(SECTION_SQL, [
        sectionId,
        ids.userId,
        ids.projectId,
        ids.memberId,
      ])) as SectionInfo[]
      return found
    },
    async item(id, ids) {
      const [found] = (await db.sql.unsafe(ITEM_SQL, [
        id,
        ids.userId,
        ids.projectId,
        ids.memberId,
      ])) as FoundItem[]
      return found
    },
    async create(sectionId: number, ids: Ids, item: NewItem) {
      const args = { sectionId, ids, item }
      // Refused (null): the service reads why.
      if (db.batch) return db.batch.bulk(ids.userId, creates, args)
      // In a caller's transaction: the user's write lock, as the group commit holds it.
      await lockUserShared(db.sql, ids.userId)
      const [created] = await creates.run(db.sql, [args])
      return created
    },
    async update(id: number, ids: Ids, now: string, change: ItemChange) {
      for (const c of change.columns) if (!UPDATABLE.has(c)) throw new Error(`not updatable: ${c}`)
      const sets = ['updated_at = $5', ...change.columns.map((c, i) => `${c} = $${i + 6}`)]
      const sqlText = updateSql(sets)
      return statement(
        ids.userId,
        (sql) =>
          sql.unsafe(sqlText, updateParams(id, ids, now, change)) as PromiseLike<
            Array<RawItemRow & EditedFields>
          >,
        ([returned]) => (returned ? splitEdited(returned) : null),
      )
    },
    async delete(id, userId) {
      return statement(
        userId,
        (sql) =>
          sql.unsafe('DELETE FROM section_items WHERE id = $1 AND user_id = $2', [
            id,
            userId,
          ]) as PromiseLike<{ count: number }>,
        (result) => result.count,
      )
    },
    async chains(userId, itemIds) {
      return (await db.sql.unsafe(CHAIN_SQL, [userId, JSON.stringify(itemIds)])) as ChainRow[]
    },
  }
}
