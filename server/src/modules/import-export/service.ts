import { asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  memberFollowups,
  memberTasks,
  projectHealth,
  projects,
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
import { isValidIsoDate } from '../../lib/weeks'
import { cleanWebhookUrls } from '../delivery/urls'
import { namedReport } from '../reports/named'
import { checkReportLimit, findReport, loadReport } from '../reports/service'
import { cleanRecipients, getSettings } from '../settings/service'
import { reportToMarkdown } from './markdown'
import { EXPORT_FORMAT, EXPORT_VERSION, type ImportExportModel } from './model'
import {
  itemTypeFor,
  matchMember,
  matchSection,
  type ParsedReport,
  parseReportText,
  projectMatcher,
} from './parser'

const EMPTY_TEXT = 'Please paste report content to preview'
const PROJECT_NAME_MAX = 255
const CONTENT_MAX = 10_000

/**
 * Bounds that keep one import from holding the server (security: no request may freeze it):
 * far above a real report (a few dozen lines, a handful of projects), low enough that the largest
 * import runs in well under a second. Answered 413 with what was over.
 */
export const IMPORT_LIMITS = {
  /** Lines of pasted text in one report import or preview. */
  lines: 5_000,
  /** Distinct project names in one report import (each may create a project). */
  projectNames: 200,
  /**
   * Rows of one account document: templates, projects, members, entries, reports, sections,
   * items. Five years of a heavy executive's weeks (the bench's largest account) are ~21,000.
   */
  documentRows: 25_000,
} as const

const tooLarge = (what: string) => new PayloadTooLarge(what)

function checkLines(text: string) {
  let lines = 1
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (++lines > IMPORT_LIMITS.lines)
      throw tooLarge(`At most ${IMPORT_LIMITS.lines.toLocaleString('en-US')} lines per import`)
  }
}

const requireText = (text: string) => {
  if (!text.trim()) throw new BadRequest(EMPTY_TEXT)
  checkLines(text)
  return text
}

const memberNames = ({ db }: AppContext, userId: number) =>
  db.orm
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .where(eq(teamMembers.user_id, userId))
    .orderBy(asc(teamMembers.id))

/**
 * The parsed structure, nothing written. Section headings are recognised against the report's
 * sections when `uuid` is given, else against the user's section templates.
 */
export async function previewImport(
  ctx: AppContext,
  userId: number,
  input: ImportExportModel.preview,
): Promise<ParsedReport> {
  requireText(input.text)
  const knownSections = input.uuid
    ? (await loadReport(ctx, await findReport(ctx, userId, input.uuid))).sections.map(
        (s) => s.section_name,
      )
    : (
        await ctx.db.orm
          .select({ name: sectionTemplates.name })
          .from(sectionTemplates)
          .where(eq(sectionTemplates.user_id, userId))
          .orderBy(asc(sectionTemplates.sort_order), asc(sectionTemplates.id))
      ).map((t) => t.name)
  return parseReportText(input.text, {
    knownSections,
    members: (await memberNames(ctx, userId)).map((m) => m.name),
  })
}

/**
 * Adds the pasted items to the report in one transaction. A parsed section goes to the report
 * section it matches (parser.ts matchSection); one that matches none goes to the first section of
 * the type its name suggests, else the first section, and is listed in `unmatchedSections`.
 */
