// Focus given back when an overlay closes: to what had it when the overlay opened, unless the page
// changed meanwhile (a result or a new report opened: the new page's heading takes focus then).

type Opener = { element: HTMLElement | null; page: string }

const here = () => `${location.pathname}${location.search}`

/** At open: what has focus now (nothing when it is the page body) and the page it is on. */
function captureOpener(): Opener {
  const active = document.activeElement
  return {
    element: active instanceof HTMLElement && active !== document.body ? active : null,
    page: here(),
  }
}

/** At close: focuses the opener when it is still on the page; true when it did. */
function returnFocus(opener: Opener | null): boolean {
  const element = opener?.element
  if (!element?.isConnected || opener?.page !== here()) return false
  element.focus()
  return document.activeElement === element
}

export type { Opener }
export { captureOpener, returnFocus }
