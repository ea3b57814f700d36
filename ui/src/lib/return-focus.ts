// Focus given back when an overlay closes: to what had it when the overlay opened, unless the page
// changed meanwhile (a result or a new report opened: the new page's heading takes focus then).

// An opener that the overlay's outcome removes (an empty state's button, replaced by the list it
// filled) names where focus goes instead in `data-focus-fallback`, a selector.
type Opener = { element: HTMLElement | null; page: string; fallback?: string }

const here = () => `${location.pathname}${location.search}`

/** At open: what has focus now (nothing when it is the page body) and the page it is on. */
function captureOpener(): Opener {
  const active = document.activeElement
  const element = active instanceof HTMLElement && active !== document.body ? active : null
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
