// Array parameters for PostgreSQL: a literal bound to a `$1::text[]` or `$1::int[]` parameter,
// so one statement takes a value per row of a batch (statements/auth.ts, statements/items.ts).

/** A PostgreSQL array literal of `values` (for a `$1::text[]` parameter): each element quoted, null as NULL. */
export const textArray = (values: Array<string | null>) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`

/** A PostgreSQL array literal of integers (for a `$1::int[]` parameter), null as NULL. */
export const intArray = (values: Array<number | null>) => {
  for (const v of values)
    if (v !== null && !Number.isSafeInteger(v)) throw new TypeError(`not an integer: ${v}`)
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`
}
