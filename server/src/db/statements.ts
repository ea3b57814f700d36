import type { ProjectWithCounts } from '@cadence/contract'
import type { Entity } from '../search/candidates'
import type { ParsedQuery } from '../search/query'
import type { IndexRow } from '../search/rank'
import type { sectionItems, users } from './schema'

/**
 * The hand-tuned statements of the hot paths, `db.q.<area>`: declared once here, implemented by
 * each engine side by side with the same answers (src/db/sqlite/statements/<area>.ts and
 * src/db/pg/statements/<area>.ts; search's are src/search/sqlite.ts and src/search/pg.ts). Neither
 * engine's folder imports the other's.
 */
export interface Statements {
  auth: AuthStatements
  items: ItemStatements
  projects: ProjectStatements
  search: SearchStatements
}

// ---- auth: the session lookups of every authenticated request ----

export type SessionRow = { user_id: number; expires_at: string }
export type UserRow = typeof users.$inferSelect
export type PeekRow = {
  userId: number
  expiresAt: string
  lastSeenAt: string | null
  email: string
  version: number
  shared: number
  /** The linked team members' data versions summed: their sent reports show on the user's. */
  team: number | string
}

export interface AuthStatements {
  /** The session and its user; undefined when either is missing. */
  sessionUser(id: string): Promise<{ session: SessionRow; user: UserRow } | undefined>
  /**
   * The session's user and that user's data version (src/lib/http-cache.ts), in one read. SQLite
   * answers without a promise unless a write batch holds the connection: the cached GETs are
   * answered without one when they can be.
   */
  peek(id: string): PeekRow | undefined | Promise<PeekRow | undefined>
}

// ---- items: report item writes (the hot write path) and carried-from chains ----

/** An item as stored: its booleans are 0/1 in both engines' rows. */
export type RawItemRow = Omit<
  typeof sectionItems.$inferSelect,
  'is_completed' | 'is_ask' | 'from_reader' | 'include_in_brief'
> & {
  is_completed: number
  is_ask: number
  from_reader: number
  include_in_brief: number
}
/** Whether the optional project and team member (null: none given) belong to the user. */
export type Refs = { project_ok: number; member_ok: number; start_day: string | null }
/** The user's section and its report's week. */
export type SectionInfo = Refs & {
  section_type: 'standard' | 'tasks' | 'followups'
  week_start_date: string
}
/** The user's item, its report's week and whether a later copy of it exists. */
export type FoundItem = Refs & {
  carried_from_item_id: number | null
  week_start_date: string
  carried_forward: number
}
/**
 * What to insert (it goes last in its section): `item_type` null takes the section's kind's
 * type from `typeFor`, the service's rule.
 */
export type NewItem = {
  content: string
  item_type: string | null
  typeFor: Record<SectionInfo['section_type'], string>
}
/** The columns to change (a subset of the updatable ones) and their stored values, in order. */
export type ItemChange = { columns: string[]; values: (string | number | null)[] }
export type Ids = {
  userId: number
  projectId: number | null
  memberId: number | null
  /** Set when the user is the session's by a hint, not by a read: the write checks it itself. */
  session?: SessionCheck
}
/**
 * A session a write checks in its own statement, so that the request read nothing before it
 * (modules/auth/session-hints.ts): the write happens only when this session is still the user's,
 * is not due for renewal (expires at or after `expiresAfter`) and its user was already seen on
 * `seenOn` (the day's first request records it, the ordinary way). Otherwise it writes nothing,
 * as for a section that is not the user's.
 */
