// The steps of an account import inside its transaction, one per kind of object restored.
import { asc, eq } from 'drizzle-orm'
import type { Engine } from '../../db'
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
  userSettings,
} from '../../db/schema'
import type { timeSlices } from '../../lib/time-slices'
import type { ImportExportModel } from './model'
import { CHUNK, chunks } from './report-import'

type Doc = ImportExportModel.document
type DocReport = Doc['reports'][number]
type DocSection = DocReport['sections'][number]

export const newImportCounts = () => ({
  settings: false,
  sectionTemplates: 0,
  projects: 0,
  teamMembers: 0,
  talkingPoints: 0,
  tasks: 0,
  followups: 0,
  reports: 0,
  sections: 0,
  items: 0,
  skippedReports: 0,
})
export type ImportCounts = ReturnType<typeof newImportCounts>

/** What every step shares: the transaction, the account, the counts and the document's ids remapped. */
export type ImportRun = {
  tx: Engine['orm']
  userId: number
  slices: ReturnType<typeof timeSlices>
  now: string
  counts: ImportCounts
  templateId: Map<number, number>
  projectId: Map<number, number>
  metricId: Map<number, number>
  memberId: Map<number, number>
}

const lower = (s: string) => s.trim().toLowerCase()

/** Existing objects by their matching key, first one wins (one pass, no scan per element). */
function firstBy<T>(rows: T[], key: (row: T) => string) {
  const map = new Map<string, T>()
  for (const row of rows) if (!map.has(key(row))) map.set(key(row), row)
  return map
}

/** The document's project id as this account's, or null. */
export const mapProject = (run: ImportRun, id: number | null | undefined) =>
  id == null ? null : (run.projectId.get(id) ?? null)

/** The document's team member id as this account's, or null. */
export const mapMember = (run: ImportRun, id: number | null | undefined) =>
  id == null ? null : (run.memberId.get(id) ?? null)

/** Settings are replaced; recipients and webhooks come already cleaned (or null to keep them). */
export async function importSettings(
  run: ImportRun,
  settingsDoc: NonNullable<Doc['settings']>,
  recipients: string[] | null,
  webhooks: string[] | null,
) {
  const { report_recipients: _, webhook_urls: __, ...settings } = settingsDoc
  await run.tx
    .update(userSettings)
    .set({
      ...settings,
      ...(recipients && { report_recipients: JSON.stringify(recipients) }),
      ...(webhooks && { webhook_urls: JSON.stringify(webhooks) }),
      updated_at: run.now,
    })
    .where(eq(userSettings.user_id, run.userId))
  run.counts.settings = true
}

/** Section templates, reused by name and type. */
export async function importTemplates(run: ImportRun, list: Doc['section_templates']) {
  const { tx, userId } = run
  const templateKey = (t: { name: string; type: string }) => `${t.type} ${lower(t.name)}`
  const existing = firstBy(
    await tx
      .select()
      .from(sectionTemplates)
      .where(eq(sectionTemplates.user_id, userId))
      .orderBy(asc(sectionTemplates.id)),
    templateKey,
  )
  for await (const t of run.slices.each(list)) {
    const found = existing.get(templateKey(t))
    if (found) {
      run.templateId.set(t.id, found.id)
      continue
    }
    const [row] = await tx
      .insert(sectionTemplates)
      .values({
        user_id: userId,
        name: t.name.trim() || t.name,
        type: t.type,
        sort_order: t.sort_order,
      })
      .returning({ id: sectionTemplates.id })
    run.templateId.set(t.id, row.id)
    run.counts.sectionTemplates++
  }
}

