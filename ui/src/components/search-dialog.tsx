import * as DialogPrimitive from '@radix-ui/react-dialog'
import { Command } from 'cmdk'
import {
  Archive,
  Bookmark,
  CheckCircle2,
  Clock,
  ExternalLink,
  FileText,
  FolderKanban,
  History,
  Link2,
  ListChecks,
  MessageSquareReply,
  Search,
  SlidersHorizontal,
  TriangleAlert,
  UserRound,
  X,
} from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import {
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
  type SearchContentType,
  type SearchDialogStatus,
  type SearchFilters,
  type SearchQuickAction,
  type SearchStatusFilter,
  SHARED_GROUPS,
  STATUS_FILTERS,
  STATUS_LABEL,
  searchResultHref,
  TYPE_LABEL,
  TYPE_OF,
} from '../lib/search-results'
import { Spinner } from '../primitives/spinner'
import type { SavedSearch, SearchResult, SearchResultType } from '../types'

const TYPE_ICON: Record<SearchResultType, typeof FileText> = {
  report: FileText,
  project: FolderKanban,
  task: ListChecks,
  followup: MessageSquareReply,
  team_member: UserRound,
}

const ACTION_META: Record<SearchQuickAction, { label: string; icon: typeof Link2 }> = {
  'copy-link': { label: 'Copy link', icon: Link2 },
  'open-new-tab': { label: 'Open in new tab', icon: ExternalLink },
  archive: { label: 'Archive project', icon: Archive },
  complete: { label: 'Mark completed', icon: CheckCircle2 },
}

type SearchDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  query: string
  onQueryChange: (query: string) => void
  results: SearchResult[]
  status: SearchDialogStatus
  filters?: SearchFilters
  onFiltersChange?: (filters: SearchFilters) => void
  recent?: SavedSearch[]
  saved?: SavedSearch[]
  onSaveSearch?: () => void
  onSelectHistory?: (entry: SavedSearch) => void
  onOpen: (result: SearchResult) => void
  onQuickAction?: (action: SearchQuickAction, result: SearchResult) => void
  /** The search input, e.g. for the app's Ctrl/Cmd+/ shortcut. */
  inputRef?: React.Ref<HTMLInputElement>
}

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

