import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { logActivity } from '../../lib/activity'
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors'
import { OBJECT_LIMITS } from '../../lib/limits'
import { nowIso } from '../../lib/time'
import { findReport } from '../reports/read/find'
import { editionBrief, latestEdition } from '../sending/brief/build'
import { queueQuestionMail } from '../sending/queue/queue'
import { type AnswerRow, answerOut, cleanText, readerOf } from '../sharing/reader'
import type { ActiveShare } from '../sharing/shares'
import type { AsksModel } from './model'

const NOT_AN_ASK = 'Ask not found'

/**
 * The brief the link shows and the ask's wording in it: a sent report's latest edition (what its
 * readers got), else the live draft (edition null, the item's wording now). Null when the item
 * is not an ask of that brief.
 */
async function askOfBrief(ctx: AppContext, share: ActiveShare, itemId: number) {
  const latest = await latestEdition(ctx, share.report_id)
  if (latest) {
    const ask = (editionBrief(latest).asks ?? []).find((a) => a.id === itemId)
    return ask ? { edition: latest.number, wording: ask.content } : null
  }
  // The live draft: the insert below admits only an open ask of the report.
  const row = await ctx.db.row<{ content: string }>(
    sql`SELECT content FROM section_items WHERE id = ${itemId}`,
  )
  return { edition: null, wording: row?.content ?? null }
}

/**
 * POST /api/shared/{token}/asks/{item_id}/answers: a reader's answer, kept with the link. The
 * readers' gate (sharing/readers.ts) has checked the link and the rate limits; the name and text
 * are cleaned as a question's are. One current answer per reader and ask: in one transaction
 * under the author's write lock, the reader's earlier answer is marked replaced (it stays in the
 * ask's history) and the new one inserted; the partial unique index `ask_answers_current` holds
 * it whatever runs at the same moment. The insert itself admits only an item of that report that
 * is an open ask now (an ask closed or unmarked at the same moment takes no answer). 404 when the
 * item is not an ask of that brief, 409 when its author closed it.
 */