/** Projects, reused by name. */
export async function importProjects(run: ImportRun, list: Doc['projects']) {
  const { tx, userId } = run
  const existing = firstBy(
    await tx.select().from(projects).where(eq(projects.user_id, userId)).orderBy(asc(projects.id)),
    (p) => lower(p.name),
  )
  for await (const p of run.slices.each(list)) {
    const found = existing.get(lower(p.name))
    if (found) {
      run.projectId.set(p.id, found.id)
      continue
    }
    const [row] = await tx
      .insert(projects)
      .values({
        user_id: userId,
        uuid: crypto.randomUUID(),
        name: p.name.trim() || p.name,
        status: p.status,
      })
      .returning()
    existing.set(lower(row.name), row)
    run.projectId.set(p.id, row.id)
    run.counts.projects++
  }
}

/** Metrics: an existing metric of the same name is reused (its definition kept). */
export async function importMetrics(run: ImportRun, list: NonNullable<Doc['metrics']>) {
  const { tx, userId } = run
  const existing = firstBy(
    await tx.select().from(metrics).where(eq(metrics.user_id, userId)).orderBy(asc(metrics.id)),
    (m) => lower(m.name),
  )
  for (const m of list) {
    const found = existing.get(lower(m.name))
    if (found) {
      run.metricId.set(m.id, found.id)
      continue
    }
    const [row] = await tx
      .insert(metrics)
      .values({
        user_id: userId,
        name: m.name.trim() || m.name,
        unit: m.unit?.trim() || null,
        direction: m.direction,
        target: Number.isFinite(m.target) ? m.target : null,
        sort_order: m.sort_order,
      })
      .returning()
    existing.set(lower(row.name), row)
    run.metricId.set(m.id, row.id)
  }
}

const entryTables = [
  ['talking_points', talkingPoints, 'talkingPoints'],
  ['tasks', memberTasks, 'tasks'],
  ['followups', memberFollowups, 'followups'],
] as const

/** Team members, reused by e-mail, each with its talking points, tasks and follow-ups. */
export async function importMembers(run: ImportRun, list: Doc['team_members']) {
  const { tx, userId, slices } = run
  const existing = firstBy(
    await tx
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.user_id, userId))
      .orderBy(asc(teamMembers.id)),
    (m) => lower(m.email),
  )
  for await (const m of slices.each(list)) {
    // A member without an e-mail is never the same as another one without.
    let id = m.email ? existing.get(lower(m.email))?.id : undefined
    if (id === undefined) {
      const [row] = await tx
        .insert(teamMembers)
        .values({
          user_id: userId,
          uuid: crypto.randomUUID(),
          name: m.name,
          title: m.title ?? null,
          email: m.email,
        })
        .returning()
      existing.set(lower(row.email), row)
      id = row.id
      run.counts.teamMembers++
    }
    run.memberId.set(m.id, id)
    const memberRowId = id
    for (const [field, table, count] of entryTables) {
      const entries = m[field]
      if (!entries.length) continue
      for await (const part of slices.each(chunks(entries)))
        await tx.insert(table).values(
          part.map((e) => ({
            team_member_id: memberRowId,
            user_id: userId,
            project_id: mapProject(run, e.project_id),
            content: e.content.trim(),
            is_completed: e.is_completed,
            ...(e.created_at ? { created_at: e.created_at } : {}),
          })),
        )
      run.counts[count] += entries.length
    }
  }
}

/** Reports, skipping weeks the account already has. */
export async function importReports(run: ImportRun, list: Doc['reports']) {
  const existingWeeks = new Set(
    (
      await run.tx
        .select({ week: reports.week_start_date })
        .from(reports)
        .where(eq(reports.user_id, run.userId))
    ).map((r) => r.week),
  )
  for await (const r of run.slices.each(list)) {
    if (existingWeeks.has(r.week_start_date)) {
      run.counts.skippedReports++
      continue
    }
    await importReport(run, r)
  }
}

