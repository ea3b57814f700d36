// That JSON document restored into the signed-in account (POST /api/import), in one transaction.
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
  userSettings,
} from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest, PayloadTooLarge } from '../../lib/errors'
import { assertAccountWithinLimits } from '../../lib/limits'
import { nowIso } from '../../lib/time'
import { nextTurn, timeSlices } from '../../lib/time-slices'
import { isValidIsoDate } from '../../lib/weeks'
import { checkDecisions, importDecisions } from '../decisions/transfer'
import { cleanWebhookUrls } from '../delivery-queue/chat-urls'
import { assertMetricsWithinLimit } from '../report-metrics/service'
import { checkReportLimit } from '../reports/service'
import { cleanRecipients, getSettings } from '../settings/service'
import type { ImportExportModel } from './model'
import { CHUNK, chunks, IMPORT_LIMITS } from './report-import'

const tooLarge = (what: string) => new PayloadTooLarge(what)

/** Everything the schema cannot say: references resolve inside the document, dates are real. */
function checkDocument(doc: ImportExportModel.document) {
  const invalid = (why: string) => new BadRequest(`Invalid export document: ${why}`)
  const ids = (list: { id: number }[], what: string) => {
    const set = new Set<number>()
    for (const { id } of list) {
      if (set.has(id)) throw invalid(`duplicate ${what} id ${id}`)
      set.add(id)
    }
    return set
  }
  const projectIds = ids(doc.projects, 'project')
  const memberIds = ids(doc.team_members, 'team member')
  const templateIds = ids(doc.section_templates, 'section template')
  const metricIds = ids(doc.metrics ?? [], 'metric')
  let rows = doc.section_templates.length + doc.projects.length + doc.team_members.length
  rows += doc.decisions?.length ?? 0
  checkDecisions(doc.decisions ?? [], projectIds, memberIds)
  for (const m of doc.team_members)
    rows += m.talking_points.length + m.tasks.length + m.followups.length
  for (const r of doc.reports) {
    rows += 1 + r.sections.length
    rows += (r.project_health?.length ?? 0) + (r.questions?.length ?? 0)
    rows += (r.acknowledgements?.length ?? 0) + (r.editions?.length ?? 0)
    rows += r.metric_values?.length ?? 0
    if (new Set(r.editions?.map((e) => e.number)).size !== (r.editions?.length ?? 0))
      throw new BadRequest(`Report ${r.week_start_date} has two editions of one number`)
    for (const s of r.sections) rows += s.items.length
  }
  if (rows > IMPORT_LIMITS.documentRows)
    throw tooLarge(
      `At most ${IMPORT_LIMITS.documentRows.toLocaleString('en-US')} objects per import (this document has ${rows.toLocaleString('en-US')})`,
    )
  const project = (id: number | null | undefined) => {
    if (id != null && !projectIds.has(id)) throw invalid(`unknown project id ${id}`)
  }
  for (const m of doc.team_members)
    for (const e of [...m.talking_points, ...m.tasks, ...m.followups]) {
      if (!e.content.trim()) throw invalid('Content is required')
      project(e.project_id)
    }
  const weeks = new Set<string>()
  for (const r of doc.reports) {
    if (!isValidIsoDate(r.week_start_date))
      throw invalid(`bad week_start_date ${r.week_start_date}`)
    if (r.sent_date != null && !isValidIsoDate(r.sent_date))
      throw invalid(`bad sent_date ${r.sent_date}`)
    if (weeks.has(r.week_start_date)) throw invalid(`two reports for week ${r.week_start_date}`)
    weeks.add(r.week_start_date)
    const valued = new Set<number>()
    for (const v of r.metric_values ?? []) {
      if (!metricIds.has(v.metric_id)) throw invalid(`unknown metric id ${v.metric_id}`)
      if (valued.has(v.metric_id)) throw invalid(`two values for metric id ${v.metric_id}`)
      if (!Number.isFinite(v.value)) throw invalid(`bad value for metric id ${v.metric_id}`)
      valued.add(v.metric_id)
    }
    const healthOf = new Set<number>()
    for (const h of r.project_health ?? []) {
      project(h.project_id)
      if (healthOf.has(h.project_id)) throw invalid(`two healths for project id ${h.project_id}`)
      healthOf.add(h.project_id)
    }
    for (const s of r.sections) {
      if (s.section_template_id != null && !templateIds.has(s.section_template_id))
        throw invalid(`unknown section template id ${s.section_template_id}`)
      for (const i of s.items) {
        if (!i.content.trim()) throw invalid('Content is required')
        project(i.project_id)
        const member = i.assigned_to_team_member_id
        if (member != null && !memberIds.has(member))
          throw invalid(`unknown team member id ${member}`)
      }
    }
  }
}

const lower = (s: string) => s.trim().toLowerCase()

