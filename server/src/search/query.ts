import { indexParts } from './tokenizer'

/**
 * The search box syntax, parsed into a structured query, and that query turned
 * into an SQLite FTS5 MATCH expression.
 *
 * - `"exact phrase"` matches the words in that order; an unclosed quote runs to the end.
 * - `type:task|followup|report|project|team_member|decision|metric|ask|question` (plurals and `team`/`member` accepted) narrows the
 *   kinds of result; several `type:` filters widen each other.
 * - `project:"Name"` or `project:Name` keeps results tied to a project whose name contains Name.
 * - `status:active|completed|submitted|draft` (`sent` = submitted, `open` = active, `archived`).
 * - `health:at-risk|off-track|on-track` keeps results tied to a project whose latest health is that
 *   (reports: whose Project health table has it).
 * - Every other word matches as a prefix (`Apol` finds `Apollo`); all words must match. A word of
 *   one letter matches only that word; a repeated word counts once; only the first 12 words count
 *   (tokenizer.ts, where the bounds on a query's cost are).
 * - An unknown `key:value` or a filter with an unknown value is searched as plain text.
 *
 * Safety: user text only ever reaches FTS5 inside a double-quoted string with inner quotes doubled,
 * which FTS5 reads as a phrase and never as syntax (AND, OR, NEAR, `*`, `^`, `:` or parentheses).
 * Words with no letter or digit are dropped, as the tokenizer would leave an empty phrase. The
 * string holds the word's tokens as the tokenizer made them, which FTS5 reads back the same.
 */

export const SEARCH_TYPES = [
  'task',
  'followup',
  'report',
  'project',
  'team_member',
  'decision',
  'metric',
  'ask',
  'question',
] as const
export type SearchType = (typeof SEARCH_TYPES)[number]
export const SEARCH_STATUSES = ['active', 'completed', 'submitted', 'draft', 'archived'] as const
export type SearchStatus = (typeof SEARCH_STATUSES)[number]

export type ParsedQuery = {
  /** Words matched as prefixes. */
  terms: string[]
  /** Quoted phrases matched exactly (as token sequences). */
  phrases: string[]
  /** Empty means every type. */
  types: SearchType[]
  project: string | null
  status: SearchStatus | null
  health: SearchHealth | null
}

export type SearchHealth = 'on_track' | 'at_risk' | 'off_track'

const HEALTH_ALIASES: Record<string, SearchHealth> = {
  'on-track': 'on_track',
  on_track: 'on_track',
  ontrack: 'on_track',
  'at-risk': 'at_risk',
  at_risk: 'at_risk',
  atrisk: 'at_risk',
  risk: 'at_risk',
  'off-track': 'off_track',
  off_track: 'off_track',
  offtrack: 'off_track',
}

const TYPE_ALIASES: Record<string, SearchType> = {
  task: 'task',
  tasks: 'task',
  followup: 'followup',
  followups: 'followup',
  'follow-up': 'followup',
  'follow-ups': 'followup',
  report: 'report',
  reports: 'report',
  project: 'project',
  projects: 'project',
  team_member: 'team_member',
  team_members: 'team_member',
  'team-member': 'team_member',
  member: 'team_member',
  members: 'team_member',
  team: 'team_member',
  decision: 'decision',
  decisions: 'decision',
  metric: 'metric',
  metrics: 'metric',
  ask: 'ask',
  asks: 'ask',
  question: 'question',
  questions: 'question',
}

const STATUS_ALIASES: Record<string, SearchStatus> = {
  active: 'active',
  open: 'active',
  pending: 'active',
  completed: 'completed',
  done: 'completed',
  submitted: 'submitted',
  sent: 'submitted',
  draft: 'draft',
  archived: 'archived',
}

type Token = { key: string | null; value: string; quoted: boolean; raw: string }

/** Splits on whitespace, keeping `"…"` and `key:"…"` together. */
function tokenize(input: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  const n = input.length
  while (i < n) {
    while (i < n && /\s/.test(input[i])) i++
    if (i >= n) break
    const start = i
    let key: string | null = null
    const keyMatch = /^([A-Za-z_-]+):(?=\S)/.exec(input.slice(i))
    if (keyMatch) {
      key = keyMatch[1].toLowerCase()
      i += keyMatch[0].length
    }
    if (input[i] === '"') {
      const close = input.indexOf('"', i + 1)
      const end = close === -1 ? n : close
      tokens.push({
        key,
        value: input.slice(i + 1, end),
        quoted: true,
        raw: input.slice(start, end + 1),
      })
      i = close === -1 ? n : close + 1
    } else {
      while (i < n && !/\s/.test(input[i])) i++
      tokens.push({
        key,
        value: input.slice(key ? start + key.length + 1 : start, i),
        quoted: false,
        raw: input.slice(start, i),
      })
    }
  }
  return tokens
}

export function parseSearchQuery(input: string): ParsedQuery {
  const query: ParsedQuery = {
    terms: [],
    phrases: [],
    types: [],
    project: null,
    status: null,
    health: null,
  }
  const addText = (text: string, quoted: boolean) => {
    const value = text.trim()
    if (!value) return
    if (quoted) query.phrases.push(value)
    else query.terms.push(value)
  }
  for (const token of tokenize(input)) {
    const value = token.value.trim()
    if (token.key === 'type' && TYPE_ALIASES[value.toLowerCase()]) {
      const type = TYPE_ALIASES[value.toLowerCase()]
      if (!query.types.includes(type)) query.types.push(type)
    } else if (token.key === 'status' && STATUS_ALIASES[value.toLowerCase()]) {
      query.status = STATUS_ALIASES[value.toLowerCase()]
    } else if (token.key === 'health' && HEALTH_ALIASES[value.toLowerCase()]) {
      query.health = HEALTH_ALIASES[value.toLowerCase()]
    } else if (token.key === 'project' && value) {
      query.project = value
    } else if (token.key) {
      // Not a filter we know: search the words as typed, e.g. `re:budget`.
      addText(token.quoted ? token.value : token.raw, token.quoted)
    } else {
      addText(token.value, token.quoted)
    }
  }
  return query
}

/** One FTS5 string literal: the only way user text enters a MATCH expression. */
export const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`

/**
 * The MATCH expression for the query's text, or null when it has none (filters only): the parts
 * the index is asked for (tokenizer.ts: no repeats, at most SEARCH_WORDS words, short words
 * whole, at most INDEX_PARTS of them), phrases exact and words as prefixes, all ANDed (FTS5's
 * implicit operator).
 */
export function toMatchExpression(query: ParsedQuery): string | null {
  const expression = indexParts(query).map(
    ({ tokens, prefix }) => `${ftsString(tokens.join(' '))}${prefix ? '*' : ''}`,
  )
  return expression.length ? expression.join(' ') : null
}

/** Whether the raw query is long enough to search: at least 2 non-blank characters. */
export const isSearchable = (raw: string) => raw.replace(/\s+/g, '').length >= 2
