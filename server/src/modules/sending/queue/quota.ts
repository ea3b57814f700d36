import type { AppContext } from '../../../context'
import { TooManyRequests } from '../../../lib/errors'
import { createRateLimiter } from '../../../lib/rate-limit'

export const SENDS_PER_HOUR = 20
export const SENDS_PER_DAY = 100

const MESSAGE = `Send limit reached: at most ${SENDS_PER_HOUR} sends an hour and ${SENDS_PER_DAY} a day; try again later`

/** Counts one send against the user's quota, or throws 429 with what the limits are. */
export async function spendSendQuota(ctx: AppContext, userId: number) {
  const hour = createRateLimiter(ctx.db, SENDS_PER_HOUR, 3_600_000)
  const day = createRateLimiter(ctx.db, SENDS_PER_DAY, 86_400_000)
  try {
    await hour(`send-hour ${userId}`)
    await day(`send-day ${userId}`)
  } catch (error) {
    if (error instanceof TooManyRequests) throw new TooManyRequests(MESSAGE)
    throw error
  }
}
