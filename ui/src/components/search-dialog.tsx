import * as DialogPrimitive from '@radix-ui/react-dialog'
import { Command } from 'cmdk'
import * as React from 'react'
import { captureOpener, type Opener, returnFocus } from '../lib/return-focus'
import {
  CONTENT_TYPES,
  DEFAULT_SEARCH_FILTERS,
  filterResults,
  MIN_QUERY,
  resultKey,
  resultTitle,
  type SearchContentType,
  type SearchDialogStatus,
  type SearchFilters,
  type SearchQuickAction,
  type SearchStatusFilter,
  STATUS_FILTERS,
  searchResultHref,
} from '../lib/search-results'
import type { SavedSearch, SearchResult } from '../types'
import {
  FilterPanel,
  SearchBar,
  SearchFooter,
  SearchList,
  type SearchPanel,
} from './search-dialog-parts'

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

/**
 * What had focus when search opened gets it back on close; after a result opened, the page it
 * opened takes focus (its heading), so nothing is given back.
 */
function useFocusReturn() {
  const opener = React.useRef<Opener | null>(null)
  const openedResult = React.useRef(false)
  return {
    resultOpened: () => {
      openedResult.current = true
    },
    onOpenAutoFocus: () => {
      opener.current = captureOpener()
      openedResult.current = false
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault()
      if (!openedResult.current) returnFocus(opener.current)
      opener.current = null
    },
  }
}

/** The search input's own ref (to focus it again) and the caller's, set together. */
function useInputRefs(inputRef: React.Ref<HTMLInputElement> | undefined) {
  const localInput = React.useRef<HTMLInputElement>(null)
  const setRefs = (node: HTMLInputElement | null) => {
    localInput.current = node
    if (typeof inputRef === 'function') inputRef(node)
    else if (inputRef) (inputRef as React.RefObject<HTMLInputElement | null>).current = node
  }
  return { localInput, setRefs }
}

/** The global search palette (cmdk): query, filters, history, grouped results, quick actions. */
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
  const [panel, setPanel] = React.useState<SearchPanel>('none')
  const [selected, setSelected] = React.useState('')
  const { localInput, setRefs } = useInputRefs(inputRef)
  const focus = useFocusReturn()
  const openResult = (result: SearchResult) => {
    focus.resultOpened()
    onOpen(result)
  }
  const short = query.trim().length < MIN_QUERY
  const shown = filterResults(results, filters)
  const filtered = filters.status !== 'all' || filters.types.length > 0

  const selectedResult = short ? undefined : shown.find((r) => resultKey(r) === selected)

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="cad-search__overlay" />
        <DialogPrimitive.Content
          className="cad-search"
          data-slot="search-dialog"
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          onKeyDown={(e) => {
            // Ctrl/Cmd+/ (the product's) and Ctrl/Cmd+K (the peers') bring focus back to the input.
            if ((e.key === '/' || e.key.toLowerCase() === 'k') && (e.metaKey || e.ctrlKey)) {
              e.preventDefault()
              localInput.current?.focus()
            }
          }}
        >
          <DialogPrimitive.Title className="cad-sr-only">Search</DialogPrimitive.Title>
          <DialogPrimitive.Description className="cad-sr-only">
            Search reports, projects, tasks, follow-ups, team members, decisions, metrics, asks and
            readers' questions. Use the arrow keys to move and Enter to open.
          </DialogPrimitive.Description>
          <Command
            value={selected}
            onValueChange={setSelected}
            shouldFilter={false}
            label="Search"
            className="cad-search__command"
            loop
          >
            <SearchBar
              query={query}
              onQueryChange={onQueryChange}
              inputRef={setRefs}
              searching={status === 'loading' && results.length > 0}
              short={short}
              onSaveSearch={onSaveSearch}
              panel={panel}
              onTogglePanel={(next) => setPanel((p) => (p === next ? 'none' : next))}
              filtered={filtered}
            />
            {panel === 'filters' && (
              <FilterPanel filters={filters} onFiltersChange={onFiltersChange} />
            )}
            <SearchList
              panel={panel}
              short={short}
              status={status}
              query={query}
              results={results}
              shown={shown}
              filtered={filtered}
              recent={recent}
              saved={saved}
              onSelectHistory={onSelectHistory}
              onOpen={openResult}
              onQuickAction={onQuickAction}
            />
            <SearchFooter
              count={short ? null : shown.length}
              selected={selectedResult}
              onQuickAction={onQuickAction}
            />
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
