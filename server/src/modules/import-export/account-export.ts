// The whole account as one JSON document (GET /api/export).
import { asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  memberFollowups,
  memberTasks,
  metrics,
  metricValues,
  projectHealth,
  projects,
  reportEditions,
  reportSections,
  reports,
  sectionItems,
  sectionTemplates,
  shareAcknowledgements,
  shareQuestions,
  talkingPoints,
  teamMembers,
} from '../../db/schema'
import { nowIso } from '../../lib/time'
import { exportDecisions } from '../decisions/transfer'
import { getSettings } from '../settings/service'
import { EXPORT_FORMAT, EXPORT_VERSION, type ImportExportModel } from './model'

// ---- Whole-account JSON export / import ----

const entryOut = (e: {
  content: string
  is_completed: boolean
  project_id: number | null
  created_at: string
}) => ({
  content: e.content,
  is_completed: e.is_completed,
  project_id: e.project_id,
  created_at: e.created_at,
})

/** The export's reads: the account's rows only. */
type Reader = {
  db: AppContext['db']['orm']
  mine: <T extends { user_id: unknown }>(table: T) => ReturnType<typeof eq>
}

/**
 * Every object the user owns, as one document (format 'cadence-export', version 1). Ids are the
 * rows' own and are only used to link the document's parts together; import remaps them.
 */
export async function exportAccount(
  ctx: AppContext,
  userId: number,
): Promise<ImportExportModel.document> {
  const read: Reader = {
    db: ctx.db.orm,
    mine: (table) => eq(table.user_id as never, userId),
  }
  const settings = await getSettings(ctx, userId)
  const byMember = await memberEntries(read)
  const parts = await reportParts(read)
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: nowIso(),
    settings: {
      report_frequency: settings.report_frequency,
      weekly_start_day: settings.weekly_start_day,
      weekly_end_day: settings.weekly_end_day,
      onboarding_complete: settings.onboarding_complete,
      carry_over: settings.carry_over,
      reminder_enabled: settings.reminder_enabled,
      team_reminder_enabled: settings.team_reminder_enabled,
      report_recipients: settings.report_recipients,
      webhook_urls: settings.webhook_urls,
      organisation_name: settings.organisation_name,
      email_attach_pdf: settings.email_attach_pdf,
      confidentiality_line: settings.confidentiality_line,
      paper_size: settings.paper_size,
    },
    ...(await templatesAndProjects(read)),
    team_members: await membersOut(read, byMember),
    metrics: await metricsOut(read),
    decisions: await exportDecisions(ctx.db, userId),
    reports: await reportsOut(read, parts),
  }
}

/** Talking points, tasks and follow-ups, by team member. */
async function memberEntries({ db, mine }: Reader) {
  const entries = {
    talking_points: await db
      .select()
      .from(talkingPoints)
      .where(mine(talkingPoints))
      .orderBy(asc(talkingPoints.id)),
    tasks: await db
      .select()
      .from(memberTasks)
      .where(mine(memberTasks))
      .orderBy(asc(memberTasks.id)),
    followups: await db
      .select()
      .from(memberFollowups)
      .where(mine(memberFollowups))
      .orderBy(asc(memberFollowups.id)),
  }
  const ofMember = (list: typeof entries.tasks) => Map.groupBy(list, (e) => e.team_member_id)
  return {
    talking_points: ofMember(entries.talking_points),
    tasks: ofMember(entries.tasks),
    followups: ofMember(entries.followups),
  }
}

/** The parts of every report (sections, items, health, sharing, editions, metric values), by owner. */
async function reportParts({ db, mine }: Reader) {
  const sections = await db
    .select()
    .from(reportSections)
    .where(mine(reportSections))
    .orderBy(asc(reportSections.sort_order), asc(reportSections.id))
  const items = await db
    .select()
    .from(sectionItems)
    .where(mine(sectionItems))
    .orderBy(asc(sectionItems.sort_order), asc(sectionItems.id))
  const itemsBySection = Map.groupBy(items, (i) => i.section_id)
  const sectionsByReport = Map.groupBy(sections, (s) => s.report_id)
  const healthByReport = Map.groupBy(
    await db.select().from(projectHealth).where(mine(projectHealth)).orderBy(asc(projectHealth.id)),
    (h) => h.report_id,
  )
  const questionsByReport = Map.groupBy(
    await db
      .select()
      .from(shareQuestions)
      .where(mine(shareQuestions))
      .orderBy(asc(shareQuestions.id)),
    (q) => q.report_id,
  )
  const editionsByReport = Map.groupBy(
    await db
      .select()
      .from(reportEditions)
      .where(mine(reportEditions))
      .orderBy(asc(reportEditions.number)),
    (e) => e.report_id,
  )
  const metricValuesByReport = Map.groupBy(
    await db.select().from(metricValues).where(mine(metricValues)).orderBy(asc(metricValues.id)),
    (v) => v.report_id,
  )
  const acksByReport = Map.groupBy(
    await db
      .select()
      .from(shareAcknowledgements)
      .where(mine(shareAcknowledgements))
      .orderBy(asc(shareAcknowledgements.id)),
    (a) => a.report_id,
  )
  return {
    itemsBySection,
    sectionsByReport,
    healthByReport,
    questionsByReport,
    editionsByReport,
    metricValuesByReport,
    acksByReport,
  }
}

