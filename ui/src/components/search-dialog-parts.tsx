// The parts of SearchDialog (./search-dialog.tsx): bar, filters, states, result groups, footer.
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { Command } from 'cmdk'
import {
  Archive as LucideArchive,
  Bookmark as LucideBookmark,
  CheckCircle2 as LucideCheckCircle2,
  Clock as LucideClock,
  ExternalLink as LucideExternalLink,
  FileText as LucideFileText,
  FolderKanban as LucideFolderKanban,
  Gavel as LucideGavel,
  Hand as LucideHand,
  History as LucideHistory,
  LineChart as LucideLineChart,
  Link2 as LucideLink2,
  ListChecks as LucideListChecks,
  MessageCircleQuestion as LucideMessageCircleQuestion,
  MessageSquareReply as LucideMessageSquareReply,
  Search as LucideSearch,
  SlidersHorizontal as LucideSlidersHorizontal,
  TriangleAlert as LucideTriangleAlert,
  UserRound as LucideUserRound,
  X as LucideX,
} from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'
import {
  CONTENT_OF,
  CONTENT_TYPES,
  HISTORY_SHOWN,
  isShared,
  quickActionsFor,
  resultKey,
  resultSubtitle,
  resultTitle,
  type SearchContentType,
  type SearchDialogStatus,
  type SearchFilters,
  type SearchQuickAction,
  SHARED_GROUPS,
  STATUS_FILTERS,
  STATUS_LABEL,
  TYPE_LABEL,
} from '../lib/search-results'
import { icon } from '../primitives/icon'
import { Spinner } from '../primitives/spinner'
import type { SavedSearch, SearchResult, SearchResultType } from '../types'

const Archive = /* @__PURE__ */ icon(LucideArchive)
const Bookmark = /* @__PURE__ */ icon(LucideBookmark)
const CheckCircle2 = /* @__PURE__ */ icon(LucideCheckCircle2)
const Clock = /* @__PURE__ */ icon(LucideClock)
const ExternalLink = /* @__PURE__ */ icon(LucideExternalLink)
const FileText = /* @__PURE__ */ icon(LucideFileText)
const FolderKanban = /* @__PURE__ */ icon(LucideFolderKanban)
const Gavel = /* @__PURE__ */ icon(LucideGavel)
const Hand = /* @__PURE__ */ icon(LucideHand)
const History = /* @__PURE__ */ icon(LucideHistory)
const LineChart = /* @__PURE__ */ icon(LucideLineChart)
const Link2 = /* @__PURE__ */ icon(LucideLink2)
const ListChecks = /* @__PURE__ */ icon(LucideListChecks)
const MessageCircleQuestion = /* @__PURE__ */ icon(LucideMessageCircleQuestion)
const MessageSquareReply = /* @__PURE__ */ icon(LucideMessageSquareReply)
const Search = /* @__PURE__ */ icon(LucideSearch)
const SlidersHorizontal = /* @__PURE__ */ icon(LucideSlidersHorizontal)
const TriangleAlert = /* @__PURE__ */ icon(LucideTriangleAlert)
const UserRound = /* @__PURE__ */ icon(LucideUserRound)
const X = /* @__PURE__ */ icon(LucideX)

const TYPE_ICON: Record<SearchResultType, typeof FileText> = {
  report: FileText,
  project: FolderKanban,
  task: ListChecks,
  followup: MessageSquareReply,
  team_member: UserRound,
  decision: Gavel,
  metric: LineChart,
  ask: Hand,
  question: MessageCircleQuestion,
}

const ACTION_META: Record<SearchQuickAction, { label: string; icon: typeof Link2 }> = {
  'copy-link': { label: 'Copy link', icon: Link2 },
  'open-new-tab': { label: 'Open in new tab', icon: ExternalLink },
  archive: { label: 'Archive project', icon: Archive },
  complete: { label: 'Mark completed', icon: CheckCircle2 },
}

type SearchPanel = 'none' | 'history' | 'filters'

function HistoryGroup({
  heading,
  entries,
  icon: Icon,
  onSelect,
}: {
  heading: string
  entries: SavedSearch[]
  icon: typeof Clock
  onSelect?: (entry: SavedSearch) => void
}) {
  if (entries.length === 0) return null
  return (
    <Command.Group heading={heading} className="cad-search__group">
      {entries.slice(0, HISTORY_SHOWN).map((entry) => (
        <Command.Item
          key={`${heading}-${entry.id}`}
          value={`${heading}-${entry.id}`}
          className="cad-search__item"
          onSelect={() => onSelect?.(entry)}
        >
          <Icon size={16} aria-hidden className="cad-search__item-icon" />
          <span className="cad-search__item-title">{entry.query}</span>
          <span className="cad-search__item-sub cad-tabular">
            {entry.resultCount} {entry.resultCount === 1 ? 'result' : 'results'}
          </span>
        </Command.Item>
      ))}
    </Command.Group>
  )
}

