/**
 * SQLite's `ORDER BY x COLLATE NOCASE` in JavaScript, so an order is the same on both engines:
 * ASCII letters fold to lower case, everything else compares by code unit (PostgreSQL's own
 * collations would sort by language rules, SQLite's by bytes).
 */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (m) => m.toLowerCase())

export function compareNoCase(a: string, b: string) {
  const x = asciiLower(a)
  const y = asciiLower(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** Sorts rows by a name as `COLLATE NOCASE` would, then by id. */
export const byNameNoCase =
  <T extends { id: number }>(name: (row: T) => string) =>
  (a: T, b: T) =>
    compareNoCase(name(a), name(b)) || a.id - b.id

/** A LIKE pattern (with ESCAPE '\') for "contains `text`", the same on both engines. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
