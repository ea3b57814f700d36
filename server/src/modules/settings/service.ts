import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { userSettings } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { BadRequest } from '../../lib/errors'
import { nowIso } from '../../lib/time'
import { parseWebhookUrls } from '../sending/queue/chat-labels'
import { cleanWebhookUrls } from '../sending/queue/chat-urls'
import type { SettingsModel } from './model'

export const MAX_RECIPIENTS = 20
const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/

/** Trimmed, each a valid address, duplicates (case-insensitive) dropped, at most 20. */
export function cleanRecipients(list: string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of list) {
    const address = raw.trim()
    if (!EMAIL.test(address)) throw new BadRequest('Valid email is required')
    const key = address.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(address)
  }
  if (out.length > MAX_RECIPIENTS) throw new BadRequest('At most 20 recipients')
  return out
}

/** A header or footer line: one line, control characters refused, trimmed; blank is none. */
function cleanLine(value: string | null, field: string): string | null {
  const text = value?.trim() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new BadRequest(`${field} must be one line of text`)
  return text || null
}

function parseRecipients(json: string): string[] {
  try {
    const list = JSON.parse(json)
    return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string') : []
  } catch {
    return []
  }
}

type Row = typeof userSettings.$inferSelect
export type Settings = Omit<Row, 'report_recipients' | 'webhook_urls'> & {
  report_recipients: string[]
  webhook_urls: string[]
}

const present = (row: Row): Settings => ({
  ...row,
  report_recipients: parseRecipients(row.report_recipients),
  webhook_urls: parseWebhookUrls(row.webhook_urls),
})

async function settingsRow({ db }: AppContext, userId: number): Promise<Row> {
  const [row] = await db.orm.select().from(userSettings).where(eq(userSettings.user_id, userId))
  if (row) return row
  // Two first requests at once (or two instances): one inserts, both then read the same row.
  await db.orm.insert(userSettings).values({ user_id: userId }).onConflictDoNothing()
  const [created] = await db.orm.select().from(userSettings).where(eq(userSettings.user_id, userId))
  return created
}

export async function getSettings(ctx: AppContext, userId: number): Promise<Settings> {
  return present(await settingsRow(ctx, userId))
}

export async function updateSettings(ctx: AppContext, userId: number, input: SettingsModel.update) {
  const { report_recipients, webhook_urls, ...rest } = input
  const changes: Partial<typeof userSettings.$inferInsert> = { ...rest, updated_at: nowIso() }
  if (rest.organisation_name !== undefined)
    changes.organisation_name = cleanLine(rest.organisation_name, 'organisation_name')
  if (rest.confidentiality_line !== undefined)
    changes.confidentiality_line = cleanLine(rest.confidentiality_line, 'confidentiality_line')
  if (report_recipients !== undefined) {
    changes.report_recipients = JSON.stringify(cleanRecipients(report_recipients))
  }
  if (webhook_urls !== undefined)
    changes.webhook_urls = JSON.stringify(
      await cleanWebhookUrls(webhook_urls, ctx.config.resolveHost),
    )
  await settingsRow(ctx, userId)
  const [row] = await ctx.db.orm
    .update(userSettings)
    .set(changes)
    .where(eq(userSettings.user_id, userId))
    .returning()
  await logActivity(ctx.db, {
    userId,
    action: 'settings_updated',
    entityType: 'user_settings',
    entityId: userId,
    details: Object.keys(input).join(', '),
  })
  return present(row)
}