/** Recent, then saved searches. */
function HistoryGroups({
  recent,
  saved,
  onSelect,
}: {
  recent: SavedSearch[]
  saved: SavedSearch[]
  onSelect?: (entry: SavedSearch) => void
}) {
  return (
    <>
      <HistoryGroup heading="Recent searches" entries={recent} icon={Clock} onSelect={onSelect} />
      <HistoryGroup heading="Saved searches" entries={saved} icon={Bookmark} onSelect={onSelect} />
    </>
  )
}

/** A result's pointer shortcuts, shown on hover. */
function HoverActions({
  result,
  onQuickAction,
}: {
  result: SearchResult
  onQuickAction: (action: SearchQuickAction, result: SearchResult) => void
}) {
  return (
    // The keyboard reaches the same actions for the highlighted result in the footer, so these
    // stay out of the accessibility tree.
    <span
      className="cad-search__actions"
      data-slot="search-quick-actions"
      aria-hidden
      onPointerDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        const action = (e.target as HTMLElement).closest<HTMLElement>('[data-action]')?.dataset
          .action as SearchQuickAction | undefined
        if (!action) return
        e.stopPropagation()
        onQuickAction(action, result)
      }}
    >
      {quickActionsFor(result).map((a) => {
        const { label, icon: AIcon } = ACTION_META[a]
        return (
          <span key={a} className="cad-search__action" data-action={a} title={label}>
            <AIcon size={14} aria-hidden />
          </span>
        )
      })}
    </span>
  )
}

type ResultActions = {
  onOpen: (result: SearchResult) => void
  onQuickAction?: (action: SearchQuickAction, result: SearchResult) => void
}

function ResultGroup({
  heading,
  group,
  onOpen,
  onQuickAction,
}: ResultActions & { heading: string; group: SearchResult[] }) {
  if (group.length === 0) return null
  return (
    <Command.Group heading={heading} className="cad-search__group">
      {group.map((r) => {
        const Icon = TYPE_ICON[r.type]
        const sub = resultSubtitle(r)
        const key = resultKey(r)
        return (
          <Command.Item
            key={key}
            value={key}
            className="cad-search__item"
            data-slot="search-result"
            onSelect={() => onOpen(r)}
          >
            <Icon size={16} aria-hidden className="cad-search__item-icon" />
            <span className="cad-search__item-text">
              <span className="cad-search__item-title">{resultTitle(r)}</span>
              {sub && <span className="cad-search__item-sub">{sub}</span>}
            </span>
            {onQuickAction && <HoverActions result={r} onQuickAction={onQuickAction} />}
          </Command.Item>
        )
      })}
    </Command.Group>
  )
}

/** The results by kind (reports, projects, …), then those shared with the user by source. */
function ResultGroups({ shown, ...actions }: ResultActions & { shown: SearchResult[] }) {
  return (
    <>
      {CONTENT_TYPES.map((ct) => (
        <ResultGroup
          key={ct}
          heading={TYPE_LABEL[ct]}
          group={shown.filter((r) => !isShared(r) && CONTENT_OF[r.type] === ct)}
          {...actions}
        />
      ))}
      {SHARED_GROUPS.map((g) => (
        <ResultGroup
          key={g.source}
          heading={g.heading}
          group={shown.filter((r) => r.source === g.source)}
          {...actions}
        />
      ))}
    </>
  )
}

/**
 * The line above the list in place of results: the hint for a short query, searching, failed,
 * or nothing found; null when there are results to list.
 */
