/**
 * Pasted report text → `{sections: [{sectionName, items: [{content, projectName, is_completed?,
 * assignee?}]}]}`. Pure: no database.
 *
 * What it reads
 * - Markdown: `##`…`######` headings are sections (the shallowest level used); a deeper heading
 *   inside a section is a project sub-heading for the items under it. `#` (level 1) headings,
 *   lines before the first section, `>` quotes (section notes), `---` rules are not items.
 * - Plain text (no Markdown sections): a line ending in ':' is a heading; so is a line followed by
 *   bullets / checkboxes / 'None'; the first line of a block (after a blank line or at the start)
 *   followed directly by more text; a known section name directly above another heading; and a
 *   line that is exactly a known section's name.
 *   When section names are known (`knownSections`: the report's sections on import, the user's
 *   templates on preview), a heading that matches one (matchSection) starts that section; one
 *   that does not is, inside a section, a project sub-heading, and before any section starts a
 *   section only when items follow it directly (so a title or summary line is skipped). Without
 *   known names every heading starts a section.
 * - Items: `- `, `* `, `+ `, `• `, `◦ `, `– `, `1. `, `1) ` bullets; `- [ ]` / `- [x]` and '☐' /
 *   '☑' / '☒' / '✅' / '✔' checkboxes (a bare `[ ]` too); inside a section a plain line is an item.
 * - Completion: a checked box, `~~struck~~` text, or '✓ Completed' at the end of the line or on its
 *   own line after the item (the draft preview's marker).
 * - Project: a `[Project] ` prefix on the item wins over a project sub-heading (`### Project`,
 *   `**Project**` alone on a line, or `Project: Name`).
 * - Assignee: a trailing `@Name` (everything after the last unescaped '@' that follows a space),
 *   or 'Assigned to Name' at the end of the line or on its own line after the item. When team
 *   member names are given (`members`), an @ text that names none of them stays in the content.
 * - Skipped: 'Weekly Report', week ranges and dates, 'None', 'End of Report', 'Back to Report',
 *   'Print'.
 * - Markdown backslash escapes (`\@`, `\[`, `\\`, …) are honoured, so the Markdown export
 *   (markdown.ts) reads back exactly.
 */
import type { ItemType, SectionType } from '@cadence/contract'

export type ParsedItem = {
  content: string
  projectName: string | null
  is_completed?: boolean
  assignee?: string
}
export type ParsedSection = { sectionName: string; items: ParsedItem[] }
export type ParsedReport = { sections: ParsedSection[] }
export type ParseOptions = { knownSections?: string[]; members?: string[] }

