import { useEffect, useRef, useState } from 'react'

/** How long a new page may take to draw its heading (its chunk and data) before focus gives up. */
const HEADING_WAIT_MS = 10_000

/**
 * The page's heading once drawn: the first h1 shown in the main region (while a new page's code
 * loads, Suspense keeps the old page in the tree, hidden).
 */
const headingIn = (main: HTMLElement) =>
  [...main.querySelectorAll<HTMLElement>('h1')].find((h) => h.getClientRects().length > 0)

/**
 * After a route change (never on first load, where the skip link comes first), focus moves to the
 * new page's heading as soon as it is drawn, and its text is announced politely. Focus is left
 * alone while a dialog is open, or once the user has moved it into the new page themselves.
 */
function useRouteFocus(pathname: string): string {
  const [announcement, setAnnouncement] = useState('')
  const shown = useRef(pathname)
  useEffect(() => {
    // First load (the page the app opened on) keeps focus where the browser put it.
    if (shown.current === pathname) return
    shown.current = pathname
    const main = document.getElementById('main')
    if (!main) return
    const focusedBefore = document.activeElement
    let done = false
    const tryFocus = () => {
      if (done) return
      const heading = headingIn(main)
      if (!heading || document.querySelector('[role="dialog"], [role="alertdialog"]')) return
      done = true
      observer.disconnect()
      clearTimeout(timer)
      // The user already moved focus into the new page: leave it there.
      if (document.activeElement !== focusedBefore && main.contains(document.activeElement)) return
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
      heading.focus({ preventScroll: true })
      setAnnouncement(heading.textContent?.trim() ?? '')
    }
    const observer = new MutationObserver(tryFocus)
    observer.observe(document.body, { childList: true, subtree: true })
    const timer = setTimeout(() => {
      done = true
      observer.disconnect()
    }, HEADING_WAIT_MS)
    tryFocus()
    return () => {
      done = true
      observer.disconnect()
      clearTimeout(timer)
    }
  }, [pathname])
  return announcement
}

/** The polite live region naming the page just opened. */
function RouteAnnouncer({ text }: { text: string }) {
  return (
    <div className="cad-sr-only" role="status" aria-live="polite" data-slot="route-announcer">
      {text}
    </div>
  )
}

export { RouteAnnouncer, useRouteFocus }
