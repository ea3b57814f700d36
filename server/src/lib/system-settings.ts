import { eq } from 'drizzle-orm'
import type { Engine } from '../db'
import { systemSettings } from '../db/schema'

/** An admin system setting's value as stored, or `fallback` when it is missing. */
export async function systemSetting(db: Engine, key: string, fallback: string) {
  const [row] = await db.orm
    .select({ value: systemSettings.setting_value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key))
  return row?.value ?? fallback
}
