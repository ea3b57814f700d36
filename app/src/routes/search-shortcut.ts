import { useEffect } from 'react'
import { closeSearch, openSearch, searchState } from '../state/search'
import { createKeyBuffer, isSearchShortcut } from '../state/search-keys'

/** The dialog's input: cmdk marks it, and it is the only one in the search dialog. */
const isSearchInput = (node: EventTarget | null): node is HTMLInputElement =>
  node instanceof HTMLInputElement && node.matches('[data-slot="search-dialog"] [cmdk-input]')

/**
 * Types `text` into the input as the keyboard would have: at its selection, through the native
 * value setter and an input event, so React and cmdk see an ordinary change at once (a key typed
 * next lands after it, not over it).
 */
function replayInto(input: HTMLInputElement, text: string) {
  const start = input.selectionStart ?? input.value.length
  const end = input.selectionEnd ?? start
  const next = input.value.slice(0, start) + text + input.value.slice(end)
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setter?.call(input, next)
  input.setSelectionRange(start + text.length, start + text.length)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Ctrl/Cmd+K and Ctrl/Cmd+/ open search from anywhere. What is typed before its input has focus
 * (the dialog loads on first use) is kept and replayed into the input when it gets focus.
 */
function useSearchShortcut() {
  useEffect(() => {
    const buffer = createKeyBuffer()
    const onKey = (event: KeyboardEvent) => {
      if (isSearchShortcut(event)) {
        // Chromium's Ctrl+K would focus the address bar; inside the open dialog its own handler
        // moves focus to the input.
        event.preventDefault()
        if (searchState.open) return
        if (!isSearchInput(document.activeElement)) buffer.start()
        openSearch()
        return
      }
      if (event.key === 'Escape' && buffer.active()) {
        buffer.flush()
        closeSearch()
        event.preventDefault()
        return
      }
      if (isSearchInput(document.activeElement)) return
      if (buffer.take(event)) {
        event.preventDefault()
        event.stopPropagation()
      }
    }
    const onFocus = (event: FocusEvent) => {
      if (!isSearchInput(event.target) || !buffer.active()) return
      const typed = buffer.flush()
      if (typed) replayInto(event.target, typed)
    }
    window.addEventListener('keydown', onKey, { capture: true })
    document.addEventListener('focusin', onFocus)
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true })
      document.removeEventListener('focusin', onFocus)
    }
  }, [])
}

export { useSearchShortcut }