/** One report: its row, then its health, metric values, sharing and editions, then its sections. */
async function importReport(run: ImportRun, r: DocReport) {
  const [report] = await run.tx
    .insert(reports)
    .values({
      user_id: run.userId,
      uuid: crypto.randomUUID(),
      week_start_date: r.week_start_date,
      title: r.title,
      summary: r.summary,
      // A model name only beside a summary (as PUT /api/reports keeps it).
      summary_model: r.summary ? (r.summary_model ?? null) : null,
      is_submitted: r.is_submitted,
      sent_date: r.is_submitted ? r.sent_date : null,
      ...(r.created_at ? { created_at: r.created_at } : {}),
    })
    .returning({ id: reports.id })
  run.counts.reports++
  await importReportHealthAndMetrics(run, report.id, r)
  await importReportSharing(run, report.id, r)
  for await (const [index, s] of run.slices.each(r.sections.entries()))
    await importSection(run, report.id, index, s)
}

async function importReportHealthAndMetrics(run: ImportRun, reportId: number, r: DocReport) {
  const { tx, userId } = run
  if (r.project_health?.length)
    await tx.insert(projectHealth).values(
      r.project_health.flatMap((h) => {
        const project = mapProject(run, h.project_id)
        return project == null
          ? []
          : [
              {
                user_id: userId,
                report_id: reportId,
                project_id: project,
                health: h.health,
                note: h.note,
              },
            ]
      }),
    )
  if (r.metric_values?.length)
    await tx.insert(metricValues).values(
      r.metric_values.map((v) => ({
        user_id: userId,
        report_id: reportId,
        metric_id: run.metricId.get(v.metric_id) as number,
        value: v.value,
      })),
    )
}

/** A report's questions, acknowledgements and sent editions. */
async function importReportSharing(run: ImportRun, reportId: number, r: DocReport) {
  const { tx, userId } = run
  if (r.questions?.length)
    await tx.insert(shareQuestions).values(
      r.questions.map((q) => ({
        user_id: userId,
        report_id: reportId,
        name: q.name,
        text: q.text,
        answer: q.answer,
        answered_at: q.answered_at ?? null,
        // Imported questions were read where they were asked.
        seen_at: run.now,
        ...(q.created_at ? { created_at: q.created_at } : {}),
      })),
    )
  if (r.acknowledgements?.length)
    await tx.insert(shareAcknowledgements).values(
      r.acknowledgements.map((a) => ({
        user_id: userId,
        report_id: reportId,
        name: a.name,
        ...(a.created_at ? { created_at: a.created_at } : {}),
      })),
    )
  if (r.editions?.length)
    await tx.insert(reportEditions).values(
      r.editions.map((e) => ({
        user_id: userId,
        report_id: reportId,
        number: e.number,
        sent_at: e.sent_at,
        note: e.note,
        brief: JSON.stringify(e.brief),
      })),
    )
}

/** One section of a report and its items, inserted in chunks. */
async function importSection(run: ImportRun, reportId: number, index: number, s: DocSection) {
  const { tx, userId } = run
  const [section] = await tx
    .insert(reportSections)
    .values({
      report_id: reportId,
      user_id: userId,
      section_template_id:
        s.section_template_id == null ? null : (run.templateId.get(s.section_template_id) ?? null),
      section_name: s.section_name,
      section_type: s.section_type,
      content: s.content,
      sort_order: index,
    })
    .returning({ id: reportSections.id })
  run.counts.sections++
  if (!s.items.length) return
  for await (const [n, part] of run.slices.each(chunks(s.items).entries()))
    await tx.insert(sectionItems).values(
      part.map((i, k) => ({
        section_id: section.id,
        user_id: userId,
        content: i.content.trim(),
        is_completed: i.is_completed,
        item_type: i.item_type,
        project_id: mapProject(run, i.project_id),
        assigned_to_team_member_id: mapMember(run, i.assigned_to_team_member_id),
        source_author_name: i.source_author_name?.trim() || null,
        is_ask: i.is_ask ?? false,
        ask_closed_at: i.is_ask ? (i.ask_closed_at ?? null) : null,
        from_reader: i.from_reader ?? false,
        include_in_brief: i.include_in_brief ?? false,
        sort_order: n * CHUNK + k,
        ...(i.created_at ? { created_at: i.created_at } : {}),
      })),
    )
  run.counts.items += s.items.length
}
