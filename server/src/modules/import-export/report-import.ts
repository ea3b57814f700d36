// Pasted text into a report (preview, import); the report as Markdown is markdown-export.ts.
import { asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { type Engine, LAST_IN_SECTION } from '../../db/engine'
import {
  projects,
  reportSections,
  sectionItems,
  sectionTemplates,
  teamMembers,
} from '../../db/schema'
import { BadRequest, PayloadTooLarge } from '../../lib/errors'
import { assertItemRoom, itemRoom } from '../../lib/limits'
import { timeSlices } from '../../lib/time-slices'
import { findReport } from '../reports/read/find'
import type { ImportExportModel } from './model'
import { parseOffThread } from './parse-off-thread'
import { itemTypeFor, matchMember, matchSection, type ParsedReport, projectMatcher } from './parser'

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

// Multi-row inserts in chunks, well under SQLite's bound-parameter limit and short enough that the
// imports give the event loop back often (lib/time-slices.ts; the account import too).
export const CHUNK = 50
export function chunks<T>(list: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK))
  return out
}

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

/**
 * The report's sections, not its items: an import adds to a report whatever it holds, so it
 * reads nothing that grows with the items already there (its cost is linear in what it adds).
 */
const sectionsOf = ({ db }: AppContext, reportId: number) =>
  db.orm
    .select({
      id: reportSections.id,
      section_name: reportSections.section_name,
      section_type: reportSections.section_type,
    })
    .from(reportSections)
    .where(eq(reportSections.report_id, reportId))
    .orderBy(asc(reportSections.sort_order), asc(reportSections.id))
type Section = Awaited<ReturnType<typeof sectionsOf>>[number]

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
    ? (await sectionsOf(ctx, (await findReport(ctx, userId, input.uuid)).id)).map(
        (s) => s.section_name,
      )
    : (
        await ctx.db.orm
          .select({ name: sectionTemplates.name })
          .from(sectionTemplates)
          .where(eq(sectionTemplates.user_id, userId))
          .orderBy(asc(sectionTemplates.sort_order), asc(sectionTemplates.id))
      ).map((t) => t.name)
  return parseOffThread(input.text, {
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
  const report = await findReport(ctx, userId, uuid)
  const sections = await sectionsOf(ctx, report.id)
  if (!sections.length) throw new BadRequest('This report has no sections to import into')
  const members = await memberNames(ctx, userId)
  // Up to IMPORT_LIMITS.lines lines: parsed on the worker, not on the server's thread.
  const parsed = await parseOffThread(text, {
    knownSections: sections.map((s) => s.section_name),
    members: members.map((m) => m.name),
  })
  checkProjectNames(parsed)
  const counts = newCounts()
  await ctx.db.tx(
    async (tx) => {
      const projectFor = await projectFinder(tx, userId, counts)
      // Gives the event loop back between items and chunks: other requests are answered meanwhile.
      const slices = timeSlices()
      const rows: Array<typeof sectionItems.$inferInsert> = []
      for (const section of parsed.sections) {
        const { target, itemType } = targetSection(section, sections, counts)
        for await (const item of slices.each(section.items)) {
          const assignee = item.assignee ? matchMember(item.assignee, members) : undefined
          let content = item.content
          if (item.assignee && !assignee) content = `${content} @${item.assignee}`
          content = content.slice(0, CONTENT_MAX)
          rows.push({
            section_id: target.id,
            user_id: userId,
            content,
            is_completed: item.is_completed ?? false,
            item_type: itemType,
            project_id: await projectFor(item.projectName),
            assigned_to_team_member_id: assignee?.id ?? null,
            // Placed last by the database, in this order, after what others add meanwhile.
            sort_order: LAST_IN_SECTION,
          })
          counts.importedItems++
          if (assignee) counts.assignedItems++
        }
      }
      // 403 when the report or the account would hold more items than it may.
      await assertItemRoom(tx, userId, report.id, rows.length)
      for await (const part of slices.each(chunks(rows)))
        await tx.orm.insert(sectionItems).values(part)
    },
    { user: userId },
  )
  itemRoom(ctx.db).forget(userId)
  const created = counts.createdProjects
  return {
    ...counts,
    message: `Imported ${counts.importedItems} items from report${
      created ? ` and created ${created} new project(s)` : ''
    }`,
  }
}

const newCounts = () => ({
  importedItems: 0,
  createdProjects: 0,
  assignedItems: 0,
  skippedProjects: 0,
  matchedSections: 0,
  unmatchedSections: [] as string[],
})
type ImportCounts = ReturnType<typeof newCounts>

/** Refuses (413) a text naming more distinct projects than one import may create. */
function checkProjectNames(parsed: ParsedReport) {
  const names = new Set<string>()
  for (const section of parsed.sections)
    for (const item of section.items)
      if (item.projectName) names.add(item.projectName.trim().toLowerCase())
  if (names.size > IMPORT_LIMITS.projectNames)
    throw tooLarge(`At most ${IMPORT_LIMITS.projectNames} different projects per import`)
}

/**
 * The project id for an item's project name: an existing project matched by name, else a new one
 * (a name too long for a project leaves the item without one).
 */
async function projectFinder(tx: Engine, userId: number, counts: ImportCounts) {
  const known = projectMatcher(
    await tx.orm
      .select({ id: projects.id, name: projects.name, status: projects.status })
      .from(projects)
      .where(eq(projects.user_id, userId))
      .orderBy(asc(projects.id)),
  )
  return async (name: string | null): Promise<number | null> => {
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
}

/** The report section a parsed section goes to, and the item type its items get. */
function targetSection(
  section: ParsedReport['sections'][number],
  sections: Section[],
  counts: ImportCounts,
) {
  const { sectionName } = section
  let index = matchSection(sectionName, sections)
  if (index === -1) {
    if (section.items.length) counts.unmatchedSections.push(sectionName)
    const wanted = { task: 'tasks', followup: 'followups', standard: 'standard' }[
      itemTypeFor(sectionName)
    ]
    index = Math.max(
      0,
      sections.findIndex((s) => s.section_type === wanted),
    )
  } else counts.matchedSections++
  const target = sections[index]
  const itemType =
    target.section_type === 'standard'
      ? itemTypeFor(sectionName)
      : itemTypeFor(target.section_name, target.section_type)
  return { target, itemType }
}
