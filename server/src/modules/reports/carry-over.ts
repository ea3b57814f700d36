import { and, desc, eq, gt, lt, sql } from 'drizzle-orm'
import type { Engine } from '../../db'
import { LAST_IN_SECTION } from '../../db/engine'
import { reportSections, reports, sectionItems } from '../../db/schema'
import { assertAccountItemRoom } from '../../lib/limits'
import { timeSlices } from '../../lib/time-slices'
import type { Report } from './read/find'

const SECTION_TYPE = { task: 'tasks', followup: 'followups' } as const

/** New items per insert statement of a carry-over. */
const CARRY_CHUNK = 25

/**
 * The source items: open tasks and follow-ups, and open asks (a closed ask is carried no further),
 * of the source report that have no copy anywhere yet, with the name of the section they sit in.
 */
const sourceSql = (reportId: number, userId: number) => sql`
SELECT i.id, i.content, i.project_id, i.assigned_to_team_member_id, i.item_type,
  s.section_name, s.section_type, i.is_ask, i.from_reader, i.include_in_brief
FROM section_items i
JOIN report_sections s ON s.id = i.section_id
WHERE s.report_id = ${reportId} AND i.user_id = ${userId}
  AND ((i.is_ask = 0 AND i.is_completed = 0 AND i.item_type IN ('task', 'followup'))
    OR (i.is_ask = 1 AND i.ask_closed_at IS NULL))
  AND NOT EXISTS (SELECT 1 FROM section_items x WHERE x.carried_from_item_id = i.id)
ORDER BY s.sort_order, s.id, i.sort_order, i.id`

type SourceItem = {
  id: number
  content: string
  project_id: number | null
  assigned_to_team_member_id: number | null
  item_type: 'standard' | 'task' | 'followup'
  section_name: string
  section_type: string
  is_ask: number
  from_reader: number
  include_in_brief: number
}

/**
 * The report carry-over fills `target` from: the latest earlier report of the user, and only
 * when `target` is the user's newest report (a report for a past week carries nothing).
 */
export async function carrySource(db: Engine, userId: number, target: Report) {
  const [later] = await db.orm
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.user_id, userId), gt(reports.week_start_date, target.week_start_date)))
    .limit(1)
  if (later) return null
  const [source] = await db.orm
    .select()
    .from(reports)
    .where(and(eq(reports.user_id, userId), lt(reports.week_start_date, target.week_start_date)))
    .orderBy(desc(reports.week_start_date))
    .limit(1)
  return source ?? null
}

/**
 * Copies the source report's open tasks and follow-ups into `target` (docs/week-over-week.md):
 * into the section of the same name (case-insensitive) and type, else the first section of that
 * type, else not at all. A copy keeps content, project, assignee and item type and records the
 * item it came from; an item that already has a copy is never carried again. Answers how many
 * were carried, each last in its section, in order. Run it inside the caller's transaction.
 */
export async function carryOver(db: Engine, userId: number, target: Report): Promise<number> {
  const source = await carrySource(db, userId, target)
  if (!source) return 0
  const items = await db.rows<SourceItem>(sourceSql(source.id, userId))
  if (!items.length) return 0
  const sections = await db.orm
    .select()
    .from(reportSections)
    .where(eq(reportSections.report_id, target.id))
    .orderBy(reportSections.sort_order, reportSections.id)
  const values: Array<typeof sectionItems.$inferInsert> = []
  for (const item of items) {
    // An open ask (not closed by its author) is carried as an ask among the follow-ups, whatever
    // it was, until its author closes it (docs/features.md, Asks).
    const ask = item.is_ask === 1
    const itemType = ask ? 'followup' : (item.item_type as 'task' | 'followup')
    const type = SECTION_TYPE[itemType]
    const ofType = sections.filter((s) => s.section_type === type)
    const name = item.section_name.trim().toLowerCase()
    const section = ofType.find((s) => s.section_name.trim().toLowerCase() === name) ?? ofType[0]
    if (!section) continue
    values.push({
      section_id: section.id,
      user_id: userId,
      content: item.content,
      project_id: item.project_id,
      item_type: itemType,
      assigned_to_team_member_id: item.assigned_to_team_member_id,
      carried_from_item_id: item.id,
      is_ask: ask,
      // A reader's follow-up stays private (and included or not) in its copies.
      from_reader: Number(item.from_reader) === 1,
      include_in_brief: Number(item.include_in_brief) === 1,
      sort_order: LAST_IN_SECTION,
    })
  }
  if (!values.length) return 0
  // A report holds at most what the one it comes from held; the account may be full (403).
  await assertAccountItemRoom(db, userId, values.length)
  // The unique index section_items_carried_once: an item another carry-over copied meanwhile (on
  // any instance) is skipped, never copied twice. In chunks, giving the event loop back between
  // them: a report of thousands of open items was one statement holding the loop ~0.5 s.
  const slices = timeSlices()
  let inserted = 0
  for (let i = 0; i < values.length; i += CARRY_CHUNK) {
    await slices.pause()
    inserted += (
      await db.orm
        .insert(sectionItems)
        .values(values.slice(i, i + CARRY_CHUNK))
        .onConflictDoNothing()
        .returning({ id: sectionItems.id })
    ).length
  }
  return inserted
}
