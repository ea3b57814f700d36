import type { Statement } from 'bun:sqlite'
import type { AppContext } from '../../context'
import type { sectionItems } from '../../db/schema'
import { BadRequest, NotFound } from '../../lib/errors'
import { isoDate, nowIso } from '../../lib/time'
import { ageing, type Weekday } from '../../lib/weeks'
import { type AgeingFields, ageingClock, withAgeing } from './ageing'
import type { SectionItemModel } from './model'

/**
 * The write path of items is on the hot list (≥ 5,000 writes/s, docs/benchmarks.md), so it talks
 * to SQLite directly with statements compiled once per connection (`Database.query` caches them):
 * one read that checks every ownership and gathers what the answer needs, one write with
 * RETURNING. Behaviour and answers are those of the Drizzle version it replaces.
 */

const DEFAULT_TYPE = { tasks: 'task', followups: 'followup', standard: 'standard' } as const

type ItemRow = typeof sectionItems.$inferSelect
type RawItemRow = Omit<ItemRow, 'is_completed'> & { is_completed: number }

const requiredContent = (content: string) => {
  const trimmed = content.trim()
  if (!trimmed) throw new BadRequest('Content is required')
  return trimmed
}

const toItem = (row: RawItemRow): ItemRow => ({ ...row, is_completed: row.is_completed === 1 })

/** Whether the optional project and team member (null: none given) belong to the user. */
const REFS_SQL = `
  (?3 IS NULL OR EXISTS (SELECT 1 FROM projects WHERE id = ?3 AND user_id = ?2)) AS project_ok,
  (?4 IS NULL OR EXISTS (SELECT 1 FROM team_members WHERE id = ?4 AND user_id = ?2)) AS member_ok,
  (SELECT weekly_start_day FROM user_settings WHERE user_id = ?2) AS start_day`

type Refs = { project_ok: number; member_ok: number; start_day: Weekday | null }

/** The user's section, its report's week and its next sort_order (from the (section, order) index). */
const SECTION_SQL = `
SELECT s.section_type, r.week_start_date,
  (SELECT max(sort_order) FROM section_items WHERE section_id = s.id) AS max_sort,${REFS_SQL}
FROM report_sections s JOIN reports r ON r.id = s.report_id
WHERE s.id = ?1 AND s.user_id = ?2`

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

const DELETE_SQL = 'DELETE FROM section_items WHERE id = ?1 AND user_id = ?2'

function checkRefs(refs: Refs) {
  if (!refs.project_ok) throw new NotFound('Project not found')
  if (!refs.member_ok) throw new NotFound('Team member not found')
}

/** The ageing fields of an item that is the first of its chain (no carried_from). */
function ownAgeing(
  ctx: AppContext,
  userId: number,
  item: ItemRow,
  week: string,
  carriedForward: boolean,
  startDay: Weekday | null,
): ItemRow & AgeingFields {
  const clock = startDay ? { today: isoDate(), startDay } : ageingClock(ctx, userId)
  return {
    ...item,
    carried_from_item_id: null,
    carried_forward: carriedForward,
    origin_week_start_date: week,
    ...ageing(
      {
        item_type: item.item_type,
        is_completed: item.is_completed,
        carried_forward: carriedForward,
        origin_week_start_date: week,
        report_week_start_date: week,
      },
      clock.today,
      clock.startDay,
    ),
  }
}

export function createItem(ctx: AppContext, userId: number, input: SectionItemModel.create) {
  const { sqlite } = ctx.db
  const section = sqlite
    .query(SECTION_SQL)
    .get(
      input.section_id,
      userId,
      input.project_id ?? null,
      input.assigned_to_team_member_id ?? null,
    ) as
    | (Refs & {
        section_type: keyof typeof DEFAULT_TYPE
        week_start_date: string
        max_sort: number | null
      })
    | null
  if (!section) throw new NotFound('Section not found')
  const content = requiredContent(input.content)
  checkRefs(section)
  const row = sqlite
    .query(INSERT_SQL)
    .get(
      input.section_id,
      userId,
      content,
      input.project_id ?? null,
      input.item_type ?? DEFAULT_TYPE[section.section_type],
      input.assigned_to_team_member_id ?? null,
      (section.max_sort ?? -1) + 1,
    ) as RawItemRow
  // A new item starts its own chain and nothing was carried from it yet: its origin is its week.
  return ownAgeing(ctx, userId, toItem(row), section.week_start_date, false, section.start_day)
}

/** UPDATE statements by the set of columns they change (at most 2^5 shapes). */
const UPDATABLE = [
  'content',
  'is_completed',
  'project_id',
  'item_type',
  'assigned_to_team_member_id',
] as const
const updateStatements = new WeakMap<object, Map<string, Statement>>()

function updateStatement(ctx: AppContext, columns: string[]) {
  let byShape = updateStatements.get(ctx.db.sqlite)
  if (!byShape) {
    byShape = new Map()
    updateStatements.set(ctx.db.sqlite, byShape)
  }
  const key = columns.join(',')
  let stmt = byShape.get(key)
  if (!stmt) {
    // Only the given columns are set: the search trigger fires on an UPDATE OF content alone.
    const sets = ['updated_at = ?1', ...columns.map((c, i) => `${c} = ?${i + 3}`)]
    stmt = ctx.db.sqlite.prepare(
      `UPDATE section_items SET ${sets.join(', ')} WHERE id = ?2 RETURNING *`,
    )
    byShape.set(key, stmt)
  }
  return stmt
}

export function updateItem(
  ctx: AppContext,
  userId: number,
  id: number,
  input: SectionItemModel.update,
) {
  const found = ctx.db.sqlite
    .query(ITEM_SQL)
    .get(id, userId, input.project_id ?? null, input.assigned_to_team_member_id ?? null) as
    | (Refs & {
        carried_from_item_id: number | null
        week_start_date: string
        carried_forward: number
      })
    | null
  if (!found) throw new NotFound('Item not found')
  checkRefs(found)
  const columns: string[] = []
  const values: (string | number | null)[] = []
  for (const column of UPDATABLE) {
    const value = input[column]
    if (value === undefined) continue
    columns.push(column)
    if (column === 'content') values.push(requiredContent(value as string))
    else if (column === 'is_completed') values.push(value ? 1 : 0)
    else values.push(value as string | number | null)
  }
  const row = toItem(updateStatement(ctx, columns).get(nowIso(), id, ...values) as RawItemRow)
  if (found.carried_from_item_id != null) return withAgeing(ctx, userId, [row])[0]
  return ownAgeing(
    ctx,
    userId,
    row,
    found.week_start_date,
    found.carried_forward === 1,
    found.start_day,
  )
}

export function deleteItem(ctx: AppContext, userId: number, id: number) {
  const { changes } = ctx.db.sqlite.query(DELETE_SQL).run(id, userId)
  if (!changes) throw new NotFound('Item not found')
  return { success: true, message: 'Item deleted successfully' }
}
