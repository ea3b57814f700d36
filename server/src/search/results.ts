import type { SearchResult } from '@cadence/contract'
import { type Engine, truthy } from '../db'
import { nextTurn, timeSlices } from '../lib/time-slices'
import { CODE, candidates, type Entity, type Hit, healthFilter } from './candidates'
import type { ParsedQuery } from './query'

/**
 * Search results, the same on both engines: the ranked hits of the user's index (candidates.ts)
 * are loaded from their own tables, one query per kind of hit in each chunk of hits (a fixed
 * number of queries whatever the number of hits), filtered by `project:`, `health:` and `status:`
 * and turned into the answer's results.
 */

/**
 * A search of someone else's index on the reader's behalf: only sent reports and their items
 * (a teammate's team update, read by their executive), labelled with the team member they are.
 */
export type TeamUpdateScope = { team_member_uuid: string; team_member_name: string }
/** What a team update search may find: never the teammate's projects, people or own lists. */
const TEAM_UPDATE_ENTITIES: Entity[] = ['report', 'section_item']

/** Hits are turned into results in chunks of this size until the limit is reached. */
const CHUNK = 80
export const TITLE_LIMIT = 60

/** Task and follow-up titles: the content cut to 60 characters plus '…'. */
export function cutTitle(content: string) {
  const chars = [...content]
  return chars.length > TITLE_LIMIT ? `${chars.slice(0, TITLE_LIMIT).join('')}…` : content
}

type Row = Record<string, unknown>

const taskStatus = (done: boolean) => (done ? 'completed' : 'active')

const reportResult = (r: Row, content?: string): SearchResult => ({
  type: 'report',
  id: r.id as number,
  uuid: r.uuid as string,
  title: (r.title as string | null) ?? null,
  summary: (r.summary as string | null) ?? null,
  week_start_date: r.week_start_date as string,
  is_submitted: Boolean(r.is_submitted),
  status: r.is_submitted ? 'submitted' : 'draft',
  ...(content === undefined ? {} : { content }),
})

const memberResult = (m: Row, content?: string): SearchResult => ({
  type: 'team_member',
  id: m.id as number,
  uuid: m.uuid as string,
  name: m.name as string,
  title: (m.title as string | null) ?? null,
  email: m.email as string,
  ...(content === undefined ? {} : { content }),
})

const taskResult = (type: 'task' | 'followup', row: Row, extra: Partial<SearchResult>) => ({
  type,
  id: row.id as number,
  title: cutTitle(row.content as string),
  content: row.content as string,
  is_completed: Boolean(row.is_completed),
  status: taskStatus(Boolean(row.is_completed)),
  project_name: (row.project_name as string | null) ?? null,
  ...extra,
})

/** The projects and reports `project:` and `health:` leave in (null: no such filter). */
type ProjectFilter = { inProject: Set<number> | null; reportsInProject: Set<number> | null }

async function projectFilter(
  db: Engine,
  userId: number,
  query: ParsedQuery,
  scope?: TeamUpdateScope,
): Promise<ProjectFilter> {
  const named =
    query.project === null ? null : new Set(await db.q.search.projectIds(userId, query.project))
  const healthy =
    query.health === null ? null : await healthFilter(db, userId, query.health, scope !== undefined)
  const inProject =
    named && healthy
      ? new Set([...named].filter((id) => healthy.projects.has(id)))
      : (named ?? healthy?.projects ?? null)
  const byProject = named
    ? new Set(await db.q.search.reportsWithProjects(userId, [...(inProject ?? [])]))
    : null
  const reportsInProject =
    byProject && healthy
      ? new Set([...byProject].filter((id) => healthy.reports.has(id)))
      : (byProject ?? healthy?.reports ?? null)
  return { inProject, reportsInProject }
}

/** A section item's result: a standard item as its report, a task or follow-up as itself. */
function sectionItemResult(row: Row, asks: boolean): SearchResult {
  const type = row.item_type as 'standard' | 'task' | 'followup'
  // Her own asks are a kind of their own (`type:ask`), open or closed; a teammate's stay items.
  if (asks && (row.is_ask === true || row.is_ask === 1)) {
    const closed = row.ask_closed_at != null
    return {
      type: 'ask',
      id: row.id as number,
      title: cutTitle(row.content as string),
      content: row.content as string,
      status: closed ? 'completed' : 'active',
      is_completed: closed,
      project_name: (row.project_name as string | null) ?? null,
      source: 'report',
      report_title: (row.report_title as string | null) ?? null,
      report_uuid: row.report_uuid as string,
      week_start_date: row.week_start_date as string,
    }
  }
  if (type === 'standard') {
    const report = { ...row, id: row.report_id, uuid: row.report_uuid }
    return reportResult(
      { ...report, title: row.report_title, summary: row.report_summary },
      row.content as string,
    )
  }
  return taskResult(type, row, {
    source: 'report',
    report_title: (row.report_title as string | null) ?? null,
    report_uuid: row.report_uuid as string,
    week_start_date: row.week_start_date as string,
  })
}