function SearchDialog({
  open,
  onOpenChange,
  query,
  onQueryChange,
  results,
  status,
  filters = DEFAULT_SEARCH_FILTERS,
  onFiltersChange,
  recent = [],
  saved = [],
  onSaveSearch,
  onSelectHistory,
  onOpen,
  onQuickAction,
  inputRef,
}: SearchDialogProps) {
  const [panel, setPanel] = React.useState<'none' | 'history' | 'filters'>('none')
  const [selected, setSelected] = React.useState('')
  const localInput = React.useRef<HTMLInputElement>(null)
  const short = query.trim().length < MIN_QUERY
  const shown = filterResults(results, filters)
  const filtered = filters.status !== 'all' || filters.types.length > 0

  const setRefs = (node: HTMLInputElement | null) => {
    localInput.current = node
    if (typeof inputRef === 'function') inputRef(node)
    else if (inputRef) (inputRef as React.RefObject<HTMLInputElement | null>).current = node
  }
  const toggleType = (t: SearchContentType) =>
    onFiltersChange?.({
      ...filters,
      types: filters.types.includes(t)
        ? filters.types.filter((x) => x !== t)
        : [...filters.types, t],
    })

  let state: React.ReactNode = null
  let body: React.ReactNode = null
  if (short) {
    state = (
      <div className="cad-search__hint" data-slot="search-hint">
        <p>Type at least 2 characters to search</p>
        <p className="cad-search__tips">
          Use <kbd>"quotes"</kbd> for exact phrases, <kbd>type:task</kbd> to pick a kind,{' '}
          <kbd>project:"name"</kbd> to search one project.
        </p>
      </div>
    )
    body = (
      <>
        <HistoryGroup
          heading="Recent searches"
          entries={recent}
          icon={Clock}
          onSelect={onSelectHistory}
        />
        <HistoryGroup
          heading="Saved searches"
          entries={saved}
          icon={Bookmark}
          onSelect={onSelectHistory}
        />
      </>
    )
  } else if (status === 'loading' && results.length === 0) {
    state = (
      <div className="cad-search__state">
        <Spinner label="Searching..." />
      </div>
    )
  } else if (status === 'error') {
    state = (
      <div className="cad-search__state cad-search__state--error" role="alert">
        <TriangleAlert size={20} aria-hidden />
        <p className="cad-search__state-title">Search failed. Please try again.</p>
        <p className="cad-muted">Please check your connection and try again</p>
      </div>
    )
  } else if (status === 'done' && shown.length === 0) {
    state = (
      <div className="cad-search__state">
        <p className="cad-search__state-title">
          No results found for <q className="cad-break">{query.trim()}</q>
        </p>
        {filtered && <p className="cad-muted">Some results may be hidden by filters.</p>}
      </div>
    )
  } else {
    const renderGroup = (key: string, heading: string, group: SearchResult[]) => {
      if (group.length === 0) return null
      return (
        <Command.Group key={key} heading={heading} className="cad-search__group">
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
                {onQuickAction && (
                  // Pointer shortcuts on hover; the keyboard reaches the same actions for the
                  // highlighted result in the footer, so these stay out of the accessibility tree.
                  <span
                    className="cad-search__actions"
                    data-slot="search-quick-actions"
                    aria-hidden
                    onPointerDown={(e) => e.stopPropagation()}
                    onClick={(e) => {
                      const action = (e.target as HTMLElement).closest<HTMLElement>('[data-action]')
                        ?.dataset.action as SearchQuickAction | undefined
                      if (!action) return
                      e.stopPropagation()
                      onQuickAction(action, r)
                    }}
                  >
                    {quickActionsFor(r).map((a) => {
                      const { label, icon: AIcon } = ACTION_META[a]
                      return (
                        <span key={a} className="cad-search__action" data-action={a} title={label}>
                          <AIcon size={14} aria-hidden />
                        </span>
                      )
                    })}
                  </span>
                )}
              </Command.Item>
            )
          })}
        </Command.Group>
      )
    }
    body = [
      ...CONTENT_TYPES.map((ct) =>
        renderGroup(
          ct,
          TYPE_LABEL[ct],
          shown.filter((r) => !isShared(r) && r.type === TYPE_OF[ct]),
        ),
      ),
      ...SHARED_GROUPS.map((g) =>
        renderGroup(
          g.source,
          g.heading,
          shown.filter((r) => r.source === g.source),
        ),
      ),
    ]
  }

  const selectedResult = short ? undefined : shown.find((r) => resultKey(r) === selected)
  const hasHistoryPanel = panel === 'history' && !short && recent.length + saved.length > 0
  const hasOptions = short ? recent.length + saved.length > 0 : !state && shown.length > 0

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="cad-search__overlay" />
        <DialogPrimitive.Content
          className="cad-search"
          data-slot="search-dialog"
          onKeyDown={(e) => {
            if (e.key === '/' && (e.metaKey || e.ctrlKey)) {
              e.preventDefault()
              localInput.current?.focus()
            }
          }}
        >
          <DialogPrimitive.Title className="cad-sr-only">Search</DialogPrimitive.Title>
          <DialogPrimitive.Description className="cad-sr-only">
            Search reports, projects, tasks, follow-ups and team members. Use the arrow keys to move
            and Enter to open.
          </DialogPrimitive.Description>
          <Command
            value={selected}
            onValueChange={setSelected}
            shouldFilter={false}
            label="Search"
            className="cad-search__command"
            loop
          >
            <div className="cad-search__bar">
              <Search size={18} aria-hidden className="cad-search__bar-icon" />
              <Command.Input
                ref={setRefs}
                value={query}
                onValueChange={onQueryChange}
                placeholder="Search everything..."
                className="cad-search__input"
                aria-label="Search"
              />
              {status === 'loading' && results.length > 0 && <Spinner label="Searching..." />}
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
                onClick={() => setPanel((p) => (p === 'history' ? 'none' : 'history'))}
              >
                <History size={16} aria-hidden />
              </button>
              <button
                type="button"
                className={cn('cad-search__tool', filtered && 'cad-search__tool--on')}
                aria-label={filtered ? 'Filters (active)' : 'Filters'}
                title="Filters"
                aria-pressed={panel === 'filters'}
                onClick={() => setPanel((p) => (p === 'filters' ? 'none' : 'filters'))}
              >
                <SlidersHorizontal size={16} aria-hidden />
              </button>
              <DialogPrimitive.Close className="cad-search__tool" aria-label="Close search">
                <X size={16} aria-hidden />
              </DialogPrimitive.Close>
            </div>

            {panel === 'filters' && (
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
            )}

            <div className="cad-search__list">
              {panel === 'history' && !short && recent.length === 0 && saved.length === 0 && (
                <p className="cad-search__state">No search history yet</p>
              )}
              {state}
              <Command.List
                className="cad-search__options"
                aria-label="Search results"
                hidden={!hasHistoryPanel && !hasOptions}
              >
                {hasHistoryPanel && (
                  <>
                    <HistoryGroup
                      heading="Recent searches"
                      entries={recent}
                      icon={Clock}
                      onSelect={onSelectHistory}
                    />
                    <HistoryGroup
                      heading="Saved searches"
                      entries={saved}
                      icon={Bookmark}
                      onSelect={onSelectHistory}
                    />
                  </>
                )}
                {hasOptions && body}
              </Command.List>
            </div>

            <footer className="cad-search__footer">
              <span className="cad-tabular" aria-live="polite">
                {short ? '' : `${shown.length} ${shown.length === 1 ? 'result' : 'results'}`}
              </span>
              {selectedResult && onQuickAction && (
                <fieldset className="cad-search__footer-actions">
                  <legend className="cad-sr-only">Actions for {resultTitle(selectedResult)}</legend>
                  {quickActionsFor(selectedResult).map((a) => {
                    const { label, icon: AIcon } = ACTION_META[a]
                    return (
                      <button
                        key={a}
                        type="button"
                        className="cad-search__action"
                        aria-label={label}
                        title={label}
                        onClick={() => onQuickAction(a, selectedResult)}
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
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

export type {
  SearchContentType,
  SearchDialogProps,
  SearchDialogStatus,
  SearchFilters,
  SearchQuickAction,
  SearchStatusFilter,
}
export {
  CONTENT_TYPES,
  DEFAULT_SEARCH_FILTERS,
  filterResults,
  resultTitle,
  SearchDialog,
  STATUS_FILTERS,
  searchResultHref,
}
