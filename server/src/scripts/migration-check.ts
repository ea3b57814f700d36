// `bun server/src/scripts/migration-check.ts` (part of `bun run check`): expand, then contract. Every
// migration after the baseline, on both engines, must be additive, so that the instances still
// running the previous version keep working while (and after) the new migrations run during a
// rolling upgrade: new tables, new columns (nullable, or NOT NULL with a DEFAULT), new indexes,
// new functions under new names or new argument lists. It fails on a statement that drops,
// renames, changes a column's type, makes a column NOT NULL, removes a default, adds a NOT NULL
// column without a default to an existing table, or replaces an existing function, trigger or
// view — unless its migration file is marked as a contract step with a line
// `-- contract: <why the code that needed the old form is gone>` (docs/upgrades.md).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The migrations written before this check existed (some drop and replace triggers and indexes:
 * issue 43) are not checked; every later one is. The tags are the journal's.
 */
export const BASELINE = {
  drizzle: '0018_partial_item_indexes',
  'drizzle-pg': '0020_items_check_their_session',
} as const

export type Violation = { file: string; statement: string; rule: string }

/** Statements of a migration file: split at `;` outside quotes, `$$` bodies and comments. */
export function statements(text: string): string[] {
  const out: string[] = []
  let current = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]
    const two = text.slice(i, i + 2)
    if (two === '--') {
      const end = text.indexOf('\n', i)
      i = end < 0 ? text.length : end + 1
      current += ' '
      continue
    }
    if (two === '/*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
      current += ' '
      continue
    }
    const dollar = /^\$[A-Za-z_]*\$/.exec(text.slice(i, i + 40))
    if (dollar) {
      const end = text.indexOf(dollar[0], i + dollar[0].length)
      const stop = end < 0 ? text.length : end + dollar[0].length
      current += text.slice(i, stop)
      i = stop
      continue
    }
    if (c === "'" || c === '"' || c === '`') {
      let j = i + 1
      while (j < text.length && !(text[j] === c && text[j + 1] !== c)) j += text[j] === c ? 2 : 1
      current += text.slice(i, j + 1)
      i = j + 1
      continue
    }
    if (c === ';') {
      if (current.trim()) out.push(current.trim())
      current = ''
      i++
      continue
    }
    current += c
    i++
  }
  if (current.trim()) out.push(current.trim())
  return out
}

/** A statement with its identifiers unquoted, whitespace collapsed, upper case (bodies kept). */
const normal = (statement: string) =>
  statement
    .replace(/\$[A-Za-z_]*\$[\s\S]*?\$[A-Za-z_]*\$/g, '$$ $$')
    .replace(/["`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()

/** `name(types)` of a CREATE FUNCTION, parameter names left out (PostgreSQL overloads by types). */
export function functionSignature(n: string): string | null {
  const m = /^CREATE (?:OR REPLACE )?FUNCTION ([\w.]+) ?\(([^)]*)\)/.exec(n)
  if (!m) return null
  const types = m[2]
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const words = p.replace(/ DEFAULT .*$/, '').split(' ')
      // `name type` or just `type`; IN/OUT/INOUT modes kept.
      const mode = /^(IN|OUT|INOUT|VARIADIC)$/.test(words[0]) ? `${words.shift()} ` : ''
      return mode + (words.length > 1 ? words.slice(1).join(' ') : words[0])
    })
  return `${m[1]}(${types.join(',')})`
}

type Known = { functions: Set<string>; triggers: Set<string>; views: Set<string> }