/** Characters a backslash escapes: ASCII punctuation plus the markers this format gives meaning. */
const ESCAPABLE = /[!-/:-@[-`{-~✓☐☑☒✅✔•◦–]/

export function unescapeMarkdown(text: string) {
  // Most lines have no escape at all (and this runs on every line of an import).
  if (!text.includes('\\')) return text
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    const next = text[i + 1] ?? ''
    if (c === '\\' && (ESCAPABLE.test(next) || /^[Aa]ssigned/.test(text.slice(i + 1, i + 9)))) {
      out += text[i + 1]
      i++
    } else out += c
  }
  return out
}

/** Index of the first occurrence of `needle` not escaped by a backslash, from `from`. */
function unescapedIndex(text: string, predicate: (i: number) => boolean, last = false) {
  let found = -1
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++
      continue
    }
    if (predicate(i)) {
      found = i
      if (!last) return i
    }
  }
  return found
}

const BULLET = /^(?:[-*+•◦–]|\d{1,3}[.)])\s+/
const BOX = /^\[( |x|X)\]\s*/
const GLYPH_BOX = /^([☐☑☒✅✔])\s*/
const CHECKED_GLYPHS = new Set(['☑', '☒', '✅', '✔'])
const ASSIGNED_LINE = /^Assigned to:?\s+(.+)$/i
const COMPLETED_LINE = /^✓\s*Completed$/i
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?'
const WEEK_RANGE = new RegExp(
  `^(?:week\\s+(?:of\\s+)?)?(?:(?:${MONTH}\\s+\\d{1,2}(?:,?\\s+\\d{4})?|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?)\\s*(?:[-–—]|to)?\\s*){1,2}$`,
  'i',
)
const SKIP_LINE = /^(?:weekly report|end of report|back to report|print|none|-{3,}|\*{3,}|_{3,})$/i
const MD_HEADING = /^(#{1,6})\s+(.*)$/
const PROJECT_LINE = /^(?:project:\s*(.+)|\*\*([^*].*?)\*\*:?)$/i

type Line =
  | { kind: 'blank' }
  | { kind: 'skip' }
  | { kind: 'md-heading'; level: number; text: string }
  | { kind: 'item'; text: string; checked: boolean | undefined }
  | { kind: 'completed' }
  | { kind: 'assigned'; name: string }
  | { kind: 'project'; name: string }
  | { kind: 'quote' }
  | { kind: 'plain'; text: string }

function classify(raw: string): Line {
  const line = raw.trim()
  if (!line) return { kind: 'blank' }
  const heading = MD_HEADING.exec(line)
  if (heading) {
    // A closing run of '#' after a space is not part of the heading (CommonMark).
    const text = heading[2].replace(/\s#+$/, '').trimEnd()
    return { kind: 'md-heading', level: heading[1].length, text }
  }
  if (line.startsWith('>')) return { kind: 'quote' }
  if (SKIP_LINE.test(line) || (line.length <= 60 && WEEK_RANGE.test(line))) return { kind: 'skip' }
  if (COMPLETED_LINE.test(line)) return { kind: 'completed' }
  const assigned = ASSIGNED_LINE.exec(line)
  if (assigned) return { kind: 'assigned', name: assigned[1].trim() }
  const project = PROJECT_LINE.exec(line)
  if (project) return { kind: 'project', name: (project[1] ?? project[2]).trim() }
  let rest = line
  let bullet = false
  const b = BULLET.exec(rest)
  if (b) {
    rest = rest.slice(b[0].length)
    bullet = true
  }
  let checked: boolean | undefined
  const box = BOX.exec(rest)
  if (box) {
    checked = box[1] !== ' '
    rest = rest.slice(box[0].length)
  } else {
    const glyph = GLYPH_BOX.exec(rest)
    if (glyph) {
      checked = CHECKED_GLYPHS.has(glyph[1])
      rest = rest.slice(glyph[0].length)
    }
  }
  if (bullet || checked !== undefined) return { kind: 'item', text: rest, checked }
  return { kind: 'plain', text: line }
}

/** `[Project] rest` → project and rest; the bracket text honours `\]` escapes. */
function takeProject(text: string): { project: string | null; rest: string } {
  if (!text.startsWith('[')) return { project: null, rest: text }
  const close = unescapedIndex(text, (i) => text[i] === ']')
  if (close <= 1) return { project: null, rest: text }
  const project = unescapeMarkdown(text.slice(1, close)).trim()
  if (!project) return { project: null, rest: text }
  return { project, rest: text.slice(close + 1).trimStart() }
}

// Suffix markers are found by scanning, not by end-anchored regexes, which backtrack
// quadratically on long runs of spaces in hostile input.
const SEPARATOR = /[\s\-–—(|]/

/** Drops trailing spaces, dashes, bars and an opening parenthesis. */
function trimSeparators(text: string) {
  let end = text.length
  while (end > 0 && SEPARATOR.test(text[end - 1])) end--
  return text.slice(0, end)
}

/** `… ✓ Completed` at the end (the ✓ not escaped): the text before it, or null. */
function beforeCompleted(text: string): string | null {
  const at = unescapedIndex(text, (i) => text[i] === '✓', true)
  if (at === -1 || !/^✓\s*Completed\)?$/i.test(text.slice(at).trimEnd())) return null
  return trimSeparators(text.slice(0, at))
}

/** `… Assigned to Name` at the end (not escaped, not the whole text): [before, name] or null. */
function assignedAtEnd(text: string): [string, string] | null {
  let at = -1
  for (const m of text.matchAll(/assigned to/gi)) at = m.index
  if (at <= 0 || text[at - 1] === '\\') return null
  const tail = text.slice(at + 'assigned to'.length)
  if (!/^[:\s]/.test(tail)) return null
  let name = tail.replace(/^:?\s*/, '').trimEnd()
  if (name.endsWith(')')) name = name.slice(0, -1).trimEnd()
  if (!name) return null
  return [trimSeparators(text.slice(0, at)), name]
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function buildItem(
  text: string,
  checked: boolean | undefined,
  heading: string | null,
  members: string[] | undefined,
): ParsedItem | null {
  let rest = text.trim()
  let completed = checked
  let assignee: string | undefined
  // The preview prints '✓ Completed' before '— Assigned to Name'; accept either order.
  const takeCompleted = () => {
    const before = beforeCompleted(rest)
    if (before === null) return
    rest = before
    completed = true
  }
  takeCompleted()
  const assignedTo = assignedAtEnd(rest)
  if (assignedTo) [rest, assignee] = assignedTo
  takeCompleted()
  const { project, rest: afterProject } = takeProject(rest)
  rest = afterProject
  if (assignee === undefined) {
    const at = unescapedIndex(
      rest,
      (i) => rest[i] === '@' && (i === 0 || /\s/.test(rest[i - 1])),
      true,
    )
    if (at !== -1) {
      const name = unescapeMarkdown(rest.slice(at + 1)).trim()
      if (name && (!members || members.some((m) => sameName(m, name)))) {
        assignee = name
        rest = rest.slice(0, at)
      }
    }
  }
  rest = rest.trim()
  const struck = /^~~(.+)~~$/.exec(rest)
  if (struck) {
    rest = struck[1]
    completed = true
  }
  const content = unescapeMarkdown(rest).trim()
  if (!content) return null
  const item: ParsedItem = { content, projectName: project ?? heading }
  if (completed !== undefined) item.is_completed = completed
  if (assignee) item.assignee = assignee
  return item
}

export function parseReportText(text: string, options: ParseOptions = {}): ParsedReport {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map(classify)
  const headingLevels = lines.flatMap((l) =>
    l.kind === 'md-heading' && l.level >= 2 ? [l.level] : [],
  )
  const markdown = headingLevels.length > 0
  const names = options.knownSections?.filter((s) => s.trim())
  // No known names (a user without templates) reads headings by layout alone.
  const known = names?.length ? names : undefined
  const isKnown = (name: string) => !!known && matchSection(name, known) !== -1
  const layout: Layout = {
    lines,
    markdown,
    sectionLevel: markdown ? Math.min(...headingLevels) : 0,
    known,
    isKnown,
    heading: markdown
      ? new Array<boolean>(lines.length).fill(false)
      : plainHeadings(text, lines, known, isKnown),
  }
  return { sections: readSections(layout, options.members) }
}

/** The classified lines and what decides which of them are section headings. */
type Layout = {
  lines: Line[]
  markdown: boolean
  sectionLevel: number
  known: string[] | undefined
  isKnown: (name: string) => boolean
  /** Per line: a plain-text heading (always false for Markdown). */
  heading: boolean[]
}

/** Plain text: which plain lines are headings (see the rules at the top of the file). */
function plainHeadings(
  text: string,
  lines: Line[],
  known: string[] | undefined,
  isKnown: (name: string) => boolean,
) {
  const heading = new Array<boolean>(lines.length).fill(false)
  let next: Line = { kind: 'blank' }
  let nextIsHeading = false
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]
    if (l.kind === 'blank' || l.kind === 'skip') continue
    if (l.kind === 'plain') {
      let prev = i - 1
      while (prev >= 0 && lines[prev].kind === 'skip') prev--
      const startsBlock = prev < 0 || lines[prev].kind === 'blank'
      const directNext = lines[i + 1]
      heading[i] =
        l.text.endsWith(':') ||
        next.kind === 'item' ||
        // A known section name right above a heading: 'Action Items' over 'Project Apollo'.
        (nextIsHeading && directNext === next && isKnown(l.text)) ||
        // A line that is exactly a known section's name ('Highlights' in the preview's text).
        !!known?.some((k) => sameName(k, l.text)) ||
        (startsBlock && directNext?.kind === 'plain')
    }
    nextIsHeading = heading[i]
    next = l
  }
  // 'None' lines are classified 'skip'; a plain line right before one is an empty section.
  const raw = text.replace(/\r\n?/g, '\n').split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].kind !== 'plain' || heading[i]) continue
    let j = i + 1
    while (j < lines.length && lines[j].kind === 'blank') j++
    if (j < lines.length && /^none$/i.test(raw[j].trim())) heading[i] = true
  }
  return heading
}

/** The next line after line i that is not blank, in one pass. */
function nextContentOf(lines: Line[]) {
  const nextIndex = new Array<number>(lines.length + 1).fill(lines.length)
  for (let i = lines.length - 1; i >= 0; i--)
    nextIndex[i] = lines[i + 1] && lines[i + 1].kind !== 'blank' ? i + 1 : nextIndex[i + 1]
  return (i: number): Line | undefined => lines[nextIndex[i]]
}

/** Walks the lines: sections, the project headings within them, and their items. */
function readSections(layout: Layout, members: string[] | undefined): ParsedSection[] {
  const { lines, markdown, sectionLevel, known, isKnown, heading } = layout
  const sections: ParsedSection[] = []
  let section: ParsedSection | null = null
  let project: string | null = null
  let lastItem: ParsedItem | null = null
  const startSection = (name: string) => {
    section = { sectionName: name.trim(), items: [] }
    sections.push(section)
    project = null
    lastItem = null
  }
  const addItem = (t: string, checked: boolean | undefined) => {
    if (!section) return
    const item = buildItem(t, checked, project, members)
    if (item) {
      section.items.push(item)
      lastItem = item
    }
  }

  const nextContent = nextContentOf(lines)
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]
    switch (l.kind) {
      case 'blank':
      case 'skip':
      case 'quote':
        break
      case 'md-heading':
        if (l.level < 2) break
        if (l.level === sectionLevel) startSection(unescapeMarkdown(l.text))
        else if (section) project = unescapeMarkdown(l.text).trim() || null
        break
      case 'project':
        if (section) project = l.name
        break
      case 'completed':
        if (lastItem) (lastItem as ParsedItem).is_completed = true
        break
      case 'assigned':
        if (lastItem) (lastItem as ParsedItem).assignee = l.name
        break
      case 'item':
        addItem(l.text, l.checked)
        break
      case 'plain': {
        if (markdown || !heading[i]) {
          addItem(l.text, undefined)
          break
        }
        const name = l.text.replace(/:$/, '').trim()
        if (!known || isKnown(name)) startSection(name)
        else if (section) project = name
        else if (nextContent(i)?.kind === 'item') startSection(name)
        break
      }
    }
  }
  return sections
}

// ---- Section matching (report import) ----

const norm = (s: string) => s.trim().toLowerCase()

/**
 * The index of the report section an imported section name goes to, or -1. In order: the same
 * name; a name containing the other (either direction); an 'action' name to a section containing
 * 'task'; a 'follow' name to a follow-up section. `sections` are names, or names with types.
 */
export function matchSection(
  name: string,
  sections: ReadonlyArray<string | { section_name: string; section_type?: SectionType }>,
): number {
  const wanted = norm(name)
  if (!wanted) return -1
  const list = sections.map((s) =>
    typeof s === 'string'
      ? { name: norm(s), type: undefined }
      : { name: norm(s.section_name), type: s.section_type },
  )
  const find = (p: (s: { name: string; type?: SectionType }) => boolean) => list.findIndex(p)
  let i = find((s) => s.name === wanted)
  if (i === -1) i = find((s) => !!s.name && (s.name.includes(wanted) || wanted.includes(s.name)))
  if (i === -1 && wanted.includes('action')) i = find((s) => s.name.includes('task'))
  if (i === -1 && wanted.includes('action')) i = find((s) => s.type === 'tasks')
  if (i === -1 && wanted.includes('follow'))
    i = find((s) => s.type === 'followups' || s.name.includes('follow'))
  if (i === -1 && wanted.includes('task')) i = find((s) => s.type === 'tasks')
  return i
}

/** Task for task sections or 'action' names, follow-up for follow-up sections or 'follow' names. */
export function itemTypeFor(sectionName: string, sectionType?: SectionType): ItemType {
  if (sectionType === 'tasks') return 'task'
  if (sectionType === 'followups') return 'followup'
  const name = norm(sectionName)
  if (name.includes('action') || name.includes('task')) return 'task'
  if (name.includes('follow')) return 'followup'
  return 'standard'
}

/**
 * The existing project an imported name refers to: the same name (case-insensitive), else one whose
 * name contains the other; active projects first. Undefined when none does (create it).
 */
export function matchProject<P extends { name: string; status?: string }>(
  name: string,
  projects: readonly P[],
): P | undefined {
  const wanted = norm(name)
  if (!wanted) return undefined
  const ordered = [...projects].sort(
    (a, b) => Number(b.status === 'active') - Number(a.status === 'active'),
  )
  return (
    ordered.find((p) => norm(p.name) === wanted) ??
    ordered.find((p) => {
      const n = norm(p.name)
      return !!n && (n.includes(wanted) || wanted.includes(n))
    })
  )
}

/**
 * matchProject for many names against one list, built once per import: exact names by a Map,
 * the containment fallback scanned once per distinct name and remembered. Projects added while
 * importing go where matchProject's order puts them (active, after the active ones).
 */
export function projectMatcher<P extends { name: string; status?: string }>(
  projects: readonly P[],
) {
  const active: Array<[string, P]> = []
  const others: Array<[string, P]> = []
  const exact = new Map<string, P>()
  const exactOther = new Map<string, P>()
  const found = new Map<string, P | undefined>()
  const add = (p: P) => {
    const n = norm(p.name)
    if (p.status === 'active') {
      active.push([n, p])
      if (!exact.has(n)) exact.set(n, p)
    } else {
      others.push([n, p])
      if (!exactOther.has(n)) exactOther.set(n, p)
    }
    // A remembered miss may match the new project now; remembered hits stay right.
    for (const [key, value] of found) if (value === undefined) found.delete(key)
  }
  for (const p of projects) add(p)
  return {
    add,
    match(name: string): P | undefined {
      const wanted = norm(name)
      if (!wanted) return undefined
      if (found.has(wanted)) return found.get(wanted)
      let hit = exact.get(wanted) ?? exactOther.get(wanted)
      if (!hit) {
        const contains = ([n]: [string, P]) => !!n && (n.includes(wanted) || wanted.includes(n))
        hit = (active.find(contains) ?? others.find(contains))?.[1]
      }
      found.set(wanted, hit)
      return hit
    },
  }
}

/** The team member an @Name refers to: the same name, else the only one whose name starts so. */
export function matchMember<M extends { name: string }>(name: string, members: readonly M[]) {
  const wanted = norm(name)
  if (!wanted) return undefined
  const exact = members.find((m) => norm(m.name) === wanted)
  if (exact) return exact
  const starts = members.filter((m) => norm(m.name).startsWith(wanted))
  return starts.length === 1 ? starts[0] : undefined
}
