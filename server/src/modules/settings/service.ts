import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { userSettings } from '../../db/schema'
import { logActivity } from '../../lib/activity'
import { nowIso } from '../../lib/time'
import type { SettingsModel } from './model'

export function getSettings({ db }: AppContext, userId: number) {
  const row = db.select().from(userSettings).where(eq(userSettings.user_id, userId)).get()
  if (row) return row
  return db.insert(userSettings).values({ user_id: userId }).returning().get()
}

export function updateSettings(ctx: AppContext, userId: number, input: SettingsModel.update) {
  getSettings(ctx, userId)
  const row = ctx.db
    .update(userSettings)
    .set({ ...input, updated_at: nowIso() })
    .where(eq(userSettings.user_id, userId))
    .returning()
    .get()
  logActivity(ctx.db, {
    userId,
    action: 'settings_updated',
    entityType: 'user_settings',
    entityId: userId,
    details: Object.keys(input).join(', '),
  })
  return row
}