function SearchStateLine({
  short,
  status,
  query,
  loadingEmpty,
  noneShown,
  filtered,
}: {
  short: boolean
  status: SearchDialogStatus
  query: string
  loadingEmpty: boolean
  noneShown: boolean
  filtered: boolean
}) {
  if (short)
    return (
      <div className="cad-search__hint" data-slot="search-hint">
        <p>Type at least 2 characters to search</p>
        <p className="cad-search__tips">
          Use <kbd>"quotes"</kbd> for exact phrases, <kbd>type:task</kbd> to pick a kind,{' '}
          <kbd>project:"name"</kbd> to search one project.
        </p>
        <p className="cad-search__tips">
          Words find the words they begin (<kbd>bud</kbd> finds budget); a single letter finds only
          that word. Repeated words count once, and only the first 12 words are searched.
        </p>
      </div>
    )
  if (loadingEmpty)
    return (
      <div className="cad-search__state">
        <Spinner label="Searching..." />
      </div>
    )
  if (status === 'error')
    return (
      <div className="cad-search__state cad-search__state--error" role="alert">
        <TriangleAlert size={20} aria-hidden />
        <p className="cad-search__state-title">Search failed. Please try again.</p>
        <p className="cad-muted">Please check your connection and try again</p>
      </div>
    )
  if (noneShown)
    return (
      <div className="cad-search__state">
        <p className="cad-search__state-title">
          No results found for <q className="cad-break">{query.trim()}</q>
        </p>
        {filtered && <p className="cad-muted">Some results may be hidden by filters.</p>}
        <ul className="cad-search__tips cad-search__try" aria-label="Try">
          {noResultTips(query).map((tip) => (
            <li key={tip.key}>{tip.text}</li>
          ))}
        </ul>
      </div>
    )
  return null
}

const OPERATOR = /\b(type|project|status|health):("[^"]*"|\S+)/gi

/** What to try when a query finds nothing, from what the query holds: its next step. */
export function noResultTips(query: string) {
  const operators = query.match(OPERATOR) ?? []
  const words = query.replace(OPERATOR, ' ').replace(/"/g, ' ').trim().split(/\s+/).filter(Boolean)
  const tips: Array<{ key: string; text: React.ReactNode }> = []
  if (words.length > 1)
    tips.push({ key: 'fewer', text: 'Try fewer words: results match every word.' })
  else if (words.length === 1)
    tips.push({
      key: 'shorter',
      text: (
        <>
          Try the start of the word (<kbd>bud</kbd> finds budget) or check its spelling.
        </>
      ),
    })
  if (query.includes('"'))
    tips.push({ key: 'quotes', text: 'Drop the quotes to find the words anywhere.' })
  if (operators.length)
    tips.push({
      key: 'operators',
      text: (
        <>
          Remove <kbd>{operators.join(' ')}</kbd> to search everything.
        </>
      ),
    })
  else
    tips.push({
      key: 'type',
      text: (
        <>
          Or pick a kind with <kbd>type:task</kbd>, <kbd>type:report</kbd> or{' '}
          <kbd>type:project</kbd>.
        </>
      ),
    })
  return tips
}

/**
 * Under the bar: the history panel or the state line, then the options (history for a short
 * query, else the results by group).
 */
function SearchList({
  panel,
  short,
  status,
  query,
  results,
  shown,
  filtered,
  recent,
  saved,
  onSelectHistory,
  onOpen,
  onQuickAction,
}: ResultActions & {
  panel: SearchPanel
  short: boolean
  status: SearchDialogStatus
  query: string
  /** Every result the app gave; `shown` is what the filters keep. */
  results: SearchResult[]
  shown: SearchResult[]
  filtered: boolean
  recent: SavedSearch[]
  saved: SavedSearch[]
  onSelectHistory?: (entry: SavedSearch) => void
}) {
  const loadingEmpty = status === 'loading' && results.length === 0
  const noneShown = status === 'done' && shown.length === 0
  const hasState = short || loadingEmpty || status === 'error' || noneShown
  const hasHistory = recent.length + saved.length > 0
  const hasHistoryPanel = panel === 'history' && !short && hasHistory
  const hasOptions = short ? hasHistory : !hasState && shown.length > 0
  return (
    <div className="cad-search__list">
      {panel === 'history' && !short && !hasHistory && (
        <p className="cad-search__state">No search history yet</p>
      )}
      <SearchStateLine
        short={short}
        status={status}
        query={query}
        loadingEmpty={loadingEmpty}
        noneShown={noneShown}
        filtered={filtered}
      />
      <Command.List
        className="cad-search__options"
        aria-label="Search results"
        hidden={!hasHistoryPanel && !hasOptions}
      >
        {hasHistoryPanel && (
          <HistoryGroups recent={recent} saved={saved} onSelect={onSelectHistory} />
        )}
        {hasOptions &&
          (short ? (
            <HistoryGroups recent={recent} saved={saved} onSelect={onSelectHistory} />
          ) : (
            <ResultGroups shown={shown} onOpen={onOpen} onQuickAction={onQuickAction} />
          ))}
      </Command.List>
    </div>
  )
}

/** The input and its tools: save, history, filters, close. */
function SearchBar({
  query,
  onQueryChange,
  inputRef,
  searching,
  short,
  onSaveSearch,
  panel,
  onTogglePanel,
  filtered,
}: {
  query: string
  onQueryChange: (query: string) => void
  inputRef: (node: HTMLInputElement | null) => void
  /** Searching while results are shown: a spinner in the bar. */
  searching: boolean
  short: boolean
  onSaveSearch?: () => void
  panel: SearchPanel
  onTogglePanel: (panel: Exclude<SearchPanel, 'none'>) => void
  filtered: boolean
}) {
  return (
    <div className="cad-search__bar">
      <Search size={18} aria-hidden className="cad-search__bar-icon" />
      <Command.Input
        ref={inputRef}
        value={query}
        onValueChange={onQueryChange}
        placeholder="Search everything..."
        className="cad-search__input"
        aria-label="Search"
      />
      {searching && <Spinner label="Searching..." />}
      <button
        type="button"
        className="cad-search__tool"
        aria-label="Save search"
        title="Save search"
        disabled={short || !onSaveSearch}
        onClick={onSaveSearch}
      >
        <Bookmark size={16} aria-hidden />
      </button>
      <button
        type="button"
        className="cad-search__tool"
        aria-label="Search history"
        title="Search history"
        aria-pressed={panel === 'history'}
        onClick={() => onTogglePanel('history')}
      >
        <History size={16} aria-hidden />
      </button>
      <button
        type="button"
        className={cn('cad-search__tool', filtered && 'cad-search__tool--on')}
        aria-label={filtered ? 'Filters (active)' : 'Filters'}
        title="Filters"
        aria-pressed={panel === 'filters'}
        onClick={() => onTogglePanel('filters')}
      >
        <SlidersHorizontal size={16} aria-hidden />
      </button>
      <DialogPrimitive.Close className="cad-search__tool" aria-label="Close search">
        <X size={16} aria-hidden />
      </DialogPrimitive.Close>
    </div>
  )
}

/** Status and type chips; each change goes to the app at once. */
function FilterPanel({
  filters,
  onFiltersChange,
}: {
  filters: SearchFilters
  onFiltersChange?: (filters: SearchFilters) => void
}) {
  const toggleType = (t: SearchContentType) =>
    onFiltersChange?.({
      ...filters,
      types: filters.types.includes(t)
        ? filters.types.filter((x) => x !== t)
        : [...filters.types, t],
    })
  return (
    <div className="cad-search__filters" data-slot="search-filters">
      <fieldset className="cad-search__chips">
        <legend className="cad-search__chips-label">Status</legend>
        {STATUS_FILTERS.map((s) => (
          <button
            key={s}
            type="button"
            className="cad-search__chip"
            aria-pressed={filters.status === s}
            onClick={() => onFiltersChange?.({ ...filters, status: s })}
          >
            {STATUS_LABEL[s]}
          </button>
        ))}
      </fieldset>
      <fieldset className="cad-search__chips">
        <legend className="cad-search__chips-label">Types</legend>
        {CONTENT_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            className="cad-search__chip"
            aria-pressed={filters.types.includes(t)}
            onClick={() => toggleType(t)}
          >
            {TYPE_LABEL[t]}
          </button>
        ))}
      </fieldset>
    </div>
  )
}