export async function answerAsk(
  ctx: AppContext,
  share: ActiveShare,
  itemId: number,
  input: AsksModel.answer,
) {
  const reader = readerOf(share, input.name)
  const given = input.text == null ? '' : input.text
  const text = given.trim() ? cleanText(given, 'Comment') : null
  if (input.answer === 'comment' && !text) throw new BadRequest('Comment is required')
  const brief = await askOfBrief(ctx, share, itemId)
  if (!brief) throw new NotFound(NOT_AN_ASK)
  // Counted before the write, as questions are (a race at the limit may pass it by one).
  const [{ n }] = await ctx.db.rows<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM ask_answers WHERE report_id = ${share.report_id}`,
  )
  if (Number(n) >= OBJECT_LIMITS.askAnswersPerReport)
    throw new Forbidden(
      `This brief has taken its ${OBJECT_LIMITS.askAnswersPerReport} answers, the most one brief takes; answer its author directly`,
    )
  const now = nowIso()
  const row = await ctx.db
    .tx(
      async (tx) => {
        await tx.exec(sql`
        UPDATE ask_answers SET replaced_at = ${now}
        WHERE item_id = ${itemId} AND reader_key = ${reader.key} AND replaced_at IS NULL`)
        const [inserted] = await tx.rows<AnswerRow>(sql`
        INSERT INTO ask_answers (user_id, report_id, item_id, share_id, name, answer, text,
          reader_key, edition_number, wording)
        SELECT CAST(${share.user_id} AS INTEGER), CAST(${share.report_id} AS INTEGER), i.id,
          CAST(${share.id} AS INTEGER), CAST(${reader.name} AS TEXT),
          CAST(${input.answer} AS TEXT), CAST(${text} AS TEXT), CAST(${reader.key} AS TEXT),
          CAST(${brief.edition} AS INTEGER), CAST(${brief.wording} AS TEXT)
        FROM section_items i JOIN report_sections s ON s.id = i.section_id
        WHERE i.id = ${itemId} AND s.report_id = ${share.report_id} AND i.is_ask = 1
          AND i.ask_closed_at IS NULL
        RETURNING id, item_id, name, answer, text, created_at, edition_number, wording,
          replaced_at`)
        // Nothing inserted: the earlier answer stays current (the transaction is undone).
        if (!inserted) throw new NotAnswerable()
        return inserted
      },
      { user: share.user_id },
    )
    .catch(async (error) => {
      if (!(error instanceof NotAnswerable)) throw error
      const closed = await ctx.db.row<{ id: number }>(sql`
      SELECT i.id FROM section_items i JOIN report_sections s ON s.id = i.section_id
      WHERE i.id = ${itemId} AND s.report_id = ${share.report_id} AND i.is_ask = 1`)
      if (closed) throw new Conflict('This ask is closed')
      throw new NotFound(NOT_AN_ASK)
    })
  await logActivity(ctx.db, {
    userId: share.user_id,
    action: 'ask_answered',
    entityType: 'share',
    entityId: share.id,
    details: input.answer,
  })
  // With mail enabled, the author hears of it as of a question (one e-mail per brief per window).
  const [report] = await ctx.db.rows<{ id: number; week_start_date: string }>(
    sql`SELECT id, week_start_date FROM reports WHERE id = ${share.report_id}`,
  )
  if (report) await queueQuestionMail(ctx, share.user_id, report)
  return answerOut(row, brief.wording)
}

class NotAnswerable extends Error {}

/**
 * Each of `itemIds` (the user's) with the item itself and every item it was carried from: an
 * ask's answers are those of its whole chain (it is carried until closed, docs/features.md).
 */
const chainSql = (userId: number, itemIds: number[]) => sql`
  WITH RECURSIVE chain(ask_id, cur_id, depth) AS (
    SELECT i.id, i.id, 0 FROM section_items i
    WHERE i.user_id = ${userId} AND i.id IN (${sql.join(
      itemIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    UNION ALL
    SELECT c.ask_id, p.id, c.depth + 1 FROM chain c
    JOIN section_items cur ON cur.id = c.cur_id
    JOIN section_items p ON p.id = cur.carried_from_item_id AND p.user_id = ${userId}
    WHERE c.depth < 1000
  )`

type AskRow = {
  item_id: number
  content: string
  project_name: string | null
  closed_at: string | null
}

/**
 * The wording each ask has for its readers now: in the report's latest edition when it was sent
 * (what they were last given), else the live item's.
 */
async function currentWordings(ctx: AppContext, reportIds: number[]) {
  const wordings = new Map<number, string>()
  for (const reportId of [...new Set(reportIds)]) {
    const latest = await latestEdition(ctx, reportId)
    if (!latest) continue
    for (const ask of editionBrief(latest).asks ?? []) wordings.set(ask.id, ask.content)
  }
  return wordings
}

/**
 * The asks with their chains' answers, oldest first, in the order given: `answers` the current
 * ones (one per reader), `history` those replaced since. An answer given to an earlier wording
 * of the ask is `earlier_wording`, and an ask whose current answers all are is `open_again`.
 */
async function withAnswers(ctx: AppContext, userId: number, asks: AskRow[], reportIds: number[]) {
  if (!asks.length) return []
  const answers = await ctx.db.rows<AnswerRow & { ask_id: number }>(sql`
    ${chainSql(
      userId,
      asks.map((a) => a.item_id),
    )}
    SELECT c.ask_id, a.id, a.item_id, a.name, a.answer, a.text, a.created_at, a.edition_number,
      a.wording, a.replaced_at
    FROM chain c JOIN ask_answers a ON a.item_id = c.cur_id AND a.user_id = ${userId}
    ORDER BY a.created_at, a.id`)
  // A decision is keyed by the first copy of an ask (decisions.ask_root_item_id), which is in
  // the chain: a carried copy of a decided ask says so rather than offering a second decision.
  const decisions = await ctx.db.rows<{ ask_id: number; decision_id: number }>(sql`
    ${chainSql(
      userId,
      asks.map((a) => a.item_id),
    )}
    SELECT c.ask_id, d.id AS decision_id
    FROM chain c JOIN decisions d ON d.ask_root_item_id = c.cur_id AND d.user_id = ${userId}`)
  const decided = new Map(decisions.map((d) => [Number(d.ask_id), Number(d.decision_id)]))
  const wordings = await currentWordings(ctx, reportIds)
  return asks.map((ask) => {
    const wording = wordings.get(Number(ask.item_id)) ?? ask.content
    const mine = answers
      .filter((a) => Number(a.ask_id) === Number(ask.item_id))
      .map(({ ask_id: _, ...a }) => answerOut(a, wording))
    const current = mine.filter((a) => a.replaced_at === null)
    return {
      item_id: Number(ask.item_id),
      content: ask.content,
      project_name: ask.project_name,
      closed_at: ask.closed_at,
      answers: current,
      history: mine.filter((a) => a.replaced_at !== null),
      open_again: current.length > 0 && current.every((a) => a.earlier_wording),
      decision_id: decided.get(Number(ask.item_id)) ?? null,
    }
  })
}

const askRowsSql = sql`
  SELECT i.id AS item_id, i.content, p.name AS project_name, i.ask_closed_at AS closed_at,
    s.report_id
  FROM section_items i
  JOIN report_sections s ON s.id = i.section_id
  LEFT JOIN projects p ON p.id = i.project_id`

/** GET /api/reports/{uuid}/asks: the report's asks (open and closed) with their answers. */
export async function reportAsks(ctx: AppContext, userId: number, uuid: string) {
  const report = await findReport(ctx, userId, uuid)
  const asks = await ctx.db.rows<AskRow>(sql`${askRowsSql}
    WHERE s.report_id = ${report.id} AND i.user_id = ${userId} AND i.is_ask = 1
    ORDER BY s.sort_order, s.id, i.sort_order, i.id`)
  return { asks: await withAnswers(ctx, userId, asks, [report.id]) }
}

/**
 * PUT /api/asks/{item_id} `{closed}`: the author closes an ask (or opens it again). It goes for
 * the whole chain — the item, the asks it was carried from and its carried copies — so a closed
 * ask is carried no further and takes no more answers on any brief. One conditional update.
 */
export async function closeAsk(
  ctx: AppContext,
  userId: number,
  itemId: number,
  input: AsksModel.close,
) {
  const closedAt = input.closed ? nowIso() : null
  const updated = await ctx.db.rows<{ id: number }>(sql`
    WITH RECURSIVE up(id, depth) AS (
      SELECT id, 0 FROM section_items WHERE id = ${itemId} AND user_id = ${userId} AND is_ask = 1
      UNION ALL
      SELECT i.carried_from_item_id, up.depth + 1 FROM up
      JOIN section_items i ON i.id = up.id
      WHERE i.carried_from_item_id IS NOT NULL AND up.depth < 1000
    ),
    down(id, depth) AS (
      SELECT id, 0 FROM section_items WHERE id = ${itemId} AND user_id = ${userId} AND is_ask = 1
      UNION ALL
      SELECT i.id, down.depth + 1 FROM down
      JOIN section_items i ON i.carried_from_item_id = down.id
      WHERE down.depth < 1000
    )
    UPDATE section_items SET ask_closed_at = ${closedAt}, updated_at = ${nowIso()}
    WHERE user_id = ${userId} AND is_ask = 1
      AND id IN (SELECT id FROM up UNION SELECT id FROM down)
    RETURNING id`)
  if (!updated.length) throw new NotFound(NOT_AN_ASK)
  const asks = await ctx.db.rows<AskRow & { report_id: number }>(sql`${askRowsSql}
    WHERE i.id = ${itemId} AND i.user_id = ${userId}`)
  const [ask] = await withAnswers(
    ctx,
    userId,
    asks,
    asks.map((a) => Number(a.report_id)),
  )
  if (!ask) throw new NotFound(NOT_AN_ASK)
  return ask
}
