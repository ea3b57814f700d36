/**
 * A person's name as a reader gives it (a shared page's question, acknowledgement or answer to an
 * ask), made safe to show beside the author's words: a name is one line of visible text. Out go
 * control characters, line and paragraph breaks (made one space, so "A\nB" stays two words),
 * bidirectional controls (U+202A–U+202E overrides and embeddings, U+2066–U+2069 isolates, the
 * U+200E/U+200F/U+061C marks) and every other format character (Unicode Cf: zero-width space,
 * joiners, the BOM, soft hyphen, tag characters), which could reorder or hide what the author
 * reads next to it ("Author\u202e… (CEO)\n\nApproved"). Runs of spaces become one; the ends are
 * trimmed. Null when nothing visible is left.
 */

/** Line breaks of any kind, tabs and the other spacing controls: a space each. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g
/** Every other control character, and every format character (bidi controls included). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu
const SPACES = /\s+/g

export function readerName(given: string | null | undefined): string | null {
  if (!given) return null
  const name = given.replace(BREAKS, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim()
  return name || null
}