/**
 * Restores a document into the signed-in account in one transaction, all or nothing. Ids are
 * remapped; uuids are new. Existing objects are reused rather than duplicated: templates by name
 * and type, projects by name, team members by e-mail (case-insensitive). A report for a week the
 * account already has is skipped (`skippedReports`). Settings are replaced.
 */
export async function importAccount(
  ctx: AppContext,
  userId: number,
  doc: ImportExportModel.document,
) {
  // The body's parse and validation had their own turns; the document's checks get one too.
  await nextTurn()
  checkDocument(doc)
  await nextTurn()
  // Checked before anything changes: a bad address refuses the whole document.
  const recipients = doc.settings?.report_recipients
    ? cleanRecipients(doc.settings.report_recipients)
    : null
  const webhooks = doc.settings?.webhook_urls
    ? await cleanWebhookUrls(doc.settings.webhook_urls, ctx.config.resolveHost)
    : null
  const counts = {
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
  }
  // The admin's max_reports_per_user holds for imported reports too (weeks already there are
  // skipped, so they do not count).
  const weeksHere = new Set(
    (
      await ctx.db.orm
        .select({ week: reports.week_start_date })
        .from(reports)
        .where(eq(reports.user_id, userId))
    ).map((r) => r.week),
  )
  await checkReportLimit(
    ctx,
    userId,
    doc.reports.filter((r) => !weeksHere.has(r.week_start_date)).length,
  )
  // The defaults row exists for every user anyway (created on first read), so this is no write.
  await getSettings(ctx, userId)
  await ctx.db.tx(
    async (engine) => {
      const tx = engine.orm
      // Gives the event loop back between steps: other requests are answered meanwhile.
      const slices = timeSlices()
      const now = nowIso()
      if (doc.settings) {
        const { report_recipients: _, webhook_urls: __, ...settings } = doc.settings
        await tx
          .update(userSettings)
          .set({
            ...settings,
            ...(recipients && { report_recipients: JSON.stringify(recipients) }),
            ...(webhooks && { webhook_urls: JSON.stringify(webhooks) }),
            updated_at: now,
          })
          .where(eq(userSettings.user_id, userId))
        counts.settings = true
      }
      // Existing objects by their matching key, first one wins (one pass, no scan per element).
      const firstBy = <T>(rows: T[], key: (row: T) => string) => {
        const map = new Map<string, T>()
        for (const row of rows) if (!map.has(key(row))) map.set(key(row), row)
        return map
      }
      const templateId = new Map<number, number>()
      const templateKey = (t: { name: string; type: string }) => `${t.type} ${lower(t.name)}`
      const existingTemplates = firstBy(
        await tx
          .select()
          .from(sectionTemplates)
          .where(eq(sectionTemplates.user_id, userId))
          .orderBy(asc(sectionTemplates.id)),
        templateKey,
      )
      for await (const t of slices.each(doc.section_templates)) {
        const found = existingTemplates.get(templateKey(t))
        if (found) {
          templateId.set(t.id, found.id)
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
        templateId.set(t.id, row.id)
        counts.sectionTemplates++
      }
      const projectId = new Map<number, number>()
      const existingProjects = firstBy(
        await tx
          .select()
          .from(projects)
          .where(eq(projects.user_id, userId))
          .orderBy(asc(projects.id)),
        (p) => lower(p.name),
      )
      for await (const p of slices.each(doc.projects)) {
        const found = existingProjects.get(lower(p.name))
        if (found) {
          projectId.set(p.id, found.id)
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
        existingProjects.set(lower(row.name), row)
        projectId.set(p.id, row.id)
        counts.projects++
      }
      // Metrics: an existing metric of the same name is reused (its definition kept).
      const metricId = new Map<number, number>()
      const existingMetrics = firstBy(
        await tx.select().from(metrics).where(eq(metrics.user_id, userId)).orderBy(asc(metrics.id)),
        (m) => lower(m.name),
      )
      for (const m of doc.metrics ?? []) {
        const found = existingMetrics.get(lower(m.name))
        if (found) {
          metricId.set(m.id, found.id)
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
        existingMetrics.set(lower(row.name), row)
        metricId.set(m.id, row.id)
      }
      const mapProject = (id: number | null | undefined) =>
        id == null ? null : (projectId.get(id) ?? null)
      const memberId = new Map<number, number>()
      const existingMembers = firstBy(
        await tx
          .select()
          .from(teamMembers)
          .where(eq(teamMembers.user_id, userId))
          .orderBy(asc(teamMembers.id)),
        (m) => lower(m.email),
      )
      const entryTables = [
        ['talking_points', talkingPoints, 'talkingPoints'],
        ['tasks', memberTasks, 'tasks'],
        ['followups', memberFollowups, 'followups'],
      ] as const
      for await (const m of slices.each(doc.team_members)) {
        let id = existingMembers.get(lower(m.email))?.id
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
          existingMembers.set(lower(row.email), row)
          id = row.id
          counts.teamMembers++
        }
        memberId.set(m.id, id)
        for (const [field, table, count] of entryTables) {
          const list = m[field]
          if (!list.length) continue
          for await (const part of slices.each(chunks(list)))
            await tx.insert(table).values(
              part.map((e) => ({
                team_member_id: id,
                user_id: userId,
                project_id: mapProject(e.project_id),
                content: e.content.trim(),
                is_completed: e.is_completed,
                ...(e.created_at ? { created_at: e.created_at } : {}),
              })),
            )
          counts[count] += list.length
        }
      }
      const existingWeeks = new Set(
        (
          await tx
            .select({ week: reports.week_start_date })
            .from(reports)
            .where(eq(reports.user_id, userId))
        ).map((r) => r.week),
      )
      for await (const r of slices.each(doc.reports)) {
        if (existingWeeks.has(r.week_start_date)) {
          counts.skippedReports++
          continue
        }
        const [report] = await tx
          .insert(reports)
          .values({
            user_id: userId,
            uuid: crypto.randomUUID(),
            week_start_date: r.week_start_date,
            title: r.title,
            summary: r.summary,
            is_submitted: r.is_submitted,
            sent_date: r.is_submitted ? r.sent_date : null,
            ...(r.created_at ? { created_at: r.created_at } : {}),
          })
          .returning({ id: reports.id })
        counts.reports++
        if (r.project_health?.length)
          await tx.insert(projectHealth).values(
            r.project_health.flatMap((h) => {
              const project = mapProject(h.project_id)
              return project == null
                ? []
                : [
                    {
                      user_id: userId,
                      report_id: report.id,
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
              report_id: report.id,
              metric_id: metricId.get(v.metric_id) as number,
              value: v.value,
            })),
          )
        if (r.questions?.length)
          await tx.insert(shareQuestions).values(
            r.questions.map((q) => ({
              user_id: userId,
              report_id: report.id,
              name: q.name,
              text: q.text,
              answer: q.answer,
              answered_at: q.answered_at ?? null,
              // Imported questions were read where they were asked.
              seen_at: now,
              ...(q.created_at ? { created_at: q.created_at } : {}),
            })),
          )
        if (r.acknowledgements?.length)
          await tx.insert(shareAcknowledgements).values(
            r.acknowledgements.map((a) => ({
              user_id: userId,
              report_id: report.id,
              name: a.name,
              ...(a.created_at ? { created_at: a.created_at } : {}),
            })),
          )
        if (r.editions?.length)
          await tx.insert(reportEditions).values(
            r.editions.map((e) => ({
              user_id: userId,
              report_id: report.id,
              number: e.number,
              sent_at: e.sent_at,
              note: e.note,
              brief: JSON.stringify(e.brief),
            })),
          )
        for await (const [index, s] of slices.each(r.sections.entries())) {
          const [section] = await tx
            .insert(reportSections)
            .values({
              report_id: report.id,
              user_id: userId,
              section_template_id:
                s.section_template_id == null
                  ? null
                  : (templateId.get(s.section_template_id) ?? null),
              section_name: s.section_name,
              section_type: s.section_type,
              content: s.content,
              sort_order: index,
            })
            .returning({ id: reportSections.id })
          counts.sections++
          if (!s.items.length) continue
          for await (const [n, part] of slices.each(chunks(s.items).entries()))
            await tx.insert(sectionItems).values(
              part.map((i, k) => ({
                section_id: section.id,
                user_id: userId,
                content: i.content.trim(),
                is_completed: i.is_completed,
                item_type: i.item_type,
                project_id: mapProject(i.project_id),
                assigned_to_team_member_id:
                  i.assigned_to_team_member_id == null
                    ? null
                    : (memberId.get(i.assigned_to_team_member_id) ?? null),
                source_author_name: i.source_author_name?.trim() || null,
                is_ask: i.is_ask ?? false,
                ask_closed_at: i.is_ask ? (i.ask_closed_at ?? null) : null,
                sort_order: n * CHUNK + k,
                ...(i.created_at ? { created_at: i.created_at } : {}),
              })),
            )
          counts.items += s.items.length
        }
      }
      await importDecisions(engine, userId, doc.decisions ?? [], {
        project: mapProject,
        member: (id) => (id == null ? null : (memberId.get(id) ?? null)),
      })
      // What the account holds now stays within its limits, or nothing of the import is written.
      await assertAccountWithinLimits(engine, userId)
      await assertMetricsWithinLimit(engine, userId)
    },
    { user: userId },
  )
  await logActivity(ctx.db, {
    userId,
    action: 'account_imported',
    entityType: 'user',
    entityId: userId,
    details: `${counts.reports} reports, ${counts.items} items`,
  })
  return counts
}
