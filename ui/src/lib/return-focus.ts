// Focus given back when an overlay closes: to what had it when the overlay opened, unless the page
// changed meanwhile (a result or a new report opened: the new page's heading takes focus then).

// An opener that the overlay's outcome removes (an empty state's button, replaced by the list it
// filled) names where focus goes instead in `data-focus-fallback`, a selector.
type Opener = { element: HTMLElement | null; page: string; fallback?: string }

const here = () => `${location.pathname}${location.search}`

// The last few elements that took focus, newest last: a field with autoFocus inside an overlay
// takes focus as it mounts, before the overlay's open step runs, so the opener is found here.
const recent: HTMLElement[] = []
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof HTMLElement)) return
      recent.push(event.target)
      if (recent.length > 8) recent.shift()
    },
    true,
  )
}

/**
 * At open: what has focus now (nothing when it is the page body) and the page it is on. Given the
 * overlay's own element, focus already inside it is looked past, to what had it before.
 */
function captureOpener(overlay?: Element | null): Opener {
  const active = document.activeElement
  let element = active instanceof HTMLElement && active !== document.body ? active : null
  if (element && overlay?.contains(element)) {
    element = recent.findLast((el) => el.isConnected && !overlay.contains(el)) ?? null
  }
  return { element, page: here(), fallback: element?.dataset.focusFallback }
}

/** At close: focuses the opener when it is still on the page; true when it did. */
function returnFocus(opener: Opener | null): boolean {
  if (!opener || opener.page !== here()) return false
  const element = opener.element?.isConnected
    ? opener.element
    : opener.fallback
      ? document.querySelector<HTMLElement>(opener.fallback)
      : null
  if (!element) return false
  element.focus()
  return document.activeElement === element
}

export type { Opener }
export { captureOpener, returnFocus }
