// What the search dialog shows of a result, apart from how it looks: the filters, titles,
// subtitles, where a result opens and which quick actions it has. Pure; the dialog renders them.

import { paths } from '@cadence/core/paths'
import type { SearchResult, SearchResultType } from '../types'
import { formatDate } from './dates'

const STATUS_FILTERS = ['all', 'active', 'completed', 'submitted', 'draft'] as const
/** Every kind of result the server answers, in the order the dialog groups them. */
const CONTENT_TYPES = [
  'reports',
  'projects',
  'tasks',
  'followups',
  'team_members',
  'decisions',
  'metrics',
  'asks',
  'questions',
] as const
type SearchStatusFilter = (typeof STATUS_FILTERS)[number]
type SearchContentType = (typeof CONTENT_TYPES)[number]
type SearchFilters = { status: SearchStatusFilter; types: SearchContentType[] }
type SearchQuickAction = 'copy-link' | 'open-new-tab' | 'archive' | 'complete'
type SearchDialogStatus = 'idle' | 'loading' | 'error' | 'done'

const DEFAULT_SEARCH_FILTERS: SearchFilters = { status: 'all', types: [] }
const MIN_QUERY = 2
const HISTORY_SHOWN = 5
const TITLE_MAX = 60

const TYPE_OF: Record<SearchContentType, SearchResultType> = {
  reports: 'report',
  projects: 'project',
  tasks: 'task',
  followups: 'followup',
  team_members: 'team_member',
  decisions: 'decision',
  metrics: 'metric',
  asks: 'ask',
  questions: 'question',
}
/**
 * The group of each kind of result. A Record over the contract's kinds, so a kind the server
 * gains and the dialog does not group fails to compile instead of being counted and not drawn.
 */
const CONTENT_OF: Record<SearchResultType, SearchContentType> = {
  report: 'reports',
  project: 'projects',
  task: 'tasks',
  followup: 'followups',
  team_member: 'team_members',
  decision: 'decisions',
  metric: 'metrics',
  ask: 'asks',
  question: 'questions',
}
const TYPE_LABEL: Record<SearchContentType, string> = {
  reports: 'Reports',
  projects: 'Projects',
  tasks: 'Tasks',
  followups: 'Follow-ups',
  team_members: 'Team Members',
  decisions: 'Decisions',
  metrics: 'Metrics',
  asks: 'Asks',
  questions: "Readers' questions",
}
const STATUS_LABEL: Record<SearchStatusFilter, string> = {
  all: 'All',
  active: 'Active',
  completed: 'Completed',
  submitted: 'Submitted',
  draft: 'Draft',
}
function matchesStatus(r: SearchResult, status: SearchStatusFilter): boolean {
  switch (status) {
    case 'all':
      return true
    case 'active':
      return r.status === 'active' || r.is_completed === false
    case 'completed':
      return r.status === 'completed' || r.is_completed === true
    case 'submitted':
    case 'draft':
      return r.status === status
  }
}

/** Results narrowed by the status filter and the chosen content types (none chosen = all). */
function filterResults(results: SearchResult[], filters: SearchFilters): SearchResult[] {
  const types = new Set(filters.types.map((t) => TYPE_OF[t]))
  return results.filter(
    (r) => (types.size === 0 || types.has(r.type)) && matchesStatus(r, filters.status),
  )
}

