// The keys that open search, and the characters typed before its input has focus: the dialog
// loads on first use, so without a buffer 'Atlas' typed right after the shortcut arrives as 's'.

type KeyLike = {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
}

/** Ctrl/Cmd+K (the peers' shortcut) or Ctrl/Cmd+/ (the product's) opens search from anywhere. */
function isSearchShortcut(event: KeyLike): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return false
  return event.key === '/' || event.key.toLowerCase() === 'k'
}

/** A buffer left open longer than this (the dialog never came) stops taking keys. */
const BUFFER_LIMIT_MS = 5000

/**
 * Collects what is typed between the shortcut and the search input having focus: printable
 * characters and Backspace, never a key with Ctrl, Cmd or Alt (shortcuts pass through).
 */
function createKeyBuffer(now: () => number = Date.now) {
  let since: number | null = null
  let text = ''
  const active = () => since !== null && now() - since < BUFFER_LIMIT_MS
  return {
    /** The shortcut was pressed: take keys from now on. */
    start() {
      since = now()
      text = ''
    },
    active,
    /** A keydown while the input has no focus yet: true when it was taken (prevent its default). */
    take(event: KeyLike): boolean {
      if (!active()) return false
      if (event.ctrlKey || event.metaKey || event.altKey) return false
      if (event.key === 'Backspace') {
        text = text.slice(0, -1)
        return true
      }
      // A printable key's name is the character itself (one code point); named keys are longer.
      if ([...event.key].length !== 1) return false
      text += event.key
      return true
    },
    /** The input has focus (or search closed): stops buffering and gives what was typed. */
    flush(): string {
      const typed = active() ? text : ''
      since = null
      text = ''
      return typed
    },
  }
}

export type { KeyLike }
export { BUFFER_LIMIT_MS, createKeyBuffer, isSearchShortcut }