async function templatesAndProjects({ db, mine }: Reader) {
  return {
    section_templates: await db
      .select({
        id: sectionTemplates.id,
        name: sectionTemplates.name,
        type: sectionTemplates.type,
        sort_order: sectionTemplates.sort_order,
      })
      .from(sectionTemplates)
      .where(mine(sectionTemplates))
      .orderBy(asc(sectionTemplates.sort_order), asc(sectionTemplates.id)),
    projects: await db
      .select({
        id: projects.id,
        uuid: projects.uuid,
        name: projects.name,
        status: projects.status,
        created_at: projects.created_at,
      })
      .from(projects)
      .where(mine(projects))
      .orderBy(asc(projects.id)),
  }
}

async function membersOut(
  { db, mine }: Reader,
  byMember: Awaited<ReturnType<typeof memberEntries>>,
) {
  return (
    await db.select().from(teamMembers).where(mine(teamMembers)).orderBy(asc(teamMembers.id))
  ).map((m) => ({
    id: m.id,
    uuid: m.uuid,
    name: m.name,
    title: m.title,
    email: m.email,
    talking_points: (byMember.talking_points.get(m.id) ?? []).map(entryOut),
    tasks: (byMember.tasks.get(m.id) ?? []).map(entryOut),
    followups: (byMember.followups.get(m.id) ?? []).map(entryOut),
  }))
}

async function metricsOut({ db, mine }: Reader) {
  return await db
    .select({
      id: metrics.id,
      name: metrics.name,
      unit: metrics.unit,
      direction: metrics.direction,
      target: metrics.target,
      sort_order: metrics.sort_order,
    })
    .from(metrics)
    .where(mine(metrics))
    .orderBy(asc(metrics.sort_order), asc(metrics.id))
}

async function reportsOut({ db, mine }: Reader, parts: Awaited<ReturnType<typeof reportParts>>) {
  return (
    await db.select().from(reports).where(mine(reports)).orderBy(asc(reports.week_start_date))
  ).map((r) => ({
    uuid: r.uuid,
    week_start_date: r.week_start_date,
    title: r.title,
    summary: r.summary,
    is_submitted: r.is_submitted,
    sent_date: r.sent_date,
    created_at: r.created_at,
    project_health: (parts.healthByReport.get(r.id) ?? []).map((h) => ({
      project_id: h.project_id,
      health: h.health,
      note: h.note,
    })),
    questions: (parts.questionsByReport.get(r.id) ?? []).map((q) => ({
      name: q.name,
      text: q.text,
      answer: q.answer,
      answered_at: q.answered_at,
      created_at: q.created_at,
    })),
    acknowledgements: (parts.acksByReport.get(r.id) ?? []).map((a) => ({
      name: a.name,
      created_at: a.created_at,
    })),
    metric_values: (parts.metricValuesByReport.get(r.id) ?? []).map((v) => ({
      metric_id: v.metric_id,
      value: v.value,
    })),
    // What its readers got at each Send and update, as frozen then.
    editions: (parts.editionsByReport.get(r.id) ?? []).map((e) => ({
      number: e.number,
      sent_at: e.sent_at,
      note: e.note,
      brief: JSON.parse(e.brief),
    })),
    sections: (parts.sectionsByReport.get(r.id) ?? []).map((s) => ({
      section_template_id: s.section_template_id,
      section_name: s.section_name,
      section_type: s.section_type,
      content: s.content,
      items: (parts.itemsBySection.get(s.id) ?? []).map(itemOut),
    })),
  }))
}

const itemOut = (i: typeof sectionItems.$inferSelect) => ({
  content: i.content,
  is_completed: i.is_completed,
  item_type: i.item_type,
  project_id: i.project_id,
  assigned_to_team_member_id: i.assigned_to_team_member_id,
  ...(i.source_author_name ? { source_author_name: i.source_author_name } : {}),
  ...(i.is_ask ? { is_ask: true, ask_closed_at: i.ask_closed_at } : {}),
  // A reader's follow-up stays private after an import.
  ...(i.from_reader ? { from_reader: true, include_in_brief: i.include_in_brief } : {}),
  created_at: i.created_at,
})
