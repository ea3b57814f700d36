import { and, desc, eq, gte, lte, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { isUniqueViolation, LAST_IN_SECTION } from '../../db/engine'
import { reports, sectionItems } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest, NotFound } from '../../lib/errors'
import { itemRoom } from '../../lib/limits'
import { isoDate } from '../../lib/time'
import { addDays, isValidIsoDate, type Weekday, weekStart } from '../../lib/weeks'
import { briefItem, sentBrief as sentBriefOf } from '../project-health/sent-briefs'
import { reportProjectHealth } from '../project-health/service'
import { findReport } from '../reports/read/find'
import { namedReport } from '../reports/read/named'
import type { Brief } from '../sending/brief/build'
import { getSettings } from '../settings/service'
import type { TeamModel } from './model'

type LinkedMember = {
  uuid: string
  name: string
  title: string | null
  linked_user_id: number
}

/** The signed-in user's team members who have linked their own account. */
export const linkedMembers = (ctx: AppContext, userId: number) =>
  ctx.db.rows<LinkedMember>(sql`
    SELECT uuid, name, title, linked_user_id FROM team_members
    WHERE user_id = ${userId} AND linked_user_id IS NOT NULL AND linked_user_id <> ${userId}
    ORDER BY name, id`)

/**
 * GET /api/team-updates?week=YYYY-MM-DD: for each linked team member, their sent report of that
 * week (the one whose week starts within the 7 days from `week`, so a member whose week starts on
 * another day still lines up), read-only, or null. Drafts never appear. Without `week`, the
 * reader's current week.
 */
export async function teamUpdates(ctx: AppContext, userId: number, week?: string) {
  if (week !== undefined && !isValidIsoDate(week)) {
    throw new BadRequest('week must be a date (YYYY-MM-DD)')
  }
  const from =
    week ?? weekStart(isoDate(), (await getSettings(ctx, userId)).weekly_start_day as Weekday)
  const to = addDays(from, 6)
  const members = await linkedMembers(ctx, userId)
  const updates = []
  for (const member of members) {
    const [report] = await ctx.db.orm
      .select()
      .from(reports)
      .where(
        and(
          eq(reports.user_id, member.linked_user_id),
          eq(reports.is_submitted, true),
          gte(reports.week_start_date, from),
          lte(reports.week_start_date, to),
        ),
      )
      .orderBy(desc(reports.week_start_date))
      .limit(1)
    let shown = null
    if (report) {
      // What the member sent: the latest edition's brief (sent.ts), never the live report.
      const brief = await sentBriefOf<Brief>(ctx.db, report.id)
      shown = brief ? await fromEdition(ctx, report, brief) : await fromLive(ctx, report)
    }
    updates.push({
      team_member_uuid: member.uuid,
      name: member.name,
      title: member.title,
      report: shown,
    })
  }
  // Which of these items the reader pulled already: one lookup for the items shown.
  const shownItems = updates.flatMap((u) => u.report?.sections.flatMap((s) => s.items) ?? [])
  if (shownItems.length) {
    const pulled = new Set(
      (
        await ctx.db.rows<{ source_item_id: number }>(sql`
          SELECT source_item_id FROM section_items
          WHERE user_id = ${userId} AND source_item_id IN (${sql.join(
            shownItems.map((i) => sql`${i.id}`),
            sql`, `,
          )})`)
      ).map((r) => Number(r.source_item_id)),
    )
    for (const item of shownItems) item.pulled = pulled.has(item.id)
  }
  return { week_start_date: from, updates }
}

type MemberReport = typeof reports.$inferSelect

/** A sent report as its latest edition froze it (title, summary, items, health table). */
async function fromEdition(ctx: AppContext, report: MemberReport, brief: Brief) {
  // The brief carries no item type: an item keeps the type it had, else its section's.
  const ids = brief.sections.flatMap((s) => s.items.map((i) => Number(i.id)))
  const types = new Map<number, Source['item_type']>()
  if (ids.length) {
    const rows = await ctx.db.rows<{ id: number; item_type: Source['item_type'] }>(sql`
      SELECT id, item_type FROM section_items WHERE user_id = ${report.user_id} AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`)
    for (const row of rows) types.set(Number(row.id), row.item_type)
  }
  return {
    uuid: report.uuid,
    week_start_date: report.week_start_date,
    title: brief.title,
    summary: brief.summary,
    sent_date: brief.sent_date ?? report.sent_date,
    sections: brief.sections.map((s) => ({
      id: s.id,
      section_name: s.section_name,
      section_type: s.section_type,
      content: s.content,
      items: s.items.map((i) => ({
        id: i.id,
        content: i.content,
        is_completed: i.is_completed,
        item_type: types.get(Number(i.id)) ?? TYPE_OF_SECTION[s.section_type],
        project_name: i.project_name,
        pulled: false,
      })),
    })),
    // The table's own fields only (an imported edition's brief may lack the project's id).
    project_health: brief.project_health.map((row) => ({
      project_uuid: row.project_uuid ?? '',
      project_name: row.project_name,
      health: row.health,
      note: row.note,
      previous_health: row.previous_health,
      open_count: row.open_count,
      completed_count: row.completed_count,
    })),
  }
}

