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
} from '../../statements'
import { intArray, textArray } from '../arrays'
import { type PgCore, USER_WRITE_LOCK } from '../core'
import { type Bulk, bumpOf, GENERIC_PLANS, lockedAndDeclared } from '../write-batch'

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
 * (drizzle-pg/0017_item_write_batches.sql, 0020_items_check_their_session.sql): every section named is locked first, in id order (the
 * inserts of one section run one transaction at a time; foreign-key checks pass), then the INSERT
 * reads each section's next places in a snapshot that holds every item committed before it got
 * the lock. Items placed at COMMIT (LAST_IN_SECTION, `section_items_place`) wait for the user's
 * write lock, which the group commit holds. No answer row for an item whose section, project or
 * team member is not the user's (any more), or whose session check ($8 to $10, SessionCheck) fails.
 */
const CREATE_ITEMS_SQL = `SELECT ord, created
FROM cadence_create_items($1::int[], $2::int[], $3::text[], $4::int[], $5::text[], $6::int[], $7::text[],
  $8::text[], $9::text[], $10::text[])`

/**
 * A batch of new items only, as one statement that is its own transaction (write-batch.ts,
 * `alone`), as EDITS_ALONE_SQL is for edits: before the function runs, the one-time filter (its
 * uncorrelated subqueries: a volatile call of its own would be checked row by row, after the
 * function) sets the generic plans of the batch's BEGIN (the function's statements are planned
 * after it) and takes and declares the users' write locks; after it, the data-modifying WITH bumps
 * each user's version once. The function's statements each take a snapshot of their own (it is
 * VOLATILE), so its INSERT still reads each section's next places after it holds the section's
 * lock.
 */
const CREATE_ITEMS_ALONE_SQL = `
WITH bumped AS (${bumpOf('$11')} RETURNING 1)
${CREATE_ITEMS_SQL}
WHERE (SELECT ${GENERIC_PLANS}) IS NOT NULL AND ${lockedAndDeclared('$11', '$12')}`

type NewItemArgs = { sectionId: number; ids: Ids; item: NewItem }
type Created = { section: SectionInfo; row: RawItemRow }

/** The arrays of cadence_create_items, one element per new item. */
const createArrays = (list: NewItemArgs[]) => [
  intArray(list.map((a) => a.sectionId)),
  intArray(list.map((a) => a.ids.userId)),
  textArray(list.map((a) => a.item.content)),
  intArray(list.map((a) => a.ids.projectId)),
  textArray(list.map((a) => a.item.item_type)),
  intArray(list.map((a) => a.ids.memberId)),
  textArray(list.map((a) => JSON.stringify(a.item.typeFor))),
  textArray(list.map((a) => a.ids.session?.id ?? null)),
  textArray(list.map((a) => a.ids.session?.expiresAfter ?? null)),
  textArray(list.map((a) => a.ids.session?.seenOn ?? null)),
]

type CreatedRow = { ord: number | string; created: Created }

/** Each new item's answer, by its place in the batch (null: refused). */
function createdByPlace(count: number, rows: CreatedRow[]) {
  const byPlace = new Map(rows.map((r) => [Number(r.ord), r.created]))
  return Array.from({ length: count }, (_, i) => byPlace.get(i + 1) ?? null)
}

/** The statement of a batch's new items; each answered its row and section, or null. */
const creates: Bulk<NewItemArgs, Created | null> = {
  run: (sql, list) =>
    (sql.unsafe(CREATE_ITEMS_SQL, createArrays(list)) as PromiseLike<CreatedRow[]>).then((rows) =>
      createdByPlace(list.length, rows),
    ),
  alone: (sql, list, batch) =>
    (
      sql.unsafe(CREATE_ITEMS_ALONE_SQL, [
        ...createArrays(list),
        batch.users,
        batch.declared,
      ]) as PromiseLike<CreatedRow[]>
    ).then((rows) => createdByPlace(list.length, rows)),
}