export async function importIntoReport(
  ctx: AppContext,
  userId: number,
  uuid: string,
  text: string,
) {
  requireText(text)
  const report = await loadReport(ctx, await findReport(ctx, userId, uuid))
  if (!report.sections.length) throw new BadRequest('This report has no sections to import into')
  const members = await memberNames(ctx, userId)
  const parsed = parseReportText(text, {
    knownSections: report.sections.map((s) => s.section_name),
    members: members.map((m) => m.name),
  })
  const names = new Set<string>()
  for (const section of parsed.sections)
    for (const item of section.items)
      if (item.projectName) names.add(item.projectName.trim().toLowerCase())
  if (names.size > IMPORT_LIMITS.projectNames)
    throw tooLarge(`At most ${IMPORT_LIMITS.projectNames} different projects per import`)
  const counts = {
    importedItems: 0,
    createdProjects: 0,
    assignedItems: 0,
    skippedProjects: 0,
    matchedSections: 0,
    unmatchedSections: [] as string[],
  }
  await ctx.db.tx(async (tx) => {
    const known = projectMatcher(
      await tx.orm
        .select({ id: projects.id, name: projects.name, status: projects.status })
        .from(projects)
        .where(eq(projects.user_id, userId))
        .orderBy(asc(projects.id)),
    )
    const projectFor = async (name: string | null): Promise<number | null> => {
      if (!name) return null
      const found = known.match(name)
      if (found) return found.id
      if (name.length > PROJECT_NAME_MAX) {
        console.warn('import: project name too long, item kept without a project')
        counts.skippedProjects++
        return null
      }
      const [created] = await tx.orm
        .insert(projects)
        .values({ user_id: userId, uuid: crypto.randomUUID(), name, status: 'active' })
        .returning({ id: projects.id, name: projects.name, status: projects.status })
      known.add(created)
      counts.createdProjects++
      return created.id
    }
    const nextOrder = new Map(
      report.sections.map((s) => [
        s.id,
        s.items.reduce((m, i) => Math.max(m, i.sort_order + 1), 0),
      ]),
    )
    const rows: Array<typeof sectionItems.$inferInsert> = []
    for (const section of parsed.sections) {
      let index = matchSection(section.sectionName, report.sections)
      if (index === -1) {
        if (section.items.length) counts.unmatchedSections.push(section.sectionName)
        const wanted = { task: 'tasks', followup: 'followups', standard: 'standard' }[
          itemTypeFor(section.sectionName)
        ]
        index = Math.max(
          0,
          report.sections.findIndex((s) => s.section_type === wanted),
        )
      } else counts.matchedSections++
      const target = report.sections[index]
      const itemType =
        target.section_type === 'standard'
          ? itemTypeFor(section.sectionName)
          : itemTypeFor(target.section_name, target.section_type)
      for (const item of section.items) {
        const assignee = item.assignee ? matchMember(item.assignee, members) : undefined
        let content = item.content
        if (item.assignee && !assignee) content = `${content} @${item.assignee}`
        content = content.slice(0, CONTENT_MAX)
        const order = nextOrder.get(target.id) ?? 0
        nextOrder.set(target.id, order + 1)
        rows.push({
          section_id: target.id,
          user_id: userId,
          content,
          is_completed: item.is_completed ?? false,
          item_type: itemType,
          project_id: await projectFor(item.projectName),
          assigned_to_team_member_id: assignee?.id ?? null,
          sort_order: order,
        })
        counts.importedItems++
        if (assignee) counts.assignedItems++
      }
    }
    for (const part of chunks(rows)) await tx.orm.insert(sectionItems).values(part)
  })
  const created = counts.createdProjects
  return {
    ...counts,
    message: `Imported ${counts.importedItems} items from report${
      created ? ` and created ${created} new project(s)` : ''
    }`,
  }
}

/** The report as Markdown (markdown.ts), names resolved in two queries. */
export async function exportReportMarkdown(ctx: AppContext, userId: number, uuid: string) {
  const { report } = await namedReport(ctx, await findReport(ctx, userId, uuid))
  return { filename: `report-${report.week_start_date}.md`, markdown: reportToMarkdown(report) }
}

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

/**
 * Every object the user owns, as one document (format 'cadence-export', version 1). Ids are the
 * rows' own and are only used to link the document's parts together; import remaps them.
 */
