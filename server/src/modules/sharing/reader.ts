import { BadRequest } from '../../lib/errors'
import { readerName } from '../../lib/names'
import type { ActiveShare } from './shares'

// Who a reader is and what they wrote, for every reader's write (questions, acknowledgements,
// answers to asks): shared by the sharing and asks modules.

/** Control characters (but line breaks) out, surrounding space trimmed; empty is refused. */
export function cleanText(value: string, what: string) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const text = value.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim()
  if (!text) throw new BadRequest(`${what} is required`)
  return text
}

/**
 * Who answers: the recipient of a personal link (the link itself), or on an anonymous link the
 * name given (the same name, whatever its case, is the same reader).
 */
export function readerOf(share: ActiveShare, given: string | null | undefined) {
  const name = readerName(given) // one visible line: lib/names.ts
  if (share.recipient_email) {
    return { name: name ?? share.recipient_email, key: `share:${share.id}` }
  }
  if (!name) throw new BadRequest('Name is required')
  return { name, key: `name:${share.id}:${name.toLowerCase()}` }
}

export type AnswerRow = {
  id: number
  item_id: number
  name: string
  answer: 'approve' | 'decline' | 'comment'
  text: string | null
  created_at: string
  edition_number: number | null
  wording: string | null
  replaced_at: string | null
}

/** An answer as the API gives it; `wording`: the ask's wording now, to tell an earlier one. */
export function answerOut(row: AnswerRow, wording: string | null) {
  const { wording: answered, ...rest } = row
  return {
    ...rest,
    id: Number(row.id),
    item_id: Number(row.item_id),
    edition_number: row.edition_number == null ? null : Number(row.edition_number),
    earlier_wording: answered != null && wording != null && answered !== wording,
  }
}