const ITEM_SQL = `
SELECT i.carried_from_item_id, r.week_start_date,
  CASE WHEN EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)
    THEN 1 ELSE 0 END AS carried_forward,${REFS_SQL}
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
JOIN reports r ON r.id = s.report_id
WHERE i.id = $1 AND i.user_id = $2`

/** The columns an edit may set, each with its bit in an edit's mask (`m` below). */
const EDITABLE = [
  'content',
  'is_completed',
  'project_id',
  'item_type',
  'assigned_to_team_member_id',
  'assignee_completed_at',
  'is_ask',
  'ask_closed_at',
  'include_in_brief',
] as const
const COLUMN_TYPES: Record<(typeof EDITABLE)[number], string> = {
  content: 'text',
  is_completed: 'int',
  project_id: 'int',
  item_type: 'text',
  assigned_to_team_member_id: 'int',
  assignee_completed_at: 'text',
  is_ask: 'int',
  ask_closed_at: 'text',
  include_in_brief: 'int',
}

/**
 * A group commit's edits in one UPDATE that checks every ownership, as SQLite's one edit does: each edit is a record of
 * the JSON array $1 with its place in the batch (`n`), the item, the user, the project and team
 * member it gets, the time, the session it checks (SessionCheck: `sid`, `after`, `seen`; null,
 * none), a mask of the columns it sets and their values; a column not in its mask keeps its value. One statement for all of them instead of one each: measured, PostgreSQL
 * spent ~95 µs of CPU per edit one by one, ~57 in one statement of six. An item edited twice in
 * one batch goes into a second statement, after the first (an UPDATE changes a row once).
 * Setting a column to its own value changes nothing indexed (the row stays a HOT update), and the
 * search trigger looks at the values (drizzle-pg/0019_batch_declared_users.sql).
 */
const EDITS_SET = `UPDATE section_items i SET updated_at = x.now,
  ${EDITABLE.map((c, bit) => `${c} = CASE WHEN x.m & ${1 << bit} <> 0 THEN x.${c} ELSE i.${c} END`).join(',\n  ')}
FROM json_to_recordset($1::text::json) AS x(n int, id int, uid int, pid int, mid int, now text, m int,
  sid text, after text, seen text, ${EDITABLE.map((c) => `${c} ${COLUMN_TYPES[c]}`).join(', ')})
WHERE i.id = x.id AND i.user_id = x.uid
  AND (x.pid IS NULL OR EXISTS (SELECT 1 FROM projects WHERE id = x.pid AND user_id = x.uid))
  AND (x.mid IS NULL OR EXISTS (SELECT 1 FROM team_members WHERE id = x.mid AND user_id = x.uid))
  AND (x.sid IS NULL OR EXISTS (SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = x.sid AND s.user_id = x.uid AND s.expires_at >= x.after AND u.last_seen_at >= x.seen))`

const EDITS_RETURNING = `
RETURNING x.n AS "edit$n", i.*,
  (SELECT r.week_start_date FROM report_sections s JOIN reports r ON r.id = s.report_id
    WHERE s.id = i.section_id) AS "found$week",
  CASE WHEN EXISTS (SELECT 1 FROM section_items y WHERE y.carried_from_item_id = i.id)
    THEN 1 ELSE 0 END AS "found$carried_forward",
  (SELECT weekly_start_day FROM user_settings WHERE user_id = x.uid) AS "found$start_day"`

const EDITS_SQL = `${EDITS_SET}${EDITS_RETURNING}`

/**
 * A batch of edits only, none of one item twice, as one statement that is its own transaction
 * (write-batch.ts, `alone`): what the batch's transaction does around its statements is done here.
 * - Before any row: the users' write locks and their declaration (write-batch.ts,
 *   `lockedAndDeclared`), an uncorrelated subquery of the WHERE, which PostgreSQL evaluates once
 *   before the first row is read (a one-time filter).
 * - After the UPDATE: each user's data version bumped once (`bumpOf`), by a data-modifying WITH
 *   the UPDATE does not read, which PostgreSQL runs to completion after it.
 * Its plan is PostgreSQL's to choose (no `plan_cache_mode` before it): the JSON parameter gives it
 * nothing to plan differently, so a generic plan wins after the first executions.
 */
