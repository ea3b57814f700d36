// The account document's schema check (model.ts) in steps that give the event loop back: Elysia
// checking and cleaning the whole document in the request's one turn held the loop ~50 ms for
// the largest import, and building its error for a refused one as long again. The same
// documents are accepted with the same unknown fields removed; a refused one is told its first
// failing value, found in the steps, never by a walk of the whole document.
import { getSchemaValidator, type TSchema, t } from 'elysia'
import { BadRequest, firstByField, validationMessage } from '../../lib/errors'
import { timeSlices } from '../../lib/time-slices'
import { ImportExportModel } from './model'

/** The lists checked element by element (the rest of each level is checked at once). */
type Splits = { [key: string]: Splits }
const SPLITS: Splits = {
  projects: {},
  team_members: { talking_points: {}, tasks: {}, followups: {} },
  decisions: {},
  reports: { sections: { items: {} }, editions: {}, project_health: {}, questions: {} },
}

type ValueError = {
  path: string
  message: string
  value: unknown
  schema: { error?: unknown; maxLength?: number }
}
type Validator = {
  Check(value: unknown): boolean
  Clean(value: unknown): unknown
  Errors(value: unknown): Iterable<ValueError>
}
type Level = {
  schema: { properties: Record<string, TSchema> }
  validator: Validator
  lists: { key: string; element: Level }[]
}

// As the routes' own validators are built (normalize: unknown fields removed by Clean).
const validatorOf = (schema: TSchema) =>
  getSchemaValidator(schema, { normalize: true }) as unknown as Validator

/** A level: its schema with each split list's elements taken as they are, checked one by one. */
function level(schema: TSchema, splits: Splits): Level {
  const object = schema as unknown as { properties: Record<string, TSchema> }
  const properties = { ...object.properties }
  const lists: Level['lists'] = []
  for (const [key, inner] of Object.entries(splits)) {
    const list = properties[key] as TSchema & { items: TSchema }
    properties[key] = { ...list, items: t.Any() }
    lists.push({ key, element: level(list.items, inner) })
  }
  return { schema: object, validator: validatorOf({ ...schema, properties } as TSchema), lists }
}

let built: Level | undefined
/**
 * The document's levels, built once (~40 ms of validator compiling): not at start, which every
 * start would pay, but soon after it (warmDocumentCheck, from the server's start) or on first use.
 */
const documentLevel = () => {
  built ??= level(ImportExportModel.document, SPLITS)
  return built
}
export const warmDocumentCheck = () => void documentLevel()
/** At most this many errors of a refused level are read (as Elysia reads at most 64). */
const MAX_ERRORS = 64

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const listAt = (value: unknown, key: string) =>
  isObject(value) && Array.isArray(value[key]) ? (value[key] as unknown[]) : null

type Slices = ReturnType<typeof timeSlices>

/**
 * The 400 for the first level that fails: its own errors (the split lists' elements are not in
 * them), their paths from the document's root, told as every route tells a refused body.
 */
function refusal(at: Level, value: unknown, path: string) {
  const all: ValueError[] = []
  try {
    for (const error of at.validator.Errors(value)) if (all.push(error) >= MAX_ERRORS) break
  } catch {}
  const first = firstByField({ all, validator: at })
  if (!first) {
    const where = path.slice(1).replaceAll('/', '.')
    return new BadRequest(where ? `Invalid ${where}` : 'Invalid request')
  }
  const error = { ...first, path: `${path}${first.path ?? ''}` }
  const told = validationMessage({ all: [error], valueError: error })
  // A field's own message ('Content is required') is told with where it is in the document.
  const where = error.path.slice(1).replaceAll('/', '.')
  return new BadRequest(told.startsWith('Invalid ') || !where ? told : `Invalid ${where}: ${told}`)
}

/**
 * One level cleaned (unknown fields removed) and checked, then each element of its split lists
 * the same way: the first element that fails ends the walk, so a refusal costs what was walked
 * up to it, and every step is one level's size.
 */
async function checked(at: Level, value: unknown, slices: Slices, path: string): Promise<unknown> {
  await slices.pause()
  let cleaned = value
  try {
    cleaned = at.validator.Clean(value)
    // Elysia's cleaning makes a list of anything with length 0 (`""`) an empty list; whatever
    // else it makes of a list that is no array fails, and is told as it came.
    for (const { key } of at.lists) {
      const list = isObject(cleaned) ? cleaned[key] : undefined
      if (Array.isArray(list) || (list as { length?: unknown } | null)?.length !== 0) continue
      if (cleaned === value) cleaned = { ...(value as object) }
      ;(cleaned as Record<string, unknown>)[key] = []
    }
  } catch {}
  // Told as the value came: cleaning can turn a value of the wrong type into an empty object.
  if (!at.validator.Check(cleaned))
    throw refusal(at, at.validator.Check(value) ? cleaned : value, path)
  // New lists in a new object: the body itself stays as it came.
  if (cleaned === value && isObject(value)) cleaned = { ...value }
  for (const { key, element } of at.lists) {
    const list = listAt(cleaned, key)
    if (!list) continue
    const out: unknown[] = []
    for (let i = 0; i < list.length; i++)
      out.push(await checked(element, list[i], slices, `${path}/${key}/${i}`))
    ;(cleaned as Record<string, unknown>)[key] = out
  }
  return cleaned
}

/**
 * The body of POST /api/import as Elysia would pass it with the document schema on the route
 * (unknown fields removed), or a 400 naming the first value that fails, from the document's
 * root ('Invalid reports.3.sections.0.items.12.content: Expected string'); the loop is given
 * back every few ms (`slices`), also while a refused document is told.
 */
export async function checkedDocument(
  body: unknown,
  slices = timeSlices(),
): Promise<ImportExportModel.document> {
  return (await checked(documentLevel(), body, slices, '')) as ImportExportModel.document
}