export async function exportAccount(
  ctx: AppContext,
  userId: number,
): Promise<ImportExportModel.document> {
  const db = ctx.db.orm
  const settings = await getSettings(ctx, userId)
  const mine = <T extends { user_id: unknown }>(table: T) => eq(table.user_id as never, userId)
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
  const byMember = {
    talking_points: ofMember(entries.talking_points),
    tasks: ofMember(entries.tasks),
    followups: ofMember(entries.followups),
  }
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
  const acksByReport = Map.groupBy(
    await db
      .select()
      .from(shareAcknowledgements)
      .where(mine(shareAcknowledgements))
      .orderBy(asc(shareAcknowledgements.id)),
    (a) => a.report_id,
  )
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: nowIso(),
    settings: {
      report_frequency: settings.report_frequency,
      weekly_start_day: settings.weekly_start_day as never,
      weekly_end_day: settings.weekly_end_day as never,
      onboarding_complete: settings.onboarding_complete,
      carry_over: settings.carry_over,
      reminder_enabled: settings.reminder_enabled,
      team_reminder_enabled: settings.team_reminder_enabled,
      report_recipients: settings.report_recipients,
      webhook_urls: settings.webhook_urls,
    },
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
    team_members: (
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
    })),
    reports: (
      await db.select().from(reports).where(mine(reports)).orderBy(asc(reports.week_start_date))
    ).map((r) => ({
      uuid: r.uuid,
      week_start_date: r.week_start_date,
      title: r.title,
      summary: r.summary,
      is_submitted: r.is_submitted,
      sent_date: r.sent_date,
      created_at: r.created_at,
      project_health: (healthByReport.get(r.id) ?? []).map((h) => ({
        project_id: h.project_id,
        health: h.health,
        note: h.note,
      })),
      questions: (questionsByReport.get(r.id) ?? []).map((q) => ({
        name: q.name,
        text: q.text,
        answer: q.answer,
        answered_at: q.answered_at,
        created_at: q.created_at,
      })),
      acknowledgements: (acksByReport.get(r.id) ?? []).map((a) => ({
        name: a.name,
        created_at: a.created_at,
      })),
      sections: (sectionsByReport.get(r.id) ?? []).map((s) => ({
        section_template_id: s.section_template_id,
        section_name: s.section_name,
        section_type: s.section_type,
        content: s.content,
        items: (itemsBySection.get(s.id) ?? []).map((i) => ({
          content: i.content,
          is_completed: i.is_completed,
          item_type: i.item_type,
          project_id: i.project_id,
          assigned_to_team_member_id: i.assigned_to_team_member_id,
          ...(i.source_author_name ? { source_author_name: i.source_author_name } : {}),
          created_at: i.created_at,
        })),
      })),
    })),
  }
}

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
  let rows = doc.section_templates.length + doc.projects.length + doc.team_members.length
  for (const m of doc.team_members)
    rows += m.talking_points.length + m.tasks.length + m.followups.length
  for (const r of doc.reports) {
    rows += 1 + r.sections.length
    rows += (r.project_health?.length ?? 0) + (r.questions?.length ?? 0)
    rows += r.acknowledgements?.length ?? 0
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

// Multi-row inserts in slices, well under SQLite's bound-parameter limit.
const CHUNK = 500
function chunks<T>(list: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK))
  return out
}

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
  checkDocument(doc)
  // Checked before anything changes: a bad address refuses the whole document.
  const recipients = doc.settings?.report_recipients
    ? cleanRecipients(doc.settings.report_recipients)
    : null
  const webhooks = doc.settings?.webhook_urls ? cleanWebhookUrls(doc.settings.webhook_urls) : null
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
  await ctx.db.tx(async (engine) => {
    const tx = engine.orm
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
    for (const t of doc.section_templates) {
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
    for (const p of doc.projects) {
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
    for (const m of doc.team_members) {
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
        for (const part of chunks(list))
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
    for (const r of doc.reports) {
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
      for (const [index, s] of r.sections.entries()) {
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
        for (const [n, part] of chunks(s.items).entries())
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
              sort_order: n * CHUNK + k,
              ...(i.created_at ? { created_at: i.created_at } : {}),
            })),
          )
        counts.items += s.items.length
      }
    }
    // What the account holds now stays within its limits, or nothing of the import is written.
    await assertAccountWithinLimits(engine, userId)
  })
  await logActivity(ctx.db, {
    userId,
    action: 'account_imported',
    entityType: 'user',
    entityId: userId,
    details: `${counts.reports} reports, ${counts.items} items`,
  })
  return counts
}
