import * as React from 'react'

/** What the browser and the in-app confirmation say when leaving would lose changes. */
export const LEAVE_WARNING = 'You have unsaved changes. Leave without saving them?'

/** A click that would leave the page through a link of this app (not a new tab or a download). */
function leavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false
  const link = (event.target as Element | null)?.closest?.('a[href]')
  if (
    !(link instanceof HTMLAnchorElement) ||
    link.target === '_blank' ||
    link.hasAttribute('download')
  )
    return false
  const to = new URL(link.href, location.href)
  return to.origin === location.origin && to.pathname !== location.pathname
}

/**
 * Set while the app itself follows a link or goes Back after the user chose to leave in the app's
 * own dialog: the guard lets that one through.
 */
let leaving = false

/** What the page with changes does when the browser goes Back or Forward (null: nothing open). */
let guard: ((event: PopStateEvent) => void) | null = null
let installed = false

/**
 * Listens for the browser's Back and Forward before the router does: call it once before the
 * router starts (the app's entry). Listeners of one event on the window run in the order they were
 * added, and a page with changes can only stop the router from following if it hears them first.
 */
export function installLeaveGuard() {
  if (installed || typeof window === 'undefined') return
  installed = true
  window.addEventListener('popstate', (event) => guard?.(event))
}

/**
 * While `dirty`, leaving asks first: a reload or a closed tab gets the browser's own question, a
 * link to another page of the app a confirmation (captured before the router sees the click), and
 * the browser's Back or Forward to another page of the app the same confirmation. That one comes
 * after the browser moved: heard before the router (installLeaveGuard), staying stops the router
 * from following and puts the page's address back as a new history entry.
 */
export function useLeaveWarning(dirty: boolean, ask?: () => Promise<boolean>) {
  // Where the page with the changes is (its address may change while it is open: a tab).
  const here = React.useRef({ href: '', state: null as unknown })
  React.useEffect(() => {
    here.current = { href: location.href, state: history.state }
  })
  React.useEffect(() => {
    if (!dirty) return
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    const click = (event: MouseEvent) => {
      if (leaving || !leavingLink(event)) return
      if (!ask) {
        if (window.confirm(LEAVE_WARNING)) return
        event.preventDefault()
        event.stopPropagation()
        return
      }
      // The app's own dialog (issue 46): stop the click, ask, and follow the link again if the
      // answer is to leave.
      const link = (event.target as Element).closest('a[href]') as HTMLAnchorElement
      event.preventDefault()
      event.stopPropagation()
      void ask().then((leave) => {
        if (!leave) return
        leaving = true
        try {
          link.click()
        } finally {
          leaving = false
        }
      })
    }
    const popState = (event: PopStateEvent) => {
      if (leaving) {
        leaving = false
        return
      }
      const { href, state } = here.current
      if (!href || new URL(href).pathname === location.pathname) return
      if (!ask && window.confirm(LEAVE_WARNING)) return
      event.stopImmediatePropagation()
      history.pushState(state, '', href)
      if (!ask) return
      // The page's address is back as a new entry just after the one the user went to: going
      // back one lands there, and the router follows.
      void ask().then((leave) => {
        if (!leave) return
        leaving = true
        history.back()
      })
    }
    window.addEventListener('beforeunload', beforeUnload)
    document.addEventListener('click', click, true)
    // Without the early listener (a story, a test), one of its own: after any router's.
    if (installed) guard = popState
    else window.addEventListener('popstate', popState)
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      document.removeEventListener('click', click, true)
      if (guard === popState) guard = null
      window.removeEventListener('popstate', popState)
    }
  }, [dirty, ask])
}
