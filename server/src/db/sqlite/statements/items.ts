import type { Statement } from 'bun:sqlite'
import {
  type ChainRow,
  type EditedFields,
  type FoundItem,
  type Ids,
  type ItemChange,
  type ItemStatements,
  type NewItem,
  type RawItemRow,
  type SectionInfo,
  splitEdited,
} from '../../statements'
import { ready, type SqliteCore } from '../core'
import { batchedWrite } from '../write-batch'

/**
 * One query for any number of items: a recursive walk up each item's carried_from chain to its
 * first copy (the deepest row per item), that copy's report week, the item's own report week,
 * and whether a later copy exists. The depth bound guards against a cycle in hand-edited data.
 * CROSS JOIN and `+p.user_id` fix the step's order (chain row, then its item and parent by key):
 * left to itself the planner scanned all the user's items at every step, so reading a report cost
 * what the whole account holds (5,000 items: 885 ms; now 7 ms).
 */
const CHAIN_SQL = `
WITH RECURSIVE chain(item_id, cur_id, depth) AS (
  SELECT i.id, i.id, 0 FROM json_each(?2) j
  CROSS JOIN section_items i ON i.id = CAST(j.value AS INTEGER)
  WHERE i.user_id = ?1
  UNION ALL
  SELECT c.item_id, p.id, c.depth + 1
  FROM chain c
  CROSS JOIN section_items cur ON cur.id = c.cur_id
  CROSS JOIN section_items p ON p.id = cur.carried_from_item_id AND +p.user_id = ?1
  WHERE c.depth < 1000
),
roots AS (SELECT item_id, cur_id AS root_id, MAX(depth) AS depth FROM chain GROUP BY item_id)
SELECT roots.item_id,
  EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = roots.item_id) AS carried_forward,
  rr.week_start_date AS origin_week_start_date,
  ir.week_start_date AS report_week_start_date
FROM roots
JOIN section_items root ON root.id = roots.root_id
JOIN report_sections rs ON rs.id = root.section_id
JOIN reports rr ON rr.id = rs.report_id
JOIN section_items it ON it.id = roots.item_id
JOIN report_sections its ON its.id = it.section_id
JOIN reports ir ON ir.id = its.report_id`

/** Whether the optional project and team member (null: none given) belong to the user. */
const REFS_SQL = `
  (?3 IS NULL OR EXISTS (SELECT 1 FROM projects WHERE id = ?3 AND user_id = ?2)) AS project_ok,
  (?4 IS NULL OR EXISTS (SELECT 1 FROM team_members WHERE id = ?4 AND user_id = ?2)) AS member_ok,
  (SELECT weekly_start_day FROM user_settings WHERE user_id = ?2) AS start_day`

/** One row when the session vouches for its write (SessionCheck): ?1 id, ?2 user, ?3, ?4. */
const SESSION_VOUCHES_SQL = `
SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.id = ?1 AND s.user_id = ?2 AND s.expires_at >= ?3 AND u.last_seen_at >= ?4`

/** The user's section and its report's week. */
const SECTION_SQL = `
SELECT s.section_type, r.week_start_date,${REFS_SQL}
FROM report_sections s JOIN reports r ON r.id = s.report_id
WHERE s.id = ?1 AND s.user_id = ?2`

/** The same, and the next position in the section (read inside the write's transaction). */
const SECTION_PLACE_SQL = `
SELECT s.section_type, r.week_start_date,${REFS_SQL},
  (SELECT coalesce(max(sort_order), -1) + 1 FROM section_items WHERE section_id = ?1) AS next_place
FROM report_sections s JOIN reports r ON r.id = s.report_id
WHERE s.id = ?1 AND s.user_id = ?2`

/**
 * A new item goes last in its section: the next position is read with the section
 * (SECTION_PLACE_SQL) in the same write transaction and on the same thread, with nothing in
 * between, so no two items share one. Not inside the INSERT as a subquery of its VALUES: SQLite
 * does not run that subquery as the one-row index lookup it is on its own, and its cost grows with
 * the section. (Not as one INSERT … SELECT with the section's fields in RETURNING either: SQLite
 * runs a RETURNING with subqueries through a temporary table.)
 */
const INSERT_SQL = `
INSERT INTO section_items
  (section_id, user_id, content, project_id, item_type, assigned_to_team_member_id, sort_order)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
RETURNING *`

/** The user's item, its report's week and whether a later copy of it exists. */
const ITEM_SQL = `
SELECT i.carried_from_item_id, r.week_start_date,
  EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id) AS carried_forward,${REFS_SQL}
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
JOIN reports r ON r.id = s.report_id
WHERE i.id = ?1 AND i.user_id = ?2`

/**
 * An edit in one statement: only when the item is the user's and the project and team member it
 * gets are too (?2–?4); the columns changed are bound from ?5. Returns the row with what the
 * answer needs: its report's week, whether a later copy exists, the user's week start.
 */