/** The result of one loaded row of the given kind, or null when the project filters leave it out. */
function rowResult(
  entity: Entity,
  row: Row,
  filter: ProjectFilter,
  own: boolean,
): SearchResult | null {
  const { inProject, reportsInProject } = filter
  const projectOk = (projectId: unknown) => !inProject || inProject.has(projectId as number)
  switch (entity) {
    case 'report':
      if (reportsInProject && !reportsInProject.has(row.id as number)) return null
      return reportResult(row)
    case 'project':
      if (!projectOk(row.id)) return null
      return {
        type: 'project',
        id: row.id as number,
        uuid: row.uuid as string,
        name: row.name as string,
        title: row.name as string,
        status: row.status as string,
      }
    case 'team_member':
      if (inProject) return null
      return memberResult(row)
    case 'section_item':
      if (!projectOk(row.project_id)) return null
      return sectionItemResult(row, own)
    case 'member_task':
    case 'member_followup':
      if (!projectOk(row.project_id)) return null
      return taskResult(entity === 'member_task' ? 'task' : 'followup', row, {
        source: 'team_member',
        team_member_uuid: row.team_member_uuid as string,
        team_member_name: row.team_member_name as string,
      })
    case 'talking_point':
      if (!projectOk(row.project_id)) return null
      return memberResult(
        {
          id: row.member_id,
          uuid: row.team_member_uuid,
          name: row.team_member_name,
          title: row.member_title,
          email: row.member_email,
        },
        row.content as string,
      )
    case 'decision':
      if (!projectOk(row.project_id)) return null
      return {
        type: 'decision',
        id: row.id as number,
        title: row.title as string,
        ...(row.rationale ? { content: row.rationale as string } : {}),
        decided_on: row.decided_on as string,
        project_name: (row.project_name as string | null) ?? null,
        ...(row.member_name ? { team_member_name: row.member_name as string } : {}),
      }
  }
}

/**
 * The ranked results of one index: the user's own (no scope), or a teammate's sent reports read
 * by their executive (`scope`: `userId` is then the teammate's, and drafts never come out).
 */
export async function searchIndex(
  db: Engine,
  userId: number,
  query: ParsedQuery,
  limit: number,
  scope?: TeamUpdateScope,
): Promise<SearchResult[]> {
  await db.q.search.prepare()
  const rows = {} as Record<Entity, Map<number, Row>>
  for (const entity of Object.keys(CODE) as Entity[]) rows[entity] = new Map()
  // A chunk of 80 reports is up to 1.6 MB of summaries: each query starts a slice of its own
  // when the ranking's slice is spent (issue 42).
  const slices = timeSlices()
  /** Loads the rows of a chunk of hits: one query per kind present in the chunk. */
  const loadChunk = async (chunk: Hit[]) => {
    for (const entity of Object.keys(CODE) as Entity[]) {
      const ids = chunk.filter((h) => h.entity_type === entity).map((h) => h.entity_id)
      if (!ids.length) continue
      await slices.pause()
      for (const row of await db.q.search.load(entity, userId, ids))
        rows[entity].set(Number(row.id), row)
    }
  }
  const filter = await projectFilter(db, userId, query, scope)

  const toResult = (hit: Hit): SearchResult | null => {
    const row = rows[hit.entity_type].get(Number(hit.entity_id))
    if (!row) return null
    if (scope && !(TEAM_UPDATE_ENTITIES.includes(hit.entity_type) && truthy(row.is_submitted)))
      return null
    const result = rowResult(hit.entity_type, row, filter, !scope)
    if (!result || !scope) return result
    // Labelled with whose it is; it opens in Team updates, not as the reader's report.
    return { ...result, source: 'team_update', ...scope }
  }

  const statusOk = (r: SearchResult) => {
    if (!query.status) return true
    if (r.type === 'team_member') return false
    return r.status === query.status
  }
  const results: SearchResult[] = []
  const seen = new Set<string>()
  // The hits come a ranked batch at a time, newest batch first: the next is read only while the
  // results are not full (candidates.ts, RANK_BATCH).
  for await (const hits of candidates(db, userId, query, scope ? TEAM_UPDATE_ENTITIES : null)) {
    for (let start = 0; start < hits.length && results.length < limit; start += CHUNK) {
      const chunk = hits.slice(start, start + CHUNK)
      await loadChunk(chunk)
      for (const hit of chunk) {
        const result = toResult(hit)
        if (!result || !statusOk(result)) continue
        if (query.types.length && !query.types.includes(result.type)) continue
        const key =
          result.type === 'task' || result.type === 'followup'
            ? `${result.type}:${result.source}:${result.id}`
            : `${result.type}:${result.id}`
        if (seen.has(key)) continue
        seen.add(key)
        results.push(result)
        if (results.length >= limit) break
      }
    }
    if (results.length >= limit) break
  }
  // Writing the answer (up to 50 summaries of 20,000 characters: 1 MB of JSON) starts a turn of
  // its own, not the end of the last load's.
  await nextTurn()
  return results
}