/** The shown title of a result; task and follow-up text is cut at 60 characters plus '…'. */
function resultTitle(r: SearchResult): string {
  switch (r.type) {
    case 'report':
      return (
        r.title?.trim() ||
        (r.source === 'team_update' && r.team_member_name
          ? `${r.team_member_name}'s report`
          : 'Untitled Report')
      )
    case 'project':
    case 'team_member':
      return r.name ?? r.title ?? ''
    case 'decision':
      return r.title ?? ''
    case 'metric':
      return r.name ?? r.title ?? ''
    default: {
      const text = r.content ?? r.title ?? ''
      return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX)}…` : text
    }
  }
}

/** What others share with the user: shown in groups of their own, after the user's own results. */
const SHARED_GROUPS = [
  { source: 'team_update', heading: 'Team updates' },
  { source: 'assigned', heading: 'Assigned to me' },
] as const
const isShared = (r: SearchResult) => r.source === 'team_update' || r.source === 'assigned'

/**
 * Where a result opens. A task or follow-up opens where it lives: its report, or the team member
 * whose own list it is on. A teammate's report opens in Team updates at its week; an item assigned
 * to the user in 'Assigned to me' on the dashboard.
 */
function searchResultHref(r: SearchResult): string | null {
  if (r.source === 'team_update')
    return r.week_start_date ? paths.teamUpdates(r.week_start_date) : paths.teamUpdates()
  if (r.source === 'assigned') return paths.dashboard('assigned-to-me')
  switch (r.type) {
    case 'report':
      return r.uuid ? paths.report(r.uuid) : null
    case 'project':
      return r.uuid ? paths.project(r.uuid) : null
    case 'team_member':
      return r.uuid ? paths.teamMember(r.uuid) : null
    case 'metric':
      return paths.settings('metrics')
    case 'question':
      return r.report_uuid ? paths.report(r.report_uuid, 'questions') : null
    case 'decision':
      return paths.decisions(r.title ?? '')
    default:
      if (r.source === 'team_member')
        return r.team_member_uuid ? paths.teamMember(r.team_member_uuid) : null
      return r.report_uuid ? paths.report(r.report_uuid) : null
  }
}

/** Unique per result: a report item and a member's own task may share an id. */
function resultKey(r: SearchResult) {
  return `${r.type}-${r.source ?? ''}-${r.uuid ?? r.id ?? resultTitle(r)}`
}

const openOrDone = (r: SearchResult) =>
  r.type === 'task' || r.type === 'followup' ? (r.is_completed ? 'Completed' : 'Open') : null

function resultSubtitle(r: SearchResult): string | null {
  const week = r.week_start_date && `Week of ${formatDate(r.week_start_date)}`
  if (r.source === 'team_update')
    return [r.team_member_name && `From ${r.team_member_name}`, week, openOrDone(r)]
      .filter(Boolean)
      .join(' · ')
  if (r.source === 'assigned')
    return [r.assigned_by_name && `From ${r.assigned_by_name}`, r.project_name, week, openOrDone(r)]
      .filter(Boolean)
      .join(' · ')
  switch (r.type) {
    case 'report':
      return [
        r.week_start_date && `Week of ${formatDate(r.week_start_date)}`,
        r.status === 'submitted' ? 'Submitted' : r.status === 'draft' ? 'Draft' : null,
      ]
        .filter(Boolean)
        .join(' · ')
    case 'project':
      return r.status === 'archived' ? 'Archived' : 'Active'
    case 'team_member':
      return r.email ?? null
    case 'decision':
      return [
        r.decided_on && `Decided ${formatDate(r.decided_on)}`,
        r.team_member_name,
        r.project_name,
      ]
        .filter(Boolean)
        .join(' · ')
    case 'metric':
      // A metric is neither open nor completed: its name says all the result has.
      return null
    case 'question':
      return [r.name && `Asked by ${r.name}`, r.report_title, week].filter(Boolean).join(' · ')
    case 'ask':
      return [r.report_title, r.is_completed ? 'Closed' : 'Open'].filter(Boolean).join(' · ')
    default:
      return [
        r.source === 'team_member' ? r.team_member_name : r.report_title,
        r.is_completed ? 'Completed' : 'Open',
      ]
        .filter(Boolean)
        .join(' · ')
  }
}

function quickActionsFor(r: SearchResult): SearchQuickAction[] {
  const actions: SearchQuickAction[] = ['copy-link', 'open-new-tab']
  if (r.type === 'project' && r.status === 'active') actions.push('archive')
  // A teammate's report is read-only to its reader.
  if (
    (r.type === 'task' || r.type === 'followup') &&
    r.is_completed === false &&
    r.source !== 'team_update'
  )
    actions.push('complete')
  return actions
}

export type {
  SearchContentType,
  SearchDialogStatus,
  SearchFilters,
  SearchQuickAction,
  SearchStatusFilter,
}
export {
  CONTENT_OF,
  CONTENT_TYPES,
  DEFAULT_SEARCH_FILTERS,
  filterResults,
  HISTORY_SHOWN,
  isShared,
  MIN_QUERY,
  quickActionsFor,
  resultKey,
  resultSubtitle,
  resultTitle,
  SHARED_GROUPS,
  STATUS_FILTERS,
  STATUS_LABEL,
  searchResultHref,
  TYPE_LABEL,
  TYPE_OF,
}
