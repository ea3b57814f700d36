import { createHash } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { isUniqueViolation, LAST_IN_SECTION } from '../../db/engine'
import { projects, sectionItems, sources } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest, Forbidden, NotFound } from '../../lib/errors'
import { itemRoom } from '../../lib/limits'
import { addDays } from '../../lib/weeks'
import { findReport, type Report } from '../reports/read/find'
import { withAgeing } from '../section-items/ageing'
import { decryptToken, encryptToken, tokenKey } from './crypto'
import type { SourcesModel } from './model'
import { checkUrl, VendorError } from './outbound'
import { type Connection, type Done, doneInWeek, type SourceKind, type Week } from './vendors'

const NOT_FOUND = 'Source not found'
const SUGGESTION_NOT_FOUND = 'Suggestion not found'

const DEFAULT_BASE: Partial<Record<SourceKind, string>> = {
  github: 'https://api.github.com',
  gitlab: 'https://gitlab.com',
  linear: 'https://api.linear.app',
}

type SourceRow = typeof sources.$inferSelect & { project_uuid: string | null }

const sourceOut = (row: SourceRow) => ({
  id: row.id,
  kind: row.kind,
  base_url: row.base_url,
  filter: row.filter,
  project_uuid: row.project_uuid,
  created_at: row.created_at,
})

async function ownSources(ctx: AppContext, userId: number): Promise<SourceRow[]> {
  return await ctx.db.orm
    .select({
      id: sources.id,
      user_id: sources.user_id,
      kind: sources.kind,
      base_url: sources.base_url,
      token_ciphertext: sources.token_ciphertext,
      filter: sources.filter,
      project_id: sources.project_id,
      created_at: sources.created_at,
      project_uuid: projects.uuid,
    })
    .from(sources)
    .leftJoin(projects, eq(projects.id, sources.project_id))
    .where(eq(sources.user_id, userId))
    .orderBy(asc(sources.id))
}

/** GET /api/sources: the user's sources, without their tokens. */
export async function listSources(ctx: AppContext, userId: number) {
  return (await ownSources(ctx, userId)).map(sourceOut)
}

/**
 * POST /api/sources: the base URL checked (https on a public host, or listed in
 * OUTBOUND_ALLOW_PRIVATE), the token encrypted; nothing is asked of the vendor yet.
 */
