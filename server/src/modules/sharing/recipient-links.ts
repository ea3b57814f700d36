import { createHmac } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { sharedSecret } from '../../lib/secrets'
import { sha256Hex } from '../auth/tokens'

/**
 * Personal reader links: each recipient of a report has one link (a `shares` row with its
 * `recipient_email`), so what they do on it — opens, 'Read — thanks', answers, questions — is
 * theirs without asking a name. Like every link, the database keeps only the SHA-256 of the
 * token. A personal token is not random but derived: HMAC-SHA256 under a deployment secret
 * (app_secrets, `reader-links`) of the row's random nonce (256 bits). So a Send or 'Send update'
 * to the same recipient gives the same working link again and the token is never stored (whoever
 * holds the whole database, app_secrets included, could rebuild it — and holds the report it
 * opens already). Revoking it (DELETE /api/shares/{id})
 * works as for any link; the next send to that recipient then makes a new one (the unique index
 * holds one live link per report and recipient).
 */

const SECRET = 'reader-links'

const tokenOf = (secret: string, nonce: string) =>
  createHmac('sha256', secret).update(`reader-link:${nonce}`).digest('base64url')

function randomNonce(): string {
  const bytes = new Uint8Array(32)
  crypto.getRandomValues(bytes)
  return Buffer.from(bytes).toString('base64url')
}

/** An e-mail as links know it: trimmed and lower-cased. */
export const recipientKey = (email: string) => email.trim().toLowerCase()

/**
 * The personal link's token of each recipient of the report (lower-cased e-mail → token), made
 * once by the database (INSERT … ON CONFLICT DO NOTHING on the partial unique index, then one
 * read), so two sends at the same moment give each recipient one link.
 */
export async function readerLinksFor(
  ctx: AppContext,
  report: { id: number; user_id: number },
  emails: string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(emails.map(recipientKey).filter((e) => e.length > 0))]
  const links = new Map<string, string>()
  if (wanted.length === 0) return links
  const secret = await sharedSecret(ctx.db, SECRET)
  for (const email of wanted) {
    const nonce = randomNonce()
    await ctx.db.exec(sql`
      INSERT INTO shares (user_id, report_id, token_hash, recipient_email, token_nonce)
      VALUES (${report.user_id}, ${report.id}, ${sha256Hex(tokenOf(secret, nonce))}, ${email},
        ${nonce})
      ON CONFLICT (report_id, recipient_email)
        WHERE recipient_email IS NOT NULL AND revoked_at IS NULL
      DO NOTHING`)
  }
  const rows = await ctx.db.rows<{ recipient_email: string; token_nonce: string }>(sql`
    SELECT recipient_email, token_nonce FROM shares
    WHERE report_id = ${report.id} AND revoked_at IS NULL AND recipient_email IS NOT NULL`)
  const live = new Map(rows.map((r) => [r.recipient_email, r.token_nonce]))
  for (const email of wanted) {
    const nonce = live.get(email)
    if (nonce) links.set(email, tokenOf(secret, nonce))
  }
  return links
}