/** A report sent before editions existed: the live report is the only form there is. */
async function fromLive(ctx: AppContext, report: MemberReport) {
  const { report: named } = await namedReport(ctx, report)
  return {
    uuid: report.uuid,
    week_start_date: report.week_start_date,
    title: report.title,
    summary: report.summary,
    sent_date: report.sent_date,
    // Names only, as on a shared page: no e-mail, nothing of the member's account but this.
    sections: named.sections.map((s) => ({
      id: s.id,
      section_name: s.section_name,
      section_type: s.section_type,
      content: s.content,
      items: s.items.map((i) => ({
        id: i.id,
        content: i.content,
        is_completed: i.is_completed,
        item_type: i.item_type,
        project_name: i.projectName,
        pulled: false,
      })),
    })),
    project_health: await reportProjectHealth(ctx.db, report),
  }
}

type Source = {
  id: number
  content: string
  is_completed: unknown
  item_type: 'standard' | 'task' | 'followup'
  section_type: 'standard' | 'tasks' | 'followups'
  author_name: string
  project_name: string | null
  report_id: number
}

const TYPE_OF_SECTION = { standard: 'standard', tasks: 'task', followups: 'followup' } as const

/**
 * POST /api/reports/{uuid}/pull {source_item_id}: copies an item of a linked team member's sent
 * report into this report (the first section of the same type, else the first section), with
 * `source_item_id` and `source_author_name` ('from Tom's report'). The same source twice answers
 * the item made the first time (`created: false`); the source is never changed. A project of the
 * same name in the reader's account is set on the copy.
 */
export async function pullItem(
  ctx: AppContext,
  userId: number,
  reportUuid: string,
  input: TeamModel.pull,
) {
  const report = await findReport(ctx, userId, reportUuid)
  const source = await ctx.db.row<Source>(sql`
    SELECT i.id, i.content, i.is_completed, i.item_type, s.section_type, m.name AS author_name,
      p.name AS project_name, r.id AS report_id
    FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    JOIN reports r ON r.id = s.report_id
    JOIN team_members m ON m.linked_user_id = r.user_id AND m.user_id = ${userId}
    LEFT JOIN projects p ON p.id = i.project_id
    WHERE i.id = ${input.source_item_id} AND r.is_submitted = 1 AND r.user_id <> ${userId}
    ORDER BY m.id LIMIT 1`)
  if (!source) throw new NotFound('Item not found')
  // What was sent: an item added after the Send is not pulled, an edited one as it was sent.
  const brief = await sentBriefOf<Brief>(ctx.db, source.report_id)
  if (brief) {
    const sent = briefItem(brief, source.id)
    if (!sent) throw new NotFound('Item not found')
    source.content = sent.content
    source.is_completed = sent.is_completed
    source.project_name = sent.project_name ?? null
  }
  const existing = async () => {
    const [row] = await ctx.db.orm
      .select()
      .from(sectionItems)
      .where(and(eq(sectionItems.user_id, userId), eq(sectionItems.source_item_id, source.id)))
      .limit(1)
    return row
  }
  const before = await existing()
  if (before) return { item: before, created: false }
  const section = await ctx.db.row<{ id: number; section_type: Source['section_type'] }>(sql`
    SELECT id, section_type FROM report_sections WHERE report_id = ${report.id}
    ORDER BY CASE WHEN section_type = ${source.section_type} THEN 0 ELSE 1 END, sort_order, id
    LIMIT 1`)
  if (!section) throw new BadRequest('Add a section to this report first')
  const project = source.project_name
    ? await ctx.db.row<{ id: number }>(sql`
        SELECT id FROM projects WHERE user_id = ${userId} AND lower(name) = lower(${source.project_name})
        ORDER BY CASE WHEN status = 'active' THEN 0 ELSE 1 END, id LIMIT 1`)
    : undefined
  const itemType =
    section.section_type === source.section_type
      ? source.item_type
      : TYPE_OF_SECTION[section.section_type]
  // A pulled item counts against the report's and the account's item limits (403 naming it).
  await itemRoom(ctx.db).take(userId, section.id)
  try {
    const [item] = await ctx.db.orm
      .insert(sectionItems)
      .values({
        section_id: section.id,
        user_id: userId,
        content: source.content,
        is_completed: source.is_completed === true || source.is_completed === 1,
        item_type: itemType,
        project_id: project?.id ?? null,
        source_item_id: source.id,
        source_author_name: source.author_name,
        sort_order: LAST_IN_SECTION,
      })
      .returning()
    await logActivity(ctx.db, {
      userId,
      action: 'team_item_pulled',
      entityType: 'report',
      entityId: report.uuid,
    })
    return { item, created: true }
  } catch (error) {
    // Pulled at the same moment by another request: that one's item is the answer.
    const raced = isUniqueViolation(error) ? await existing() : undefined
    if (raced) return { item: raced, created: false }
    throw error
  }
}