const updateSql = (sets: string[]) => `
UPDATE section_items SET ${sets.join(', ')}
WHERE id = ?1 AND user_id = ?2
  AND (?3 IS NULL OR EXISTS (SELECT 1 FROM projects WHERE id = ?3 AND user_id = ?2))
  AND (?4 IS NULL OR EXISTS (SELECT 1 FROM team_members WHERE id = ?4 AND user_id = ?2))
RETURNING *,
  (SELECT r.week_start_date FROM report_sections s JOIN reports r ON r.id = s.report_id
    WHERE s.id = section_items.section_id) AS found$week,
  EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = section_items.id)
    AS found$carried_forward,
  (SELECT weekly_start_day FROM user_settings WHERE user_id = ?2) AS found$start_day`

/** An edit's parameters, in the order its UPDATE binds them (?1 …, the changes from ?6). */
const updateParams = (id: number, ids: Ids, now: string, change: ItemChange) => [
  id,
  ids.userId,
  ids.projectId,
  ids.memberId,
  now,
  ...change.values,
]

const DELETE_SQL = 'DELETE FROM section_items WHERE id = ?1 AND user_id = ?2'

/**
 * The hot statements of report items on SQLite (twin: src/db/pg/statements/items.ts). Item writes
 * are the hot write path (≥ 5,000 writes/s, docs/benchmarks.md): an edit is one UPDATE that checks
 * every ownership and returns what the answer needs; a new item a read of its section and one
 * INSERT with RETURNING; all run synchronously inside a group commit (write-batch.ts) with
 * statements compiled once. Refused (null), the service reads why.
 */
export const itemsStatements = (db: SqliteCore): ItemStatements => {
  const updates = new Map<string, Statement>()
  /** UPDATE statements by the set of columns they change (at most 2^6 shapes: assignee_completed_at goes with is_completed, ask_closed_at with is_ask). */
  const updateStatement = (columns: string[]) => {
    const key = columns.join(',')
    let stmt = updates.get(key)
    if (!stmt) {
      // Only the given columns are set: the search trigger fires on an UPDATE OF content alone.
      const sets = ['updated_at = ?5', ...columns.map((c, i) => `${c} = ?${i + 6}`)]
      stmt = db.sqlite.prepare(updateSql(sets))
      updates.set(key, stmt)
    }
    return stmt
  }
  /** Whether the session a write checks (`ids.session`), if any, vouches for it; in its transaction. */
  const vouches = ({ session, userId }: Ids) =>
    !session ||
    db
      .prepare(SESSION_VOUCHES_SQL)
      .get(session.id, userId, session.expiresAfter, session.seenOn) !== null
  return {
    async section(sectionId, ids) {
      await ready(db)
      const row = db
        .prepare(SECTION_SQL)
        .get(sectionId, ids.userId, ids.projectId, ids.memberId) as SectionInfo | null
      return row ?? undefined
    },
    async item(id, ids) {
      await ready(db)
      const row = db
        .prepare(ITEM_SQL)
        .get(id, ids.userId, ids.projectId, ids.memberId) as FoundItem | null
      return row ?? undefined
    },
    /**
     * Reads the section, inserts last in it; null when the section, project or member is not
     * theirs, or the session it checks (`ids.session`) does not vouch for the write.
     */
    create(sectionId: number, ids: Ids, item: NewItem) {
      return batchedWrite(db, () => {
        if (!vouches(ids)) return null
        const { next_place, ...section } = (db
          .prepare(SECTION_PLACE_SQL)
          .get(sectionId, ids.userId, ids.projectId, ids.memberId) ?? {}) as SectionInfo & {
          next_place: number
        }
        if (!section.project_ok || !section.member_ok) return null
        const row = db
          .prepare(INSERT_SQL)
          .get(
            sectionId,
            ids.userId,
            item.content,
            ids.projectId,
            item.item_type ?? item.typeFor[section.section_type],
            ids.memberId,
            next_place,
          ) as RawItemRow
        return { section, row }
      })
    },
    /**
     * Updates the user's item; null when it, or the project or member it gets, is not theirs, or
     * the session it checks (`ids.session`) does not vouch for the write.
     */
    update(id: number, ids: Ids, now: string, change: ItemChange) {
      return batchedWrite(db, () => {
        if (!vouches(ids)) return null
        const returned = updateStatement(change.columns).get(
          ...updateParams(id, ids, now, change),
        ) as (RawItemRow & EditedFields) | null
        return returned ? splitEdited(returned) : null
      })
    },
    /** Deletes the user's item; answers how many rows went (0 or 1). */
    delete(id: number, userId: number) {
      return batchedWrite(db, () => db.prepare(DELETE_SQL).run(id, userId).changes)
    },
    /** Each item's carried-from chain (src/modules/section-items/ageing.ts). */
    async chains(userId: number, itemIds: number[]) {
      await ready(db)
      return db.prepare(CHAIN_SQL).all(userId, JSON.stringify(itemIds)) as ChainRow[]
    },
  }
}
