import type { Engine } from '../db'
import { activityLog } from '../db/schema'

export type ActivityInput = {
  userId: number | null
  action: string
  entityType?: string
  entityId?: string | number
  details?: string
}

/** Appends to the admin activity log. Never throws: logging must not break the action it records. */
export async function logActivity(db: Engine, input: ActivityInput) {
  try {
    await db.orm.insert(activityLog).values({
      user_id: input.userId,
      action: input.action,
      entity_type: input.entityType ?? null,
      entity_id: input.entityId == null ? null : String(input.entityId),
      details: input.details ?? null,
    })
  } catch (error) {
    console.error('activity log failed', error)
  }
}
