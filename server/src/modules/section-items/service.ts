import type { AppContext } from '../../context'
import type { sectionItems } from '../../db/schema'
import type { RawItemRow, Refs, SessionCheck } from '../../db/statements'
import { BadRequest, Conflict, NotFound } from '../../lib/errors'
import { itemRoom } from '../../lib/limits'
import { isoDate, nowIso } from '../../lib/time'
import { ageing, type Weekday } from '../../lib/weeks'
import { SessionUnvouched } from '../auth/session-hints'
import { type AgeingFields, ageingClock, withAgeing } from './ageing'
import type { SectionItemModel } from './model'

/**
 * The write path of items is on the hot list (≥ 5,000 writes/s, docs/benchmarks.md): the
 * decision below, then one write that checks every ownership and returns what the answer needs,
 * through the hand-tuned statements of `db.q.items` (src/db/sqlite and src/db/pg,
 * statements/items.ts; inside a group commit). A refused write reads why, so the answers and
 * their order are those of a read first: the section or item (404), then for a new item its
 * content (400) and references (404), for an edit its references (404) and content (400).
 */

const DEFAULT_TYPE = { tasks: 'task', followups: 'followup', standard: 'standard' } as const

type ItemRow = typeof sectionItems.$inferSelect

/** Content trimmed, or null when blank (the 400 is thrown where a read first would throw it). */
const contentOrNull = (content: string) => content.trim() || null

const requiredContent = (content: string) => {
  const trimmed = contentOrNull(content)
  if (!trimmed) throw new BadRequest('Content is required')
  return trimmed
}

const toItem = (row: RawItemRow): ItemRow => ({
  ...row,
  is_completed: row.is_completed === 1,
  is_ask: row.is_ask === 1,
  from_reader: row.from_reader === 1,
  include_in_brief: row.include_in_brief === 1,
})

function checkRefs(refs: Refs) {
  if (!refs.project_ok) throw new NotFound('Project not found')
  if (!refs.member_ok) throw new NotFound('Team member not found')
}

/** The ageing fields of an item that is the first of its chain (no carried_from). */
async function ownAgeing(
  ctx: AppContext,
  userId: number,
  item: ItemRow,
  week: string,
  carriedForward: boolean,
  startDay: Weekday | null,
): Promise<ItemRow & AgeingFields> {
  const clock = startDay ? { today: isoDate(), startDay } : await ageingClock(ctx, userId)
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

/** Refused although everything was the user's when read again: it changed meanwhile. */
const changedMeanwhile = () => new Conflict('The item changed meanwhile; try again')

/**
 * A new item, last in its section. With `session` (the user is the session's by a hint: the auth
 * plugin's `writer`) the write checks the session itself and, having written nothing, throws
 * SessionUnvouched: the caller validates the session and calls again without it.
 */
export async function createItem(
  ctx: AppContext,
  userId: number,
  input: SectionItemModel.create,
  session?: SessionCheck,
) {
  const ids = {
    userId,
    projectId: input.project_id ?? null,
    memberId: input.assigned_to_team_member_id ?? null,
  }
  const content = contentOrNull(input.content)
  // 403 when the report or the account holds as many items as it may (lib/limits.ts).
  if (content) await itemRoom(ctx.db).take(userId, input.section_id)
  const done = content
    ? await ctx.db.q.items.create(
        input.section_id,
        { ...ids, session },
        { content, item_type: input.item_type ?? null, typeFor: DEFAULT_TYPE },
      )
    : null
  if (!done) {
    if (session) throw new SessionUnvouched()
    const section = await ctx.db.q.items.section(input.section_id, ids)
    if (!section) throw new NotFound('Section not found')
    requiredContent(input.content)
    checkRefs(section)
    throw changedMeanwhile()
  }
  const { section, row } = done
  // A new item starts its own chain and nothing was carried from it yet: its origin is its week.
  return ownAgeing(
    ctx,
    userId,
    toItem(row),
    section.week_start_date,
    false,
    section.start_day as Weekday | null,
  )
}

/** The columns an update may change, in the order their values are bound. */
const UPDATABLE = [
  'content',
  'is_completed',
  'project_id',
  'item_type',
  'assigned_to_team_member_id',
  'is_ask',
  'include_in_brief',
] as const

/** The columns and stored values an edit changes; 400 when the content is blank. */
function changeOf(input: SectionItemModel.update) {
  const columns: string[] = []
  const values: (string | number | null)[] = []
  for (const column of UPDATABLE) {
    const value = input[column]
    if (value === undefined) continue
    columns.push(column)
    if (column === 'content') values.push(requiredContent(value as string))
    else if (column === 'is_completed' || column === 'is_ask' || column === 'include_in_brief')
      values.push(value ? 1 : 0)
    else values.push(value as string | number | null)
  }
  // The owner set the state: it is no longer the assignee's ('Completed by Tom', team roll-up).
  if (input.is_completed !== undefined) {
    columns.push('assignee_completed_at')
    values.push(null)
  }
  // Marking or unmarking an ask opens it again (an ask is closed by its author, asks module).
  if (input.is_ask !== undefined) {
    columns.push('ask_closed_at')
    values.push(null)
  }
  return { columns, values }
}

/** An edit of the user's item; `session` as for createItem. */
export async function updateItem(
  ctx: AppContext,
  userId: number,
  id: number,
  input: SectionItemModel.update,
  session?: SessionCheck,
) {
  const ids = {
    userId,
    projectId: input.project_id ?? null,
    memberId: input.assigned_to_team_member_id ?? null,
  }
  const blank = input.content !== undefined && !contentOrNull(input.content)
  const done = blank
    ? null
    : await ctx.db.q.items.update(id, { ...ids, session }, nowIso(), changeOf(input))
  if (!done) {
    if (session) throw new SessionUnvouched()
    const found = await ctx.db.q.items.item(id, ids)
    if (!found) throw new NotFound('Item not found')
    checkRefs(found)
    changeOf(input)
    throw changedMeanwhile()
  }
  const { found, row: raw } = done
  const row = toItem(raw)
  if (found.carried_from_item_id != null) return (await withAgeing(ctx, userId, [row]))[0]
  return ownAgeing(
    ctx,
    userId,
    row,
    found.week_start_date,
    found.carried_forward === 1,
    found.start_day as Weekday | null,
  )
}

export async function deleteItem(ctx: AppContext, userId: number, id: number) {
  const changes = await ctx.db.q.items.delete(id, userId)
  if (!changes) throw new NotFound('Item not found')
  return { success: true, message: 'Item deleted successfully' }
}