/** The count, the highlighted result's actions (for the keyboard) and the keys. */
function SearchFooter({
  count,
  selected,
  onQuickAction,
}: {
  /** Results shown; null while the query is too short. */
  count: number | null
  selected?: SearchResult
  onQuickAction?: (action: SearchQuickAction, result: SearchResult) => void
}) {
  return (
    <footer className="cad-search__footer">
      <span className="cad-tabular" aria-live="polite">
        {count === null ? '' : `${count} ${count === 1 ? 'result' : 'results'}`}
      </span>
      {selected && onQuickAction && (
        <fieldset className="cad-search__footer-actions">
          <legend className="cad-sr-only">Actions for {resultTitle(selected)}</legend>
          {quickActionsFor(selected).map((a) => {
            const { label, icon: AIcon } = ACTION_META[a]
            return (
              <button
                key={a}
                type="button"
                className="cad-search__action"
                aria-label={label}
                title={label}
                onClick={() => onQuickAction(a, selected)}
              >
                <AIcon size={14} aria-hidden />
              </button>
            )
          })}
        </fieldset>
      )}
      <span className="cad-search__keys" aria-hidden>
        <kbd>↑</kbd>
        <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
      </span>
    </footer>
  )
}

export type { SearchPanel }
export { FilterPanel, SearchBar, SearchFooter, SearchList }