export async function createSource(ctx: AppContext, userId: number, input: SourcesModel.create) {
  const raw = input.base_url?.trim() || DEFAULT_BASE[input.kind]
  if (!raw) throw new BadRequest('base_url is required for Jira (the site root)')
  const { url } = await checkUrl(ctx, raw)
  const base = url.href.replace(/\/+$/, '')
  const token = input.token.trim()
  if (!token || /[\s]/.test(token)) throw new BadRequest('token is required (no spaces)')
  const key = tokenKey(ctx)
  const filter = input.filter?.trim() || null
  let projectId: number | null = null
  let projectUuid: string | null = null
  if (input.project_uuid) {
    const [p] = await ctx.db.orm
      .select({ id: projects.id, uuid: projects.uuid })
      .from(projects)
      .where(and(eq(projects.uuid, input.project_uuid), eq(projects.user_id, userId)))
    if (!p) throw new NotFound('Project not found')
    projectId = p.id
    projectUuid = p.uuid
  }
  const [count] = await ctx.db.rows<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM sources WHERE user_id = ${userId}`,
  )
  if (Number(count?.n ?? 0) >= 20) throw new Forbidden('At most 20 sources; revoke one first')
  const [row] = await ctx.db.orm
    .insert(sources)
    .values({
      user_id: userId,
      kind: input.kind,
      base_url: base,
      token_ciphertext: encryptToken(key, token),
      filter,
      project_id: projectId,
    })
    .returning()
  await logActivity(ctx.db, {
    userId,
    action: 'source_connected',
    entityType: 'source',
    entityId: row.id,
    details: input.kind,
  })
  return sourceOut({ ...row, project_uuid: projectUuid })
}

/** DELETE /api/sources/{id}: revoking deletes the row, its token with it. */
export async function deleteSource(ctx: AppContext, userId: number, id: number) {
  const deleted = await ctx.db.orm
    .delete(sources)
    .where(and(eq(sources.id, id), eq(sources.user_id, userId)))
    .returning({ id: sources.id })
  if (!deleted.length) throw new NotFound(NOT_FOUND)
  forget(id)
  await logActivity(ctx.db, {
    userId,
    action: 'source_revoked',
    entityType: 'source',
    entityId: id,
  })
  return { success: true, message: 'Source revoked' }
}

// ---- Suggestions ----------------------------------------------------------------------------

/**
 * The vendors' answers, per (source, week), for CACHE_MS: a cache of outside data in this
 * instance's memory (each instance asks the vendor itself at most once per window; nothing
 * shared depends on it). Failures are not kept: the next look asks again.
 */
export const CACHE_MS = 5 * 60_000
const MAX_CACHED = 2_000
const cache = new Map<string, { at: number; done: Promise<Done[]> }>()

function forget(sourceId: number) {
  for (const key of cache.keys()) if (key.startsWith(`${sourceId}:`)) cache.delete(key)
}

/** Empties the cache (tests). */
export const clearSuggestionCache = () => cache.clear()

function cachedDone(ctx: AppContext, c: Connection, week: Week, stored: string) {
  // The ciphertext in the key: a source whose token changed is asked afresh.
  const key = `${c.id}:${week.monday}:${createHash('sha256').update(stored).digest('hex')}`
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.done
  const done = doneInWeek(ctx, c, week)
  cache.set(key, { at: Date.now(), done })
  done.catch(() => cache.delete(key))
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string)
  return done
}

export const suggestionId = (sourceId: number, ref: string) =>
  `s${sourceId}-${createHash('sha256').update(ref).digest('hex').slice(0, 16)}`

type Suggestion = {
  id: string
  source_id: number
  kind: SourceKind
  title: string
  url: string
  occurred_at: string
  project_uuid: string | null
  section_type: 'standard'
  project_id: number | null
}

const weekOf = (report: Report): Week => ({
  monday: report.week_start_date,
  sunday: addDays(report.week_start_date, 6),
})

/** Every source's suggestions for the report's week, unfiltered, and each failure. */
async function fetchAll(ctx: AppContext, userId: number, report: Report) {
  const list = await ownSources(ctx, userId)
  const week = weekOf(report)
  const key = list.length ? tokenKey(ctx) : null
  const results = await Promise.all(
    list.map(async (s) => {
      const token = key ? decryptToken(key, s.token_ciphertext) : null
      if (!token)
        return { source: s, error: 'The token cannot be read with this server key: connect again' }
      try {
        const done = await cachedDone(
          ctx,
          { id: s.id, kind: s.kind, base_url: s.base_url, token, filter: s.filter },
          week,
          s.token_ciphertext,
        )
        return { source: s, done }
      } catch (error) {
        return {
          source: s,
          error: error instanceof VendorError ? error.message : 'The source could not be read',
        }
      }
    }),
  )
  const suggestions: Suggestion[] = []
  const errors: { source_id: number; error: string }[] = []
  const seen = new Set<string>()
  for (const r of results) {
    if (r.error !== undefined) {
      errors.push({ source_id: r.source.id, error: r.error })
      continue
    }
    for (const d of r.done ?? []) {
      // Only a web link becomes an item's source_url (the editor opens it): never javascript: etc.
      if (!/^https?:\/\//i.test(d.url)) continue
      const id = suggestionId(r.source.id, d.ref)
      if (seen.has(id)) continue
      seen.add(id)
      suggestions.push({
        id,
        source_id: r.source.id,
        kind: r.source.kind,
        title: d.title.slice(0, 500),
        url: d.url.slice(0, 2000),
        occurred_at: d.occurred_at,
        project_uuid: r.source.project_uuid,
        section_type: 'standard',
        project_id: r.source.project_id,
      })
    }
  }
  suggestions.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at) || a.id.localeCompare(b.id))
  return { suggestions, errors }
}

/** The links already in the report, carried into it, or in the user's previous report. */
async function linksTaken(ctx: AppContext, userId: number, report: Report) {
  const rows = await ctx.db.rows<{ url: string | null }>(sql`
    SELECT i.source_url AS url FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    WHERE s.report_id = ${report.id} AND i.source_url IS NOT NULL
    UNION
    SELECT p.source_url AS url FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    JOIN section_items p ON p.id = i.carried_from_item_id
    WHERE s.report_id = ${report.id} AND p.source_url IS NOT NULL
    UNION
    SELECT i.source_url AS url FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    WHERE s.report_id = (
      SELECT id FROM reports WHERE user_id = ${userId}
        AND week_start_date < ${report.week_start_date}
      ORDER BY week_start_date DESC LIMIT 1)
      AND i.source_url IS NOT NULL`)
  return new Set(rows.map((r) => r.url))
}

const publicSuggestion = ({ project_id: _, ...s }: Suggestion) => s

/**
 * GET /api/reports/{uuid}/suggestions: what each source shows the user doing in the report's
 * week, less what the report (or last week's) already has and what was accepted or dismissed
 * for this report. A failing source is one entry of `errors`; the others still answer.
 */
export async function reportSuggestions(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  const { suggestions, errors } = await fetchAll(ctx, userId, report)
  const taken = await linksTaken(ctx, userId, report)
  const states = await ctx.db.rows<{ suggestion_key: string }>(sql`
    SELECT suggestion_key FROM source_suggestion_states WHERE report_id = ${report.id}`)
  const decided = new Set(states.map((s) => s.suggestion_key))
  return {
    suggestions: suggestions
      .filter((s) => !taken.has(s.url) && !decided.has(s.id))
      .map(publicSuggestion),
    errors,
  }
}

async function itemAnswer(ctx: AppContext, userId: number, item: typeof sectionItems.$inferSelect) {
  const [aged] = await withAgeing(ctx, userId, [item])
  return { ...aged, source_url: item.source_url ?? null }
}

async function stateItem(ctx: AppContext, userId: number, reportId: number, key: string) {
  const row = await ctx.db.row<{ item_id: number | null }>(sql`
    SELECT item_id FROM source_suggestion_states
    WHERE report_id = ${reportId} AND suggestion_key = ${key} AND state = 'accepted'`)
  if (!row?.item_id) return undefined
  const [item] = await ctx.db.orm
    .select()
    .from(sectionItems)
    .where(and(eq(sectionItems.id, row.item_id), eq(sectionItems.user_id, userId)))
  return item
}

/**
 * POST /api/reports/{uuid}/suggestions/{id}/accept: an item with the title as content and the
 * link as `source_url`, in the report's first section of the suggestion's type (else its first
 * section), on the source's project. Once: the same suggestion again answers the same item, and
 * two accepts at once make one (the unique index on (section, source_url), then the state's on
 * (report, key)).
 */
export async function acceptSuggestion(ctx: AppContext, userId: number, uuid: string, id: string) {
  const report = await findReport(ctx, userId, uuid)
  const before = await stateItem(ctx, userId, report.id, id)
  if (before) return itemAnswer(ctx, userId, before)
  const { suggestions } = await fetchAll(ctx, userId, report)
  const found = suggestions.find((s) => s.id === id)
  if (!found) throw new NotFound(SUGGESTION_NOT_FOUND)
  const section = await ctx.db.row<{ id: number; section_type: string }>(sql`
    SELECT id, section_type FROM report_sections WHERE report_id = ${report.id}
    ORDER BY CASE WHEN section_type = ${found.section_type} THEN 0 ELSE 1 END, sort_order, id
    LIMIT 1`)
  if (!section) throw new BadRequest('Add a section to this report first')
  const existing = async () => {
    const [row] = await ctx.db.orm
      .select()
      .from(sectionItems)
      .where(and(eq(sectionItems.section_id, section.id), eq(sectionItems.source_url, found.url)))
    return row
  }
  let item = await existing()
  if (!item) {
    await itemRoom(ctx.db).take(userId, section.id)
    const type = { tasks: 'task', followups: 'followup' }[section.section_type] ?? 'standard'
    try {
      ;[item] = await ctx.db.orm
        .insert(sectionItems)
        .values({
          section_id: section.id,
          user_id: userId,
          content: found.title,
          item_type: type as 'standard' | 'task' | 'followup',
          project_id: found.project_id,
          source_url: found.url,
          sort_order: LAST_IN_SECTION,
        })
        .returning()
    } catch (error) {
      const raced = isUniqueViolation(error) ? await existing() : undefined
      if (!raced) throw error
      item = raced
    }
  }
  await ctx.db.exec(sql`
    INSERT INTO source_suggestion_states (user_id, report_id, suggestion_key, state, item_id)
    VALUES (${userId}, ${report.id}, ${id}, 'accepted', ${item.id})
    ON CONFLICT (report_id, suggestion_key)
    DO UPDATE SET state = 'accepted', item_id = excluded.item_id`)
  return itemAnswer(ctx, userId, item)
}

/** POST …/suggestions/{id}/dismiss: hidden for this report's week (an accepted one stays). */
export async function dismissSuggestion(ctx: AppContext, userId: number, uuid: string, id: string) {
  const report = await findReport(ctx, userId, uuid)
  await ctx.db.exec(sql`
    INSERT INTO source_suggestion_states (user_id, report_id, suggestion_key, state)
    VALUES (${userId}, ${report.id}, ${id}, 'dismissed')
    ON CONFLICT (report_id, suggestion_key) DO NOTHING`)
}