export type SessionCheck = { id: string; expiresAfter: string; seenOn: string }
/** What an edit's UPDATE returns beside the row, under these names on both engines. */
export type EditedFields = {
  found$week: string
  found$carried_forward: number
  found$start_day: string | null
}
/** An edit's returned row: the item as stored, and what the answer needs of its report. */
export function splitEdited(returned: RawItemRow & EditedFields): {
  found: FoundItem
  row: RawItemRow
} {
  const {
    found$week: week_start_date,
    found$carried_forward: carried_forward,
    found$start_day: start_day,
    ...row
  } = returned
  const found: FoundItem = {
    carried_from_item_id: row.carried_from_item_id,
    week_start_date,
    carried_forward,
    start_day,
    project_ok: 1,
    member_ok: 1,
  }
  return { found, row }
}
/** An item's carried-from chain: its first copy's report week and whether a later copy exists. */
export type ChainRow = {
  item_id: number
  carried_forward: number
  origin_week_start_date: string
  report_week_start_date: string
}

/**
 * An edit is one statement: it writes only when the item, and the project and team member it
 * gets, are the user's, and returns the row with what the answer needs (the report's week, the
 * user's week start, whether a later copy exists). A new item is a read of its section (which
 * also locks it on PostgreSQL) and one insert. Refused (null), the service reads why (`section`,
 * `item`): that read is on the error path only.
 */
export interface ItemStatements {
  /** The user's section and its report's week, with the references' state; undefined when not the user's. */
  section(sectionId: number, ids: Ids): Promise<SectionInfo | undefined>
  /** The user's item and its report's week, with the references' state; undefined when not the user's. */
  item(id: number, ids: Ids): Promise<FoundItem | undefined>
  /** Inserts the item last in the user's section; null when anything referred to is not the user's. */
  create(
    sectionId: number,
    ids: Ids,
    item: NewItem,
  ): Promise<{ section: SectionInfo; row: RawItemRow } | null>
  /** Updates the user's item; null when it, or the project or member it gets, is not the user's. */
  update(
    id: number,
    ids: Ids,
    now: string,
    change: ItemChange,
  ): Promise<{ found: FoundItem; row: RawItemRow } | null>
  /** Deletes the user's item; answers how many rows went (0 or 1). */
  delete(id: number, userId: number): Promise<number>
  /** Each item's carried-from chain (src/modules/section-items/ageing.ts). */
  chains(userId: number, itemIds: number[]): Promise<ChainRow[]>
}

// ---- projects: the projects list with its counts ----

export interface ProjectStatements {
  /** The user's projects with their counts (one project with `projectId`), in no set order. */
  withCounts(userId: number, projectId?: number | null): Promise<ProjectWithCounts[]>
}

// ---- search: the index and what a search reads ----

export interface SearchStatements {
  /** Before a query: what is pending goes into the index, so results are never stale. */
  prepare(): Promise<void>
  /** Soon after a write on the hot path: its pending entries are applied in the background. */
  syncSoon(): void
  /** Filters only: the rowids of the newest `limit` entries of the kinds asked for. */
  newest(userId: number, codes: number[] | null, limit: number): Promise<number[]>
  /**
   * The rowids of the newest `limit` entries matching the query's text (older than `before` when
   * given), newest first, read in rowid order from the index (issue 45: never every match);
   * `exact` when the engine matched phrases and prefixes as the ranking counts them (otherwise
   * more are answered, to be checked); `more` when there may be older ones.
   */
  matches(
    userId: number,
    codes: number[] | null,
    query: ParsedQuery,
    limit: number,
    before?: number,
  ): Promise<{ ids: number[]; exact: boolean; more: boolean }>
  /** The user's index entries of these rowids with their text, for ranking, in the order given. */
  texts(userId: number, ids: number[]): Promise<IndexRow[]>
  /** The user's rows of one kind, by id. */
  load(entity: Entity, userId: number, ids: number[]): Promise<Record<string, unknown>[]>
  /** Ids of the user's projects whose name contains `name`, case-insensitively. */
  projectIds(userId: number, name: string): Promise<number[]>
  /** Reports (ids) with at least one item in one of `projects`. */
  reportsWithProjects(userId: number, projects: number[]): Promise<number[]>
}
