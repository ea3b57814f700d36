import type { SearchResult } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { Engine } from '../../db'
import type { ParsedQuery } from '../../search/query'
import { matchesAll } from '../../search/rank'
import { cutTitle } from '../../search/results'
import { hasText } from '../../search/tokenizer'
import { briefItem, sentBriefs as sentBriefsOf } from '../project-health/sent-briefs'
import type { Brief } from '../sending/brief/build'

const sentBriefs = (db: Engine, reportIds: number[]) => sentBriefsOf<Brief>(db, reportIds)

/**
 * What a linked member SENT, never their live report: Team updates, the executive's search and
 * the executive's team signals read a member's report through its latest edition (the brief
 * frozen by the Send or the last 'Send update'), so an edit, a new item, a new title or health
 * note made after the Send reaches nobody until the member sends again. A report sent before
 * editions existed has none and is read live (the only form there is).
 */

type Row = { id: number; uuid?: string; report_uuid?: string }

/**
 * A member's search results (their index, drafts already out) as their executive may see them:
 * each re-read from the latest edition of its report and kept only when the sent text still
 * matches. An item added after the Send is not in the edition (gone); an item or a title edited
 * after it answers the sent words, and only when those match. Reports sent before editions
 * existed answer as found.
 */
export async function sentResults(
  db: Engine,
  memberUserId: number,
  results: SearchResult[],
  query: ParsedQuery,
): Promise<SearchResult[]> {
  if (!results.length) return results
  const uuids = [
    ...new Set(
      results
        .map((r) => (r.type === 'report' ? r.uuid : (r as Row).report_uuid))
        .filter((u): u is string => typeof u === 'string'),
    ),
  ]
  if (!uuids.length) return results
  const reports = await db.rows<{ id: number; uuid: string }>(sql`
    SELECT id, uuid FROM reports WHERE user_id = ${memberUserId} AND uuid IN (${sql.join(
      uuids.map((u) => sql`${u}`),
      sql`, `,
    )})`)
  const idOf = new Map(reports.map((r) => [r.uuid, Number(r.id)]))
  const briefs = await sentBriefs(
    db,
    reports.map((r) => r.id),
  )
  const text = hasText(query)
  const matches = (title: string, body: string) => !text || matchesAll([0, title, body], query)
  const projectOk = (name: string | null | undefined) =>
    query.project === null || (name ?? '').toLowerCase().includes(query.project.toLowerCase())
  const statusOk = (done: boolean) =>
    query.status === null || query.status === (done ? 'completed' : 'active')

  const out: SearchResult[] = []
  for (const result of results) {
    const uuid = result.type === 'report' ? result.uuid : (result as Row).report_uuid
    const reportId = uuid ? idOf.get(uuid) : undefined
    const brief = reportId === undefined ? undefined : briefs.get(reportId)
    if (!brief) {
      // Not a report's (cannot happen in a team search) or sent before editions: as found.
      out.push(result)
      continue
    }
    const title = brief.title ?? null
    const summary = brief.summary ?? null
    if (result.type === 'report') {
      if (result.content === undefined) {
        // The report itself: its sent title and summary.
        if (!matches(title ?? '', summary ?? '')) continue
        out.push({ ...result, title, summary })
        continue
      }
      // A standard item found in it (the result names the report): the same words were sent.
      const sent = brief.sections.some(
        (s) =>
          s.section_type === 'standard' &&
          s.items.some((i) => i.content === result.content && projectOk(i.project_name)),
      )
      if (!sent || !matches(title ?? '', result.content)) continue
      out.push({ ...result, title, summary })
      continue
    }
    if (result.type !== 'task' && result.type !== 'followup') continue
    const item = briefItem(brief, result.id)
    if (!item) continue
    const done = Boolean(item.is_completed)
    if (!matches('', item.content) || !projectOk(item.project_name) || !statusOk(done)) continue
    out.push({
      ...result,
      title: cutTitle(item.content),
      content: item.content,
      is_completed: done,
      status: done ? 'completed' : 'active',
      project_name: item.project_name ?? null,
      report_title: title,
    })
  }
  return out
}
