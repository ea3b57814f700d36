import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { shares } from '../../db/schema'
import { Forbidden } from '../../lib/errors'
import { OBJECT_LIMITS } from '../../lib/limits'
import { nowIso } from '../../lib/time'

/**
 * An open private link: not revoked and not expired. Personal reader links (recipient_email set)
 * are made by Send, one per recipient, and are listed and revoked on the report's readers.
 */
export const openLink = (now: string) =>
  sql`(${shares.recipient_email} IS NULL AND ${shares.revoked_at} IS NULL
    AND (${shares.expires_at} IS NULL OR ${shares.expires_at} > ${now}))`

/**
 * Refuses (403, saying which limit) a new private link when the report or the account already
 * holds as many open links as allowed (docs/configuration.md). Revoked and expired links do not
 * count. Counted before the insert: two creates racing at the limit may both pass.
 */
export async function assertLinkRoom(ctx: AppContext, userId: number, reportId: number) {
  const now = nowIso()
  const [row] = await ctx.db.rows<{ report: number; account: number }>(sql`
    SELECT COUNT(CASE WHEN ${shares.report_id} = ${reportId} THEN 1 END) AS report,
      COUNT(*) AS account
    FROM ${shares} WHERE ${shares.user_id} = ${userId} AND ${openLink(now)}`)
  const perReport = OBJECT_LIMITS.openLinksPerReport
  const perAccount = OBJECT_LIMITS.openLinksPerAccount
  if (Number(row.report) >= perReport)
    throw new Forbidden(`At most ${perReport} open links per report; revoke some first`)
  if (Number(row.account) >= perAccount)
    throw new Forbidden(
      `At most ${perAccount.toLocaleString('en-US')} open links per account; revoke some first`,
    )
}
