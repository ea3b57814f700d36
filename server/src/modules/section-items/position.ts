import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Engine } from '../../db/engine'
import { BadRequest, Conflict, NotFound } from '../../lib/errors'
import { INT4_MAX } from '../../lib/limits'
import type { SectionItemModel } from './model'

/**
 * Moving one item (PUT /api/section-items/:id/position): into a section of the same report, just
 * before another item of it or at its end. Her order is `sort_order`, then `id`, everywhere it is
 * read (the editor, the memo, the e-mail, the PDF and Markdown).
 *
 * The arithmetic writes one row when it can:
 * - to the end: one more than the section's largest position;
 * - before an item: the middle of the gap between that item and the one before it (below the
 *   first item, the gap down to -1, so positions stay 0 or more);
 * - when there is no gap (neighbours one apart, or equal), the section's other items are first
 *   renumbered POSITION_GAP apart from POSITION_GAP (one statement, in their current order), so
 *   the next moves between them write one row again. New items still go last (max + 1).
 *
 * One transaction under the user's write lock (TxOptions.user): on PostgreSQL two moves of one
 * user, and a move and an item write of the same user (a group commit takes that lock shared),
 * run one after the other; on SQLite BEGIN IMMEDIATE already excludes every other writer. So two
 * concurrent moves never read the same gap and never write the same position. Should two rows
 * ever share a position (data written before this route), `id` orders them, and the next move
 * next to them renumbers the section.
 *
 * An item's project group is its `project_id`, changed by PUT /api/section-items/:id: moving an
 * item into another project's group is that PUT and this one (the editor sends both).
 */
export const POSITION_GAP = 1024

type Place = { sort_order: number }

/** The section's items but `movedId`, renumbered POSITION_GAP, 2 × POSITION_GAP, … in order. */
async function renumber(tx: Engine, sectionId: number, movedId: number) {
  await tx.exec(sql`
    UPDATE section_items SET sort_order = CAST(r.n * ${POSITION_GAP} AS INTEGER)
    FROM (
      SELECT id, row_number() OVER (ORDER BY sort_order, id) AS n
      FROM section_items WHERE section_id = ${sectionId} AND id <> ${movedId}
    ) AS r
    WHERE section_items.id = r.id`)
}

/** The largest position in the section but the moved item's, or -1 when it holds no other. */
async function lastPosition(tx: Engine, sectionId: number, movedId: number) {
  const last = await tx.row<{ max: number | null }>(
    sql`SELECT max(sort_order) AS max FROM section_items WHERE section_id = ${sectionId} AND id <> ${movedId}`,
  )
  return last?.max == null ? -1 : Number(last.max)
}

/** The position that puts the moved item where it was asked to go; may renumber the section. */
async function positionFor(
  tx: Engine,
  sectionId: number,
  movedId: number,
  beforeId: number | null,
): Promise<number> {
  if (beforeId === null) {
    const last = await lastPosition(tx, sectionId, movedId)
    if (last < INT4_MAX) return last + 1
    await renumber(tx, sectionId, movedId)
    return (await lastPosition(tx, sectionId, movedId)) + POSITION_GAP
  }
  if (beforeId === movedId) throw new BadRequest('before_id cannot be the item that moves')
  const beforeOf = () =>
    tx.row<Place>(
      sql`SELECT sort_order FROM section_items WHERE id = ${beforeId} AND section_id = ${sectionId}`,
    )
  const before = await beforeOf()
  if (!before) throw new BadRequest('before_id is not an item of that section')
  const high = Number(before.sort_order)
  const previous = await tx.row<Place>(sql`
    SELECT sort_order FROM section_items
    WHERE section_id = ${sectionId} AND id <> ${movedId}
      AND (sort_order < ${high} OR (sort_order = ${high} AND id < ${beforeId}))
    ORDER BY sort_order DESC, id DESC LIMIT 1`)
  const low = previous ? Number(previous.sort_order) : -1
  if (high - low >= 2) return low + Math.floor((high - low) / 2)
  await renumber(tx, sectionId, movedId)
  const renumbered = await beforeOf()
  if (!renumbered) throw new Conflict('The item changed meanwhile; try again')
  return Number(renumbered.sort_order) - POSITION_GAP / 2
}

/** Moves the user's item; answers where it now is. */
export function moveItem(
  ctx: AppContext,
  userId: number,
  id: number,
  { section_id, before_id }: SectionItemModel.position,
) {
  return ctx.db.tx(
    async (tx) => {
      const item = await tx.row<{ report_id: number }>(sql`
        SELECT s.report_id FROM section_items i JOIN report_sections s ON s.id = i.section_id
        WHERE i.id = ${id} AND i.user_id = ${userId}`)
      if (!item) throw new NotFound('Item not found')
      // Only a section of the same report: another report's, or another user's, is not found.
      const target = await tx.row(sql`
        SELECT id FROM report_sections
        WHERE id = ${section_id} AND user_id = ${userId} AND report_id = ${item.report_id}`)
      if (!target) throw new NotFound('Section not found')
      const sort_order = await positionFor(tx, section_id, id, before_id ?? null)
      const changed = await tx.exec(sql`
        UPDATE section_items SET section_id = ${section_id}, sort_order = ${sort_order}
        WHERE id = ${id} AND user_id = ${userId}`)
      if (!changed) throw new Conflict('The item changed meanwhile; try again')
      return { id, section_id, sort_order }
    },
    { user: userId },
  )
}
