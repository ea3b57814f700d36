// Array parameters for PostgreSQL: a literal bound to a `$1::text[]` or `$1::int[]` parameter,
// so one statement takes a value per row of a batch (statements/auth.ts, statements/items.ts).

/** A backslash or a double quote: escaped in an array element (most texts have neither). */
const SPECIAL = /["\\]/
const escaped = (v: string) =>
  SPECIAL.test(v) ? v.replaceAll('\\', '\\\\').replaceAll('"', '\\"') : v

/** A PostgreSQL array literal of `values` (for a `$1::text[]` parameter): each element quoted, null as NULL. */
export const textArray = (values: Array<string | null>) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${escaped(v)}"`)).join(',')}}`

/** A PostgreSQL array literal of integers (for a `$1::int[]` parameter), null as NULL. */
export const intArray = (values: Array<number | null>) => {
  for (const v of values)
    if (v !== null && !Number.isSafeInteger(v)) throw new TypeError(`not an integer: ${v}`)
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`
}
