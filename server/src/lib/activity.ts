import type { Engine } from '../db'
import { activityLog } from '../db/schema'

export type ActivityInput = {
  userId: number | null
  action: string
  entityType?: string
  entityId?: string | number
  details?: string
}

/**
 * Appends to the admin activity log as part of the caller's write: inside a transaction it is
 * committed or rolled back with it (a Send's entry exists exactly when the Send happened).
 */
export async function recordActivity(db: Engine, input: ActivityInput) {
  await db.orm.insert(activityLog).values({
    user_id: input.userId,
    action: input.action,
    entity_type: input.entityType ?? null,
    entity_id: input.entityId == null ? null : String(input.entityId),
    details: input.details ?? null,
  })
}

/**
 * Appends to the admin activity log after the action it records. Never throws: logging must not
 * break that action.
 */
export async function logActivity(db: Engine, input: ActivityInput) {
  try {
    await recordActivity(db, input)
  } catch (error) {
    console.error('activity log failed', error)
  }
}
