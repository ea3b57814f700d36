// That JSON document restored into the signed-in account (POST /api/import), in one transaction.
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { reports } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest, PayloadTooLarge } from '../../lib/errors'
import { assertAccountWithinLimits, itemRoom, OBJECT_LIMITS } from '../../lib/limits'
import { nowIso } from '../../lib/time'
import { nextTurn, timeSlices } from '../../lib/time-slices'
import { isValidIsoDate } from '../../lib/weeks'
import { checkDecisions, importDecisions } from '../decisions/transfer'
import { assertMetricsWithinLimit } from '../report-metrics/service'
import { checkReportLimit } from '../reports/service'
import { cleanWebhookUrls } from '../sending/queue/chat-urls'
import { cleanRecipients, getSettings } from '../settings/service'
import {
  type ImportRun,
  importMembers,
  importMetrics,
  importProjects,
  importReports,
  importSettings,
  importTemplates,
  mapMember,
  mapProject,
  newImportCounts,
} from './account-import-steps'
import type { ImportExportModel } from './model'
import { IMPORT_LIMITS } from './report-import'

const tooLarge = (what: string) => new PayloadTooLarge(what)

/** Everything the schema cannot say: references resolve inside the document, dates are real. */
function checkDocument(doc: ImportExportModel.document) {
  const ids = (list: { id: number }[], what: string) => {
    const set = new Set<number>()
    for (const { id } of list) {
      if (set.has(id)) throw invalid(`duplicate ${what} id ${id}`)
      set.add(id)
    }
    return set
  }
  const refs: DocumentIds = {
    projectIds: ids(doc.projects, 'project'),
    memberIds: ids(doc.team_members, 'team member'),
    templateIds: ids(doc.section_templates, 'section template'),
    metricIds: ids(doc.metrics ?? [], 'metric'),
  }
  checkDecisions(doc.decisions ?? [], refs.projectIds, refs.memberIds)
  const rows = documentRows(doc)
  if (rows > IMPORT_LIMITS.documentRows)
    throw tooLarge(
      `At most ${IMPORT_LIMITS.documentRows.toLocaleString('en-US')} objects per import (this document has ${rows.toLocaleString('en-US')})`,
    )
  checkReferences(doc, refs)
}

const invalid = (why: string) => new BadRequest(`Invalid export document: ${why}`)

/**
 * The texts inside an imported edition's brief are held to the limits of the fields they were
 * made from (the brief's schema is the answer's, which has none): a summary at most 20,000
 * characters, an organisation name 120, and so on; any other text 500. Over one: 413 naming it.
 */
const BRIEF_TEXT: Record<string, number> = {
  summary: 20_000,
  content: 20_000,
  title: 500,
  organisation_name: 120,
  name: 200,
  section_name: 255,
  project_name: 255,
  assignee_name: 200,
  source_author_name: 200,
  note: 500,
  text: 2_000,
  answer: 2_000,
  rationale: 10_000,
}
const BRIEF_TEXT_OTHER = 500

async function checkEditionTexts(doc: ImportExportModel.document) {
  const slices = timeSlices()
  const walk = (value: unknown, key: string, depth: number): string | null => {
    if (typeof value === 'string') {
      const max = BRIEF_TEXT[key] ?? BRIEF_TEXT_OTHER
      return value.length > max ? `${key} at most ${max.toLocaleString('en-US')} characters` : null
    }
    if (depth > 8) return 'nesting deeper than a brief has'
    if (Array.isArray(value)) {
      for (const v of value) {
        const over = walk(v, key, depth + 1)
        if (over) return over
      }
    } else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        const over = walk(v, k, depth + 1)
        if (over) return over
      }
    return null
  }
  for (const r of doc.reports)
    for (const e of r.editions ?? []) {
      await slices.pause()
      const over = walk(e.brief, '', 0)
      if (over)
        throw tooLarge(
          `Edition ${e.number} of report ${r.week_start_date} has a text too long: ${over}`,
        )
    }
}

