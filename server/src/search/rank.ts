import { timeSlices } from '../lib/time-slices'
import type { ParsedQuery } from './query'
import { ftsTokens, type Part, parts } from './tokenizer'

/**
 * Ranking, the same on both engines: the index (sqlite.ts, pg.ts) answers the newest matches of
 * the user with their text, and they are ordered here.
 */

/** Column weights of the ranking: a hit in a title counts ten times one in a body. */
const TITLE_WEIGHT = 10

/**
 * Ranking reads at most this many characters of an entry's title and of its body: a long
 * summary's first paragraphs tell its rank, and the work of a query is bounded by its window
 * (400 rows × 2 × 2,000 characters) whatever the user stores (issue 42: 400 summaries of 20,000
 * characters held the event loop ~1 s per query).
 */
export const RANK_TEXT = 2_000

const head = (text: string) => (text.length > RANK_TEXT ? text.slice(0, RANK_TEXT) : text)

/** An index entry for ranking: rowid, title, body. */
export type IndexRow = [number, string, string]

/**
 * Every word (as a prefix) and phrase (in order) of the query occurs in the entry's text, all of
 * it (whether an entry matches does not depend on where its words are). One entry's text is
 * bounded by its field's limit (a summary's 20,000 characters: ~3 ms); the search gives the event
 * loop back between entries (candidates.ts).
 */
export function matchesAll([, title, body]: IndexRow, query: ParsedQuery) {
  const wanted = parts(query)
  const hits = new Array<number>(wanted.length).fill(0)
  scan(title, wanted, hits, 0, 1)
  if (!hits.every((h) => h > 0)) scan(body, wanted, hits, 0, 1)
  return hits.every((h) => h > 0)
}

/** Occurrences of a term (its last token a prefix) or a phrase in a token list. */
export function count(tokens: string[], part: Part) {
  const n = part.tokens.length
  let hits = 0
  for (let i = 0; i + n <= tokens.length; i++) {
    let ok = true
    for (let k = 0; k < n && ok; k++) {
      const token = tokens[i + k]
      const want = part.tokens[k]
      ok = part.prefix && k === n - 1 ? token.startsWith(want) : token === want
    }
    if (ok) hits++
  }
  return hits
}

const NOT_ASCII = /[\u0080-\uffff]/
/** A letter or digit of ASCII: what unicode61 keeps in a token (everything else separates). */
const isWord = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90)
const lowerCode = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c)

/** Whether the token text[start, end) is `want` (or starts with it, for a prefix). */
function tokenIs(text: string, start: number, end: number, want: string, prefix: boolean) {
  const length = end - start
  if (prefix ? length < want.length : length !== want.length) return false
  for (let j = 0; j < want.length; j++)
    if (lowerCode(text.charCodeAt(start + j)) !== want.charCodeAt(j)) return false
  return true
}

/** Whether the part (a term, or a phrase's tokens in order) starts at the token text[start, end). */
function partAt(text: string, start: number, end: number, part: Part) {
  const n = part.tokens.length
  let s = start
  let e = end
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      s = e
      while (s < text.length && !isWord(text.charCodeAt(s))) s++
      if (s >= text.length) return false
      e = s
      while (e < text.length && isWord(text.charCodeAt(e))) e++
    }
    if (!tokenIs(text, s, e, part.tokens[k], part.prefix && k === n - 1)) return false
  }
  return true
}

/**
 * Counts, without building the text's tokens, each part's occurrences in `text` (added, times
 * `weight`, to hits[offset + p]) and returns the text's number of tokens. Ranking reads every row
 * of the window on every query: ASCII text (nearly all) is walked in place, so a search makes no
 * garbage per token (the heap under search load was most of the server's peak memory). Other text
 * goes through ftsTokens, which is the definition both paths agree with (rank.test.ts).
 */
export function scan(text: string, wanted: Part[], hits: number[], offset: number, weight: number) {
  if (NOT_ASCII.test(text)) {
    const tokens = ftsTokens(text)
    for (let p = 0; p < wanted.length; p++) hits[offset + p] += weight * count(tokens, wanted[p])
    return tokens.length
  }
  let tokens = 0
  let i = 0
  const length = text.length
  for (;;) {
    while (i < length && !isWord(text.charCodeAt(i))) i++
    if (i >= length) return tokens
    const start = i
    while (i < length && isWord(text.charCodeAt(i))) i++
    tokens++
    for (let p = 0; p < wanted.length; p++)
      if (partAt(text, start, i, wanted[p])) hits[offset + p] += weight
  }
}

/**
 * BM25 over the window (k1 1.2, b 0.75; a title hit weighs TITLE_WEIGHT body hits). Every row of
 * the window matches every part, so the parts' IDF is the same for all rows and drops out; newer
 * first on a tie. Done here rather than with FTS5's bm25(), which first counts each phrase over
 * the whole index (every user's rows): its cost grows with the company, this with the window.
 */
export function rank(rows: IndexRow[], query: ParsedQuery): number[] {
  const ranking = ranker(rows, query)
  for (let r = 0; r < rows.length; r++) ranking.scanRow(r)
  return ranking.order()
}

/**
 * Rows read whole beside the index (metrics, readers' questions, items assigned to one): with
 * words, those matching every word, ranked; with filters only, all of them in their own order.
 */
export function rankRead(rows: IndexRow[], query: ParsedQuery, text: boolean): number[] {
  return text
    ? rank(
        rows.filter((row) => matchesAll(row, query)),
        query,
      )
    : rows.map(([id]) => id)
}

/** As rank, giving the event loop back whenever a slice is spent (the search's window). */
export async function rankInSlices(rows: IndexRow[], query: ParsedQuery, slices = timeSlices()) {
  const ranking = ranker(rows, query)
  for (let r = 0; r < rows.length; r++) {
    await slices.pause()
    ranking.scanRow(r)
  }
  return ranking.order()
}

function ranker(rows: IndexRow[], query: ParsedQuery) {
  const wanted = parts(query)
  const n = wanted.length
  // Per row: its weighted hits per part, in one flat array, and its length in tokens (of the
  // first RANK_TEXT characters of each field).
  const hits = new Array<number>(rows.length * n).fill(0)
  const lengths = new Array<number>(rows.length)
  let total = 0
  const scanRow = (r: number) => {
    const [, title, body] = rows[r]
    lengths[r] =
      scan(head(title), wanted, hits, r * n, TITLE_WEIGHT) +
      scan(head(body), wanted, hits, r * n, 1)
    total += lengths[r]
  }
  const order = () => {
    if (!rows.length) return []
    const average = total / rows.length || 1
    const k1 = 1.2
    const scored = rows.map(([rowid], r) => {
      let score = 0
      for (let p = 0; p < n; p++) {
        const tf = hits[r * n + p]
        score += (tf * (k1 + 1)) / (tf + k1 * (0.25 + (0.75 * lengths[r]) / average))
      }
      return { rowid, score }
    })
    scored.sort((x, y) => y.score - x.score || y.rowid - x.rowid)
    return scored.map((x) => x.rowid)
  }
  return { scanRow, order }
}
