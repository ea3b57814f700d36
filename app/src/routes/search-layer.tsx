import {
  SearchDialog,
  type SearchQuickAction,
  type SearchResult,
  searchResultHref,
} from '@cadence/ui'
import { useLocation } from 'wouter'
import { setProjectStatus } from '../state/projects'
import {
  completeResult,
  rerunSearch,
  saveSearch,
  setFilters,
  setQuery,
  setSearchOpen,
  useSearch,
} from '../state/search'
import { toast } from '../state/toasts'

/** The quick actions of the global search dialog. */
async function runQuickAction(action: SearchQuickAction, result: SearchResult) {
  const href = searchResultHref(result)
  switch (action) {
    case 'copy-link':
      if (!href) throw new Error('No link')
      await navigator.clipboard.writeText(`${window.location.origin}${href}`)
      toast.success('Link copied to clipboard')
      return
    case 'open-new-tab':
      if (!href) throw new Error('No link')
      window.open(href, '_blank', 'noopener')
      return
    case 'archive':
      if (!result.uuid) throw new Error('No project')
      if (await setProjectStatus(result.uuid, 'archived')) {
        toast.success('Project archived')
        await rerunSearch()
      }
      return
    case 'complete':
      await completeResult(result)
      toast.success('Item completed')
      await rerunSearch()
      return
  }
}

/** The global search overlay and its quick actions. */
function SearchLayer() {
  const [, navigate] = useLocation()
  const search = useSearch()

  const open = (result: SearchResult) => {
    const href = searchResultHref(result)
    if (!href) {
      toast.error('Unable to open report - invalid reference')
      return
    }
    try {
      setSearchOpen(false)
      navigate(href)
    } catch {
      toast.error('Failed to navigate to report')
    }
  }

  return (
    <SearchDialog
      open={search.open}
      onOpenChange={setSearchOpen}
      query={search.query}
      onQueryChange={setQuery}
      results={search.results}
      status={search.status}
      filters={search.filters}
      onFiltersChange={setFilters}
      recent={search.recentShown}
      saved={search.savedShown}
      onSaveSearch={() => saveSearch()}
      onSelectHistory={(entry) => setQuery(entry.query)}
      onOpen={open}
      onQuickAction={(action, result) => {
        runQuickAction(action, result).catch(() => toast.error('Action failed'))
      }}
    />
  )
}

export default SearchLayer