const EDITS_ALONE_SQL = `
WITH bumped AS (${bumpOf('$2')} RETURNING 1)
${EDITS_SET}
  AND ${lockedAndDeclared('$2', '$3')}${EDITS_RETURNING}`

type EditArgs = { id: number; ids: Ids; now: string; change: ItemChange }
type Edited = ReturnType<typeof splitEdited>
type EditRow = RawItemRow & EditedFields & { edit$n: number }

/** One edit as a record of EDITS_SQL. */
function editRecord(n: number, { id, ids, now, change }: EditArgs) {
  const record: Record<string, unknown> = {
    n,
    id,
    uid: ids.userId,
    pid: ids.projectId,
    mid: ids.memberId,
    now,
    m: 0,
    // The session the edit checks itself (SessionCheck), if any.
    sid: ids.session?.id ?? null,
    after: ids.session?.expiresAfter ?? null,
    seen: ids.session?.seenOn ?? null,
  }
  change.columns.forEach((column, k) => {
    const bit = EDITABLE.indexOf(column as (typeof EDITABLE)[number])
    if (bit < 0) throw new Error(`not updatable: ${column}`)
    record.m = (record.m as number) | (1 << bit)
    record[column] = change.values[k]
  })
  return record
}

/** The statement(s) of a batch's edits; each answered its row and facts, or null (refused). */
const edits: Bulk<EditArgs, Edited | null> = {
  run: (sql, list) => {
    // Rounds of distinct items, in the order the edits came: the second edit of an item goes
    // into the next statement, which runs after the first.
    const rounds: Array<Array<Record<string, unknown>>> = []
    const seen = new Map<number, number>()
    list.forEach((edit, n) => {
      const round = seen.get(edit.id) ?? 0
      seen.set(edit.id, round + 1)
      if (!rounds[round]) rounds[round] = []
      rounds[round].push(editRecord(n, edit))
    })
    // Every statement is sent here, in order, before the batch's COMMIT: queries are lazy, and
    // `then` called now sends each (Promise.resolve would call it a microtask later, after COMMIT).
    const sent = rounds.map((records) =>
      (sql.unsafe(EDITS_SQL, [JSON.stringify(records)]) as PromiseLike<EditRow[]>).then(
        (rows) => rows,
      ),
    )
    return Promise.all(sent).then((answers) => editedByPlace(list.length, answers.flat()))
  },
  alone: (sql, list, batch) => {
    if (new Set(list.map((edit) => edit.id)).size < list.length) return null
    const records = JSON.stringify(list.map((edit, n) => editRecord(n, edit)))
    return (
      sql.unsafe(EDITS_ALONE_SQL, [records, batch.users, batch.declared]) as PromiseLike<EditRow[]>
    ).then((rows) => editedByPlace(list.length, rows))
  },
}

/** Each edit's answer, by its place in the batch (null: refused). */
function editedByPlace(count: number, rows: EditRow[]) {
  const byPlace = new Map<number, Edited>()
  for (const { edit$n, ...row } of rows) byPlace.set(Number(edit$n), splitEdited(row))
  return Array.from({ length: count }, (_, n) => byPlace.get(n) ?? null)
}

const lockUserShared = (sql: SQL, userId: number) =>
  sql.unsafe('SELECT pg_advisory_xact_lock_shared($1, $2)', [USER_WRITE_LOCK, userId])

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
      const args = { id, ids, now, change }
      // Refused (null): the service reads why.
      if (db.batch) return db.batch.bulk(ids.userId, edits, args)
      const [edited] = await edits.run(db.sql, [args])
      return edited
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
