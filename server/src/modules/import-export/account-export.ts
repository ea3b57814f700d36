// The whole account as one JSON document (GET /api/export), written as a stream.
import { and, asc, eq, gt, gte, inArray, or } from 'drizzle-orm'
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
import { timeSlices } from '../../lib/time-slices'
import { exportDecisions } from '../decisions/transfer'
import { getSettings } from '../settings/service'
import { EXPORT_FORMAT, EXPORT_VERSION } from './model'

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
 * rows' own and are only used to link the document's parts together; import remaps them. Written
 * in pieces: the reports, which grow with the account (items, editions), are read a few at a time
 * and each written as it is read, giving the event loop back between pieces, so the largest
 * account never holds the server nor the whole document in memory at once. The route sends the
 * pieces as they come (lib/sliced-text.ts streamedResponse: gzipped off the loop).
 */
export function exportAccountChunks(ctx: AppContext, userId: number): AsyncGenerator<string> {
  return accountChunks(ctx, userId)
}

/** Reports read per page; each section's items in pages of ITEM_PAGE rows. */
const REPORT_PAGE = 20
const ITEM_PAGE = 500

async function* accountChunks(ctx: AppContext, userId: number): AsyncGenerator<string> {
  const read: Reader = {
    db: ctx.db.orm,
    mine: (table) => eq(table.user_id as never, userId),
  }
  const slices = timeSlices()
  const settings = await getSettings(ctx, userId)
  const head = JSON.stringify({
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
  })
  // Team members one at a time with their entries (up to 3 × 1,000 each).
  yield `${head.slice(0, -1)},"team_members":[`
  const members = await read.db
    .select()
    .from(teamMembers)
    .where(read.mine(teamMembers))
    .orderBy(asc(teamMembers.id))
  for (const [k, m] of members.entries()) {
    await slices.pause()
    yield `${k ? ',' : ''}${JSON.stringify(await memberOut(read, m))}`
  }
  const rest = JSON.stringify({
    metrics: await metricsOut(read),
    decisions: await exportDecisions(ctx.db, userId),
  })
  yield `],${rest.slice(1, -1)},"reports":[`
  let first = true
  for (let after = ''; ; ) {
    const page = await read.db
      .select()
      .from(reports)
      .where(and(read.mine(reports), gt(reports.week_start_date, after)))
      .orderBy(asc(reports.week_start_date))
      .limit(REPORT_PAGE)
    if (!page.length) break
    after = page[page.length - 1].week_start_date
    const parts = await reportParts(
      read,
      page.map((r) => r.id),
    )
    for (const r of page) {
      await slices.pause()
      yield* reportOut(read, r, parts, first, slices)
      first = false
    }
  }
  yield ']}'
}
/** A team member with their talking points, tasks and follow-ups. */
async function memberOut({ db, mine }: Reader, m: typeof teamMembers.$inferSelect) {
  // The three tables have one shape (schema.ts, memberEntry): one query for each.
  const of = <T extends typeof talkingPoints>(table: T) =>
    db
      .select()
      .from(table)
      .where(and(mine(table), eq(table.team_member_id, m.id)))
      .orderBy(asc(table.id))
  return {
    id: m.id,
    uuid: m.uuid,
    name: m.name,
    title: m.title,
    email: m.email,
    talking_points: (await of(talkingPoints)).map(entryOut),
    tasks: (await of(memberTasks as unknown as typeof talkingPoints)).map(entryOut),
    followups: (await of(memberFollowups as unknown as typeof talkingPoints)).map(entryOut),
  }
}

