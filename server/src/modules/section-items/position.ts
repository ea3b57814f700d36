import { type SQL, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Engine } from '../../db/engine'
import { BadRequest, Conflict, NotFound } from '../../lib/errors'
import { INT4_MAX } from '../../lib/limits'
import { nextTurn } from '../../lib/time-slices'
import type { SectionItemModel } from './model'

/**
 * Moving one item (PUT /api/section-items/:id/position): into a section of the same report, just
 * before another item of it or at its end. Her order is `sort_order`, then `id`, everywhere it is
 * read (the editor, the memo, the e-mail, the PDF and Markdown).
 *
 * The arithmetic writes one row when it can:
 * - to the end: one more than the section's largest position;
 * - before an item: the middle of the gap between that item and the one before it (below the
 *   first item, the gap down to -1, so positions stay 0 or more: an item inserted with a negative
 *   position is placed last by the database, db/sqlite/features/items.sql);
 * - when there is no gap (neighbours one apart, or equal), a window of the items next to the
 *   target is spread out first (spreadWindow): the fewest items on one side, before the target
 *   or from it on, that have room between the window's neighbour and the target for a gap of two
 *   or more each, up to POSITION_GAP apart. A section of spaced items spreads a few of them; a
 *   section without gaps (every import and new item goes at max + 1) spreads its shorter side that
 *   has room: from the target to the end, where positions are free up to the engine's integer
 *   range (INT4_MAX), or toward the top when the items there sit high enough above 0. Only when
 *   neither side has room is the whole section renumbered POSITION_GAP apart (renumber).
 *   New items still go last (max + 1).
 *
 * A spread is one UPDATE per PLACE_CHUNK items, the same statement on both engines, the event loop
 * given back between two (place), so a move into a large gapless section never holds the
 * thread for the whole section (issue 42; its stall row is in bench/stalls.ts).
 *
 * One transaction under the user's write lock (TxOptions.user): on PostgreSQL two moves of one
 * user, and a move and an item write of the same user (a group commit takes that lock shared),
 * run one after the other; on SQLite BEGIN IMMEDIATE already excludes every other writer. So two
 * concurrent moves never read the same gap and never write the same position. Should two rows
 * ever share a position (data written before this route), `id` orders them, and the next move
 * next to them spreads them.
 *
 * An item's project group is its `project_id`, changed by PUT /api/section-items/:id: moving an
 * item into another project's group is that PUT and this one (the editor sends both).
 */
export const POSITION_GAP = 1024

/** The first window tried on each side; doubled until one side has room. */
const FIRST_WINDOW = 8

type Place = { sort_order: number }

/** Items rewritten per statement when a spread is long; the event loop is given back between. */
const PLACE_CHUNK = 500

/**
 * Writes `first + n × step` (n = 1, 2, …) as the positions of `ids`, which are in the order of
 * `order` (their current one: `up` or `down`), a chunk of PLACE_CHUNK rows per statement (the same
 * on both engines), giving the event loop back between chunks (a spread of 10,000 rows in one
 * statement held it 55 ms on SQLite). Inside the move's transaction: no other write of the user
 * comes between.
 */
async function place(tx: Engine, ids: number[], first: number, step: number, order: SQL) {
  for (let at = 0; at < ids.length; at += PLACE_CHUNK) {
    if (at) await nextTurn()
    const chunk = ids.slice(at, at + PLACE_CHUNK)
    await tx.exec(sql`
      UPDATE section_items SET sort_order = CAST(${first} + (r.n + ${at}) * ${step} AS INTEGER)
      FROM (
        SELECT id, row_number() OVER (${order}) AS n FROM section_items
        WHERE id IN ${tx.idsIn(chunk)}
      ) AS r
      WHERE section_items.id = r.id`)
  }
}

const up = sql`ORDER BY sort_order, id`
const down = sql`ORDER BY sort_order DESC, id DESC`

