// The account document's schema check (model.ts) in steps that give the event loop back: Elysia
// checking and cleaning the whole document in the request's one turn held the loop ~50 ms for
// the largest import. The answers are Elysia's for the whole schema: the same documents accepted,
// the same unknown fields removed, the same first error told.
import { getSchemaValidator, type TSchema, t } from 'elysia'
import { BadRequest, validationMessage } from '../../lib/errors'
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

const documentLevel = level(ImportExportModel.document, SPLITS)
// The whole schema's own validator: the answer for a document the steps refuse.
const wholeDocument = validatorOf(ImportExportModel.document)
/** Elysia reads at most this many errors of a refused body (its error.ts MAX_ERRORS). */
const MAX_ERRORS = 64

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const listAt = (value: unknown, key: string) =>
  isObject(value) && Array.isArray(value[key]) ? (value[key] as unknown[]) : null

type Slices = ReturnType<typeof timeSlices>

async function clean(at: Level, value: unknown, slices: Slices): Promise<unknown> {
  await slices.pause()
  let cleaned = at.validator.Clean(value)
  // New lists in a new object: the body itself stays as it came (the whole check may need it).
  if (cleaned === value && isObject(value)) cleaned = { ...value }
  for (const { key, element } of at.lists) {
    const list = listAt(cleaned, key)
    if (!list) continue
    const out: unknown[] = []
    for (const item of list) out.push(await clean(element, item, slices))
    ;(cleaned as Record<string, unknown>)[key] = out
  }
  return cleaned
}

async function check(at: Level, value: unknown, slices: Slices): Promise<boolean> {
  await slices.pause()
  if (!at.validator.Check(value)) return false
  for (const { key, element } of at.lists)
    for (const item of listAt(value, key) ?? [])
      if (!(await check(element, item, slices))) return false
  return true
}

/**
 * The body of POST /api/import as Elysia would pass it with the document schema on the route
 * (unknown fields removed), or the 400 it would answer; the loop is given back every few ms.
 */
export async function checkedDocument(body: unknown): Promise<ImportExportModel.document> {
  const slices = timeSlices()
  try {
    const cleaned = await clean(documentLevel, body, slices)
    if (await check(documentLevel, cleaned, slices)) return cleaned as ImportExportModel.document
  } catch {}
  // Refused in steps: the whole check's own answer (its cleaning of a malformed value differs from
  // the steps'), in one turn as before; a document that passes never gets here.
  let value = body
  try {
    value = wholeDocument.Clean(body)
  } catch {}
  if (wholeDocument.Check(value)) return value as ImportExportModel.document
  const all: ValueError[] = []
  for (const error of wholeDocument.Errors(value)) if (all.push(error) >= MAX_ERRORS) break
  throw new BadRequest(
    validationMessage({
      all,
      valueError: all[0],
      validator: { schema: ImportExportModel.document },
    }),
  )
}
