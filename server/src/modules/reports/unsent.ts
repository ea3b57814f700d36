import type { UnsentChanges } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { truthy } from '../../db/engine'
import { LARGE_BODY } from '../../lib/body'
import { parseJsonInSteps } from '../../lib/json-steps'
import { nextTurn } from '../../lib/time-slices'
import { type Brief, editionBrief, latestEdition } from '../sending/brief/build'
import { inBrief } from '../sending/brief/filter'
import { findReport, type Report } from './read/find'
import { getReport } from './service'

type LiveItem = {
  id: number
  content: string
  is_completed: unknown
  from_reader: unknown
  include_in_brief: unknown
}

/**
 * "Changes not sent" (issue 41): what the live report has that its readers were not sent — the
 * latest edition's frozen brief compared with the report now, by item id: items added, completed,
 * edited (wording, or opened again) and removed, projects whose health or its note changed; a
 * changed title or summary counts as an edit. Null for a report never sent, or sent as it is.
 * Two small reads and one parse of the edition; GET /api/reports/{uuid} is cached per user, so
 * it is made once per change.
 */
export async function unsentChanges(
  ctx: AppContext,
  report: Report,
  items?: LiveItem[],
): Promise<UnsentChanges | null> {
  const latest = await latestEdition(ctx, report.id)
  if (!latest) return null
  // A full report's brief is megabytes (10,000 items: ~1.8 MB): parsed in steps, not in one turn
  // (issue 42).
  // Its read is a turn of its own (1.8 MB from SQLite: ~30 ms), the parse's slices start after.
  const large = latest.brief.length >= LARGE_BODY
  if (large) await nextTurn()
  const sent = large ? ((await parseJsonInSteps(latest.brief, 64)) as Brief) : editionBrief(latest)
  // The report's items as the caller read them already (in pages, for a large report), or read.
  const live = (
    items ??
    (await ctx.db.rows<LiveItem>(sql`
      SELECT i.id, i.content, i.is_completed, i.from_reader, i.include_in_brief
      FROM section_items i JOIN report_sections s ON s.id = i.section_id
      WHERE s.report_id = ${report.id}`))
  ).filter(inBrief)
  const before = new Map<number, { content: string; is_completed: boolean }>()
  for (const section of sent.sections) for (const item of section.items) before.set(item.id, item)
  const counts = { added: 0, completed: 0, edited: 0, removed: 0, health_changed: 0 }
  const seen = new Set<number>()
  for (const item of live) {
    const id = Number(item.id)
    seen.add(id)
    const was = before.get(id)
    const done = truthy(item.is_completed)
    if (!was) counts.added++
    else if (done && !was.is_completed) counts.completed++
    else if (was.content !== item.content || done !== was.is_completed) counts.edited++
  }
  for (const id of before.keys()) if (!seen.has(id)) counts.removed++
  if ((sent.title ?? null) !== (report.title ?? null)) counts.edited++
  if ((sent.summary ?? null) !== (report.summary ?? null)) counts.edited++

  const health = await ctx.db.rows<{ project_uuid: string; health: string; note: string | null }>(
    sql`SELECT p.uuid AS project_uuid, h.health, h.note FROM project_health h
      JOIN projects p ON p.id = h.project_id WHERE h.report_id = ${report.id}`,
  )
  const liveHealth = new Map(health.map((h) => [h.project_uuid, `${h.health}|${h.note ?? ''}`]))
  const sentHealth = new Map(
    sent.project_health
      .filter((h) => h.health != null)
      .map((h) => [h.project_uuid, `${h.health}|${h.note ?? ''}`]),
  )
  for (const uuid of new Set([...liveHealth.keys(), ...sentHealth.keys()]))
    if (liveHealth.get(uuid) !== sentHealth.get(uuid)) counts.health_changed++

  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  return total === 0 ? null : { since_edition: latest.number, ...counts }
}

/** GET /api/reports/{uuid}: the report (service.ts) with its "Changes not sent". */
export async function reportWithUnsent(ctx: AppContext, userId: number, uuid: string) {
  const detail = await getReport(ctx, userId, uuid)
  const report = await findReport(ctx, userId, uuid)
  const items = detail.sections.flatMap((s) => s.items)
  return { ...detail, unsent_changes: await unsentChanges(ctx, report, items) }
}