/** The small parts of a page of reports (health, sharing, editions' numbers, metric values). */
async function reportParts({ db, mine }: Reader, reportIds: number[]) {
  const ofPage = <T extends { report_id: unknown; user_id: unknown }>(table: T) =>
    and(mine(table), inArray(table.report_id as never, reportIds))
  const healthByReport = Map.groupBy(
    await db
      .select()
      .from(projectHealth)
      .where(ofPage(projectHealth))
      .orderBy(asc(projectHealth.id)),
    (h) => h.report_id,
  )
  const questionsByReport = Map.groupBy(
    await db
      .select()
      .from(shareQuestions)
      .where(ofPage(shareQuestions))
      .orderBy(asc(shareQuestions.id)),
    (q) => q.report_id,
  )
  // Editions without their briefs: each brief is read and written on its own (reportOut).
  const editionsByReport = Map.groupBy(
    await db
      .select({
        id: reportEditions.id,
        report_id: reportEditions.report_id,
        number: reportEditions.number,
        sent_at: reportEditions.sent_at,
        note: reportEditions.note,
      })
      .from(reportEditions)
      .where(ofPage(reportEditions))
      .orderBy(asc(reportEditions.number)),
    (e) => e.report_id,
  )
  const metricValuesByReport = Map.groupBy(
    await db.select().from(metricValues).where(ofPage(metricValues)).orderBy(asc(metricValues.id)),
    (v) => v.report_id,
  )
  const acksByReport = Map.groupBy(
    await db
      .select()
      .from(shareAcknowledgements)
      .where(ofPage(shareAcknowledgements))
      .orderBy(asc(shareAcknowledgements.id)),
    (a) => a.report_id,
  )
  return {
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

/**
 * One report of the document, in pieces: its fields, then each edition (its frozen brief written
 * as stored: JSON the server made), then its sections with their items.
 */
async function* reportOut(
  { db }: Reader,
  r: typeof reports.$inferSelect,
  parts: Awaited<ReturnType<typeof reportParts>>,
  first: boolean,
  slices: ReturnType<typeof timeSlices>,
): AsyncGenerator<string> {
  const fields = JSON.stringify({
    uuid: r.uuid,
    week_start_date: r.week_start_date,
    title: r.title,
    summary: r.summary,
    // The model that drafted the summary, when a drafted one was kept (reports.summary_model).
    summary_model: r.summary_model,
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
  })
  // What its readers got at each Send and update, as frozen then.
  yield `${first ? '' : ','}${fields.slice(0, -1)},"editions":[`
  let firstEdition = true
  for (const e of parts.editionsByReport.get(r.id) ?? []) {
    await slices.pause()
    const [{ brief }] = await db
      .select({ brief: reportEditions.brief })
      .from(reportEditions)
      .where(eq(reportEditions.id, e.id))
    const meta = JSON.stringify({ number: e.number, sent_at: e.sent_at, note: e.note })
    yield `${firstEdition ? '' : ','}${meta.slice(0, -1)},"brief":${brief}}`
    firstEdition = false
  }
  const sections = await db
    .select()
    .from(reportSections)
    .where(eq(reportSections.report_id, r.id))
    .orderBy(asc(reportSections.sort_order), asc(reportSections.id))
  yield '],"sections":['
  for (const [k, s] of sections.entries()) {
    const fields = JSON.stringify({
      section_template_id: s.section_template_id,
      section_name: s.section_name,
      section_type: s.section_type,
      content: s.content,
    })
    yield `${k ? ',' : ''}${fields.slice(0, -1)},"items":[`
    // The section's items in its order, in pages read by (sort_order, id) on its index.
    let last: { sort_order: number; id: number } | undefined
    for (;;) {
      await slices.pause()
      const page = await db
        .select()
        .from(sectionItems)
        .where(
          and(
            eq(sectionItems.section_id, s.id),
            eq(sectionItems.user_id, r.user_id),
            // Where the last page ended: a range of the section's index, then the ties.
            last ? gte(sectionItems.sort_order, last.sort_order) : undefined,
            last
              ? or(
                  gt(sectionItems.sort_order, last.sort_order),
                  and(eq(sectionItems.sort_order, last.sort_order), gt(sectionItems.id, last.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(sectionItems.sort_order), asc(sectionItems.id))
        .limit(ITEM_PAGE)
      if (page.length) {
        const items = JSON.stringify(page.map(itemOut))
        yield `${last ? ',' : ''}${items.slice(1, -1)}`
        last = page[page.length - 1]
      }
      if (page.length < ITEM_PAGE) break
    }
    yield ']}'
  }
  yield ']}'
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
