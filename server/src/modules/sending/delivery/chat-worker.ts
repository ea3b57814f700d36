/**
 * The in-process webhook poster: posts due chat deliveries (polling, and at once when one is
 * queued). Started by src/index.ts on every instance (posting needs no SMTP); each delivery is
 * claimed by one instance (chat.ts).
 */
import type { AppContext } from '../../../context'
import { onDeliveryQueued } from '../queue/queue'
import { type Poster, postDueWebhooks } from './chat'

export type WebhookPoster = { tick: () => Promise<void>; stop: () => Promise<void> }

export function startWebhookPoster(
  ctx: AppContext,
  options: { post?: Poster; pollMs?: number; now?: () => Date } = {},
): WebhookPoster {
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  const pass = async () => {
    try {
      do {
        again = false
        await postDueWebhooks(ctx, options.post, options.now?.() ?? new Date())
      } while (again && !stopped)
    } catch (error) {
      console.error('Webhooks: posting failed', error)
    }
  }
  const run = () => {
    if (stopped) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = pass().finally(() => {
      running = null
    })
    return running
  }
  const unsubscribe = onDeliveryQueued(ctx.db, () => void run())
  const poll = setInterval(() => void run(), options.pollMs ?? 15_000)
  void run()
  return {
    tick: () => run(),
    stop: async () => {
      stopped = true
      clearInterval(poll)
      unsubscribe()
      await running
    },
  }
}