type DocumentIds = {
  projectIds: Set<number>
  memberIds: Set<number>
  templateIds: Set<number>
  metricIds: Set<number>
}

/** How many rows the document would write (and no report has two editions of one number). */
function documentRows(doc: ImportExportModel.document) {
  let rows = doc.section_templates.length + doc.projects.length + doc.team_members.length
  rows += doc.decisions?.length ?? 0
  for (const d of doc.decisions ?? []) rows += d.revisits?.length ?? 0
  for (const m of doc.team_members)
    rows += m.talking_points.length + m.tasks.length + m.followups.length
  for (const r of doc.reports) {
    rows += 1 + r.sections.length
    rows += (r.project_health?.length ?? 0) + (r.questions?.length ?? 0)
    rows += (r.acknowledgements?.length ?? 0) + (r.editions?.length ?? 0)
    rows += r.metric_values?.length ?? 0
    if ((r.editions?.length ?? 0) > OBJECT_LIMITS.editionsPerReport)
      throw tooLarge(
        `At most ${OBJECT_LIMITS.editionsPerReport} editions per report (report ${r.week_start_date})`,
      )
    if (new Set(r.editions?.map((e) => e.number)).size !== (r.editions?.length ?? 0))
      throw new BadRequest(`Report ${r.week_start_date} has two editions of one number`)
    for (const s of r.sections) rows += s.items.length
  }
  return rows
}

/** Every id the document refers to is one of its own; contents are not blank; weeks are real and distinct. */
function checkReferences(doc: ImportExportModel.document, refs: DocumentIds) {
  const { projectIds, memberIds, templateIds, metricIds } = refs
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
  await checkEditionTexts(doc)
  await nextTurn()
  // Checked before anything changes: a bad address refuses the whole document.
  const recipients = doc.settings?.report_recipients
    ? cleanRecipients(doc.settings.report_recipients)
    : null
  const webhooks = doc.settings?.webhook_urls
    ? await cleanWebhookUrls(doc.settings.webhook_urls, ctx.config.resolveHost)
    : null
  const counts = newImportCounts()
  await checkImportedReportLimit(ctx, userId, doc)
  // The defaults row exists for every user anyway (created on first read), so this is no write.
  await getSettings(ctx, userId)
  await ctx.db.tx(
    async (engine) => {
      const run: ImportRun = {
        tx: engine.orm,
        userId,
        // Gives the event loop back between steps: other requests are answered meanwhile.
        slices: timeSlices(),
        now: nowIso(),
        counts,
        templateId: new Map(),
        projectId: new Map(),
        metricId: new Map(),
        memberId: new Map(),
      }
      if (doc.settings) await importSettings(run, doc.settings, recipients, webhooks)
      await importTemplates(run, doc.section_templates)
      await importProjects(run, doc.projects)
      await importMetrics(run, doc.metrics ?? [])
      await importMembers(run, doc.team_members)
      await importReports(run, doc.reports)
      await importDecisions(engine, userId, doc.decisions ?? [], {
        project: (id) => mapProject(run, id),
        member: (id) => mapMember(run, id),
      })
      // What the account holds now stays within its limits, or nothing of the import is written.
      await assertAccountWithinLimits(engine, userId)
      await assertMetricsWithinLimit(engine, userId)
    },
    { user: userId },
  )
  itemRoom(ctx.db).forget(userId)
  await logActivity(ctx.db, {
    userId,
    action: 'account_imported',
    entityType: 'user',
    entityId: userId,
    details: `${counts.reports} reports, ${counts.items} items`,
  })
  return counts
}

/**
 * The admin's max_reports_per_user holds for imported reports too (weeks already there are
 * skipped, so they do not count).
 */
async function checkImportedReportLimit(
  ctx: AppContext,
  userId: number,
  doc: ImportExportModel.document,
) {
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
}