/** The ids of the items that `where` picks, in the order `order`, at most `limit` of them. */
async function idsOf(tx: Engine, where: SQL, order: SQL, limit?: number) {
  const rows = await tx.rows<{ id: number }>(
    limit === undefined
      ? sql`SELECT id FROM section_items WHERE ${where} ${order}`
      : sql`SELECT id FROM section_items WHERE ${where} ${order} LIMIT ${limit}`,
  )
  return rows.map((r) => Number(r.id))
}

/** The section's items but `movedId`, renumbered POSITION_GAP, 2 × POSITION_GAP, … in order. */
async function renumber(tx: Engine, sectionId: number, movedId: number) {
  const ids = await idsOf(tx, sql`section_id = ${sectionId} AND id <> ${movedId}`, up)
  await place(tx, ids, 0, POSITION_GAP, up)
}

/** The largest position in the section but the moved item's, or -1 when it holds no other. */
async function lastPosition(tx: Engine, sectionId: number, movedId: number) {
  const last = await tx.row<{ max: number | null }>(
    sql`SELECT max(sort_order) AS max FROM section_items WHERE section_id = ${sectionId} AND id <> ${movedId}`,
  )
  return last?.max == null ? -1 : Number(last.max)
}

type Target = { sectionId: number; movedId: number; beforeId: number; high: number; low: number }

/**
 * Makes room before the target item (position `high`, the item before it at `low`, -1 when none)
 * by spreading the fewest items of one side (see above); answers the moved item's position, or
 * null when neither side has room (the caller renumbers the section).
 */
async function spreadWindow(tx: Engine, t: Target): Promise<number | null> {
  const { sectionId, movedId, beforeId, high, low } = t
  const others = sql`section_id = ${sectionId} AND id <> ${movedId}`
  // The items from the target on, and the items before it, in their order away from the target.
  const after = sql`${others} AND sort_order >= ${high} AND (sort_order > ${high} OR id >= ${beforeId})`
  const before = sql`${others} AND sort_order <= ${high} AND (sort_order < ${high} OR id < ${beforeId})`
  /** The position of the item `k` places away on a side (0: the nearest), if there is one. */
  const at = async (side: SQL, order: SQL, k: number) => {
    const row = await tx.row<Place>(
      sql`SELECT sort_order FROM section_items WHERE ${side} ${order} LIMIT 1 OFFSET ${k}`,
    )
    return row ? Number(row.sort_order) : null
  }
  for (let k = FIRST_WINDOW; ; k *= 2) {
    // Upward: the k items from the target on, between `low` and the next item (or the top of the
    // integer range when the window reaches the section's end).
    const next = await at(after, up, k)
    const upStep = Math.min(
      POSITION_GAP,
      Math.floor(((next ?? Math.min(INT4_MAX + 1, low + (k + 1) * POSITION_GAP)) - low) / (k + 1)),
    )
    // Downward: the k items before the target, between the item below them (or -1 when the
    // window reaches the section's start) and `high`.
    const below = await at(before, down, k)
    const downStep = Math.min(POSITION_GAP, Math.floor((high - (below ?? -1)) / (k + 1)))
    if (upStep >= 2 || downStep >= 2) {
      // The side that has room; both: the one with fewer items in its window.
      const upIds = upStep >= 2 ? await idsOf(tx, after, up, k) : null
      const downIds = downStep >= 2 ? await idsOf(tx, before, down, k) : null
      if (upIds && (!downIds || upIds.length <= downIds.length)) {
        await place(tx, upIds, low, upStep, up)
        return low + Math.floor(upStep / 2)
      }
      await place(tx, downIds as number[], high, -downStep, down)
      return high - Math.floor(downStep / 2)
    }
    // Both windows reached the section's ends without room: renumber the section.
    if (next === null && below === null) return null
  }
}

/** The position that puts the moved item where it was asked to go; may spread or renumber. */
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
  const spread = await spreadWindow(tx, { sectionId, movedId, beforeId, high, low })
  if (spread !== null) return spread
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
