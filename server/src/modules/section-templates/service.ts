import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { sectionTemplates } from '../../db/schema'
import { BadRequest, NotFound } from '../../lib/errors'
import { nowIso } from '../../lib/time'
import type { SectionTemplateModel } from './model'

const NOT_FOUND = 'Section not found'

export function listTemplates({ db }: AppContext, userId: number) {
  return db
    .select()
    .from(sectionTemplates)
    .where(eq(sectionTemplates.user_id, userId))
    .orderBy(asc(sectionTemplates.sort_order), asc(sectionTemplates.id))
    .all()
}

const cleanName = (name: string) => {
  const trimmed = name.trim()
  if (!trimmed) throw new BadRequest('Section name is required')
  return trimmed
}

export function createTemplate(
  { db }: AppContext,
  userId: number,
  input: SectionTemplateModel.create,
) {
  const name = cleanName(input.name)
  const next =
    input.sort_order ??
    (db
      .select({ max: sql<number | null>`max(${sectionTemplates.sort_order})` })
      .from(sectionTemplates)
      .where(eq(sectionTemplates.user_id, userId))
      .get()?.max ?? -1) + 1
  return db
    .insert(sectionTemplates)
    .values({ user_id: userId, name, type: input.type, sort_order: next })
    .returning()
    .get()
}

export function updateTemplate(
  { db }: AppContext,
  userId: number,
  id: number,
  input: SectionTemplateModel.update,
) {
  const changes = { ...input, ...(input.name !== undefined && { name: cleanName(input.name) }) }
  const row = db
    .update(sectionTemplates)
    .set({ ...changes, updated_at: nowIso() })
    .where(and(eq(sectionTemplates.id, id), eq(sectionTemplates.user_id, userId)))
    .returning()
    .get()
  if (!row) throw new NotFound(NOT_FOUND)
  return row
}

/** Positions for all given sections in one transaction; any foreign id refuses the whole call. */
export function reorderTemplates(
  { db }: AppContext,
  userId: number,
  { sections }: SectionTemplateModel.reorder,
) {
  return db.transaction((tx) => {
    const ids = sections.map((s) => s.id)
    const owned = ids.length
      ? tx
          .select({ id: sectionTemplates.id })
          .from(sectionTemplates)
          .where(and(eq(sectionTemplates.user_id, userId), inArray(sectionTemplates.id, ids)))
          .all()
      : []
    if (owned.length !== new Set(ids).size) throw new NotFound(NOT_FOUND)
    for (const s of sections) {
      tx.update(sectionTemplates)
        .set({ sort_order: s.sort_order, updated_at: nowIso() })
        .where(eq(sectionTemplates.id, s.id))
        .run()
    }
    return tx
      .select()
      .from(sectionTemplates)
      .where(eq(sectionTemplates.user_id, userId))
      .orderBy(asc(sectionTemplates.sort_order), asc(sectionTemplates.id))
      .all()
  })
}

export function deleteTemplate({ db }: AppContext, userId: number, id: number) {
  const row = db
    .delete(sectionTemplates)
    .where(and(eq(sectionTemplates.id, id), eq(sectionTemplates.user_id, userId)))
    .returning()
    .get()
  if (!row) throw new NotFound(NOT_FOUND)
  return { success: true, message: 'Section deleted' }
}
