import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { sectionTemplates } from '../../db/schema'
import { BadRequest, NotFound } from '../../lib/errors'
import { assertRoom, countOf, OBJECT_LIMITS } from '../../lib/limits'
import { nowIso } from '../../lib/time'
import type { SectionTemplateModel } from './model'

const NOT_FOUND = 'Section not found'

export async function listTemplates({ db }: AppContext, userId: number) {
  return await db.orm
    .select()
    .from(sectionTemplates)
    .where(eq(sectionTemplates.user_id, userId))
    .orderBy(asc(sectionTemplates.sort_order), asc(sectionTemplates.id))
}

const cleanName = (name: string) => {
  const trimmed = name.trim()
  if (!trimmed) throw new BadRequest('Section name is required')
  return trimmed
}

export async function createTemplate(
  { db }: AppContext,
  userId: number,
  input: SectionTemplateModel.create,
) {
  const name = cleanName(input.name)
  // Under the user's write lock (on any instance): two creates at once never share a position,
  // nor pass the limit together.
  return db.tx(
    async (tx) => {
      await assertRoom(
        tx,
        countOf.sectionTemplates(userId),
        1,
        OBJECT_LIMITS.sectionTemplates,
        'section templates per account',
      )
      const [last] = await tx.orm
        .select({ max: sql<number | null>`max(${sectionTemplates.sort_order})` })
        .from(sectionTemplates)
        .where(eq(sectionTemplates.user_id, userId))
      const next = input.sort_order ?? (last?.max ?? -1) + 1
      const [row] = await tx.orm
        .insert(sectionTemplates)
        .values({ user_id: userId, name, type: input.type, sort_order: next })
        .returning()
      return row
    },
    { user: userId },
  )
}

export async function updateTemplate(
  { db }: AppContext,
  userId: number,
  id: number,
  input: SectionTemplateModel.update,
) {
  const changes = { ...input, ...(input.name !== undefined && { name: cleanName(input.name) }) }
  const [row] = await db.orm
    .update(sectionTemplates)
    .set({ ...changes, updated_at: nowIso() })
    .where(and(eq(sectionTemplates.id, id), eq(sectionTemplates.user_id, userId)))
    .returning()
  if (!row) throw new NotFound(NOT_FOUND)
  return row
}

/** Positions for all given sections in one transaction; any foreign id refuses the whole call. */
export function reorderTemplates(
  { db }: AppContext,
  userId: number,
  { sections }: SectionTemplateModel.reorder,
) {
  return db.tx(
    async (tx) => {
      const ids = sections.map((s) => s.id)
      const owned = ids.length
        ? await tx.orm
            .select({ id: sectionTemplates.id })
            .from(sectionTemplates)
            .where(and(eq(sectionTemplates.user_id, userId), inArray(sectionTemplates.id, ids)))
        : []
      if (owned.length !== new Set(ids).size) throw new NotFound(NOT_FOUND)
      for (const s of sections) {
        await tx.orm
          .update(sectionTemplates)
          .set({ sort_order: s.sort_order, updated_at: nowIso() })
          .where(eq(sectionTemplates.id, s.id))
      }
      return tx.orm
        .select()
        .from(sectionTemplates)
        .where(eq(sectionTemplates.user_id, userId))
        .orderBy(asc(sectionTemplates.sort_order), asc(sectionTemplates.id))
    },
    { user: userId },
  )
}

export async function deleteTemplate({ db }: AppContext, userId: number, id: number) {
  const [row] = await db.orm
    .delete(sectionTemplates)
    .where(and(eq(sectionTemplates.id, id), eq(sectionTemplates.user_id, userId)))
    .returning()
  if (!row) throw new NotFound(NOT_FOUND)
  return { success: true, message: 'Section deleted' }
}
