import type { ParsedQuery } from './query'

/**
 * The words of a query as the index reads them, and the bounds that keep a query's cost that of
 * an ordinary one on both engines (each word is a lookup in the index shared by every user):
 * - the same word twice counts once (`x x x` is `x`);
 * - at most SEARCH_WORDS words count, the first ones (a phrase counts each of its words);
 * - a word shorter than PREFIX_MIN matches that whole word only: `a` finds "a", not every word
 *   starting with a (a one-letter prefix has no prefix index to use in FTS5, and matches a large
 *   part of any index);
 * - the index itself is asked for at most INDEX_PARTS of them, the likeliest to be rare (phrases,
 *   then the longest words): the index's cost grows with each word, so a query of 12 words costs
 *   what one of three does, and the other words are checked on the rows found (rank.ts
 *   matchesAll, as PostgreSQL's candidates always are).
 * The search help in the app says the same (ui/src/components/search-dialog.tsx).
 */
export const SEARCH_WORDS = 12
export const PREFIX_MIN = 2
export const INDEX_PARTS = 3

/** Anything but printable ASCII (a space to a tilde). */
const NOT_PRINTABLE_ASCII = /[^ -~]/
const ASCII_SEPARATORS = /[^a-z0-9]+/

/** The tokens FTS5's unicode61 tokenizer (remove_diacritics 2) would make of a text. */
export function ftsTokens(text: string): string[] {
  // Printable ASCII (most text) has no marks to strip: skip the two copies that would make.
  if (!NOT_PRINTABLE_ASCII.test(text))
    return text.toLowerCase().split(ASCII_SEPARATORS).filter(Boolean)
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** A phrase or a word of the query: its tokens in order, the last one a prefix or not. */
export type Part = { tokens: string[]; prefix: boolean }

const partsOf = new WeakMap<ParsedQuery, Part[]>()

/**
 * What the index matches for the query, the one definition both engines' lookups and the ranking
 * use: phrases (exact), then words (the last token a prefix when long enough), without repeats,
 * within SEARCH_WORDS tokens. A part cut at the bound matches exactly what is left of it.
 */
export function parts(query: ParsedQuery): Part[] {
  const known = partsOf.get(query)
  if (known) return known
  const candidates = [
    ...query.phrases.map((p) => ({ tokens: ftsTokens(p), prefix: false })),
    ...query.terms.map((t) => {
      const tokens = ftsTokens(t)
      return { tokens, prefix: (tokens.at(-1)?.length ?? 0) >= PREFIX_MIN }
    }),
  ]
  const out: Part[] = []
  const seen = new Set<string>()
  let words = 0
  for (const part of candidates) {
    if (!part.tokens.length || words >= SEARCH_WORDS) continue
    const room = SEARCH_WORDS - words
    const kept =
      part.tokens.length > room ? { tokens: part.tokens.slice(0, room), prefix: false } : part
    const key = `${kept.prefix ? '*' : '='}${kept.tokens.join(' ')}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(kept)
    words += kept.tokens.length
  }
  partsOf.set(query, out)
  return out
}

const indexPartsOf = new WeakMap<ParsedQuery, Part[]>()

/**
 * When the index is not asked for every part (indexParts) or cannot match it exactly (phrases on
 * PostgreSQL), the engines read this many times the rowids asked for and the text of each is
 * checked against the rest of the query (candidates.ts bounds what it reads by the same factor).
 */
export const OVERFETCH = 2

/**
 * The parts the index is asked for: all of them up to INDEX_PARTS, else the phrases first, then
 * the words with the longest last token (a longer word is rarer), in the query's order on a tie.
 */
export function indexParts(query: ParsedQuery): Part[] {
  const known = indexPartsOf.get(query)
  if (known) return known
  const all = parts(query)
  const weight = (p: Part) => (p.prefix ? 0 : 1000) + p.tokens.join(' ').length
  const chosen =
    all.length <= INDEX_PARTS
      ? all
      : all
          .map((part, i) => ({ part, i }))
          .sort((a, b) => weight(b.part) - weight(a.part) || a.i - b.i)
          .slice(0, INDEX_PARTS)
          .sort((a, b) => a.i - b.i)
          .map(({ part }) => part)
  indexPartsOf.set(query, chosen)
  return chosen
}

/** Whether the query has text to match (a word or phrase with a letter or digit). */
export const hasText = (query: ParsedQuery) => parts(query).length > 0
