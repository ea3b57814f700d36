import { lazy, Suspense, useState } from 'react'
import { useSearchOpen } from '../state/search'

const SearchLayer = lazy(() => import('./search-layer'))

/**
 * The search dialog (cmdk), loaded on first use, then kept mounted for its close animation. It
 * follows the open flag itself, so opening search renders this, not the shell and its page.
 */
function SearchMount() {
  const open = useSearchOpen()
  const [used, setUsed] = useState(false)
  if (open && !used) setUsed(true)
  return used ? (
    <Suspense fallback={null}>
      <SearchLayer />
    </Suspense>
  ) : null
}

export { SearchMount }