/** The rules a statement breaks, given what earlier migrations and this one created. */
export function breaks(statement: string, known: Known, createdHere: Set<string>): string[] {
  const n = normal(statement)
  const rules: string[] = []
  if (/^DROP (TABLE|INDEX|TRIGGER|FUNCTION|VIEW|TYPE|SEQUENCE|SCHEMA)\b/.test(n))
    rules.push('drops an object the running version may use')
  const alter = /^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?([\w.]+) (.*)$/.exec(n)
  if (alter) {
    const [, table, rest] = alter
    const existing = !createdHere.has(table.replace(/^PUBLIC\./, ''))
    if (/\bDROP (COLUMN|CONSTRAINT)\b/.test(rest) || /^DROP \w/.test(rest))
      rules.push('drops a column or constraint')
    if (/\bRENAME\b/.test(rest)) rules.push('renames')
    if (/\bALTER (COLUMN )?[\w]+ (SET DATA )?TYPE\b/.test(rest))
      rules.push("changes a column's type")
    if (/\bSET NOT NULL\b/.test(rest)) rules.push('makes a column NOT NULL')
    if (/\bDROP DEFAULT\b/.test(rest)) rules.push("removes a column's default")
    if (existing) {
      for (const add of rest.split(/,(?![^(]*\))/)) {
        const column = /\bADD (?:COLUMN )?(?:IF NOT EXISTS )?(?!CONSTRAINT\b)(\w+) (.*)$/.exec(
          add.trim(),
        )
        if (column && /\bNOT NULL\b/.test(column[2]) && !/\bDEFAULT\b/.test(column[2]))
          rules.push('adds a NOT NULL column without a DEFAULT to an existing table')
      }
    }
  }
  if (/^ALTER (FUNCTION|TRIGGER|VIEW|INDEX|SEQUENCE)\b.*\bRENAME\b/.test(n)) rules.push('renames')
  const fn = functionSignature(n)
  if (fn && /^CREATE OR REPLACE/.test(n) && known.functions.has(fn))
    rules.push(`replaces the existing function ${fn}`)
  const trigger = /^CREATE OR REPLACE (?:CONSTRAINT )?TRIGGER (\w+) .* ON ([\w.]+)/.exec(n)
  if (trigger && known.triggers.has(`${trigger[1]} ON ${trigger[2]}`))
    rules.push(`replaces the existing trigger ${trigger[1]}`)
  const view = /^CREATE OR REPLACE VIEW ([\w.]+)/.exec(n)
  if (view && known.views.has(view[1])) rules.push(`replaces the existing view ${view[1]}`)
  return rules
}

/** Records what a statement creates, for the statements of later migrations. */
function remember(statement: string, known: Known, createdHere: Set<string>) {
  const n = normal(statement)
  const fn = functionSignature(n)
  if (fn) known.functions.add(fn)
  const trigger =
    /^CREATE (?:OR REPLACE )?(?:CONSTRAINT )?TRIGGER (?:IF NOT EXISTS )?(\w+) .* ON ([\w.]+)/.exec(
      n,
    )
  if (trigger) known.triggers.add(`${trigger[1]} ON ${trigger[2]}`)
  const view = /^CREATE (?:OR REPLACE )?VIEW (?:IF NOT EXISTS )?([\w.]+)/.exec(n)
  if (view) known.views.add(view[1])
  const table = /^CREATE TABLE (?:IF NOT EXISTS )?([\w.]+)/.exec(n)
  if (table) createdHere.add(table[1].replace(/^PUBLIC\./, ''))
}

export const CONTRACT_MARK = /^--\s*contract:\s*\S/m

/**
 * The violations in the migrations of `folder` (a drizzle folder with meta/_journal.json), in
 * journal order, of the migrations after `baseline` (a journal tag; undefined: all are checked).
 */
export function checkMigrations(folder: string, baseline?: string): Violation[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  const tags = journal.entries.map((e) => e.tag)
  if (baseline !== undefined && !tags.includes(baseline))
    throw new Error(`${folder}: the baseline ${baseline} is not in the journal`)
  const files = new Set(readdirSync(folder).filter((f) => f.endsWith('.sql')))
  const known: Known = { functions: new Set(), triggers: new Set(), views: new Set() }
  const violations: Violation[] = []
  let checking = baseline === undefined
  for (const tag of tags) {
    const file = `${tag}.sql`
    if (!files.has(file)) throw new Error(`${folder}: the journal's ${file} is missing`)
    const text = readFileSync(join(folder, file), 'utf8')
    const contract = CONTRACT_MARK.test(text)
    const createdHere = new Set<string>()
    const list = statements(text)
    // Tables created in the migration count as new for all of its statements.
    for (const s of list) {
      const table = /^CREATE TABLE (?:IF NOT EXISTS )?([\w.]+)/.exec(normal(s))
      if (table) createdHere.add(table[1].replace(/^PUBLIC\./, ''))
    }
    for (const statement of list) {
      if (checking && !contract) {
        for (const rule of breaks(statement, known, createdHere)) {
          violations.push({ file, statement: statement.replace(/\s+/g, ' ').slice(0, 160), rule })
        }
      }
      remember(statement, known, createdHere)
    }
    if (tag === baseline) checking = true
  }
  return violations
}

if (import.meta.main) {
  const server = join(import.meta.dir, '..', '..')
  let failed = 0
  for (const [dir, baseline] of Object.entries(BASELINE)) {
    const violations = checkMigrations(join(server, dir), baseline)
    for (const v of violations) {
      console.error(`${dir}/${v.file}: ${v.rule}\n    ${v.statement}`)
    }
    failed += violations.length
  }
  if (failed) {
    console.error(
      `\n${failed} statement(s) are not additive. Split the change: expand now (new names, new` +
        ' columns with defaults), contract in a later release, in its own migration marked' +
        ' `-- contract: <why>` (docs/upgrades.md).',
    )
    process.exit(1)
  }
  console.log('Every migration since the baseline is additive (both engines).')
}
