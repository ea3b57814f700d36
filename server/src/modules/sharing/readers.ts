import type { AppContext } from '../../context'
import { clientAddress, createRateLimiter, trustedProxies } from '../../lib/rate-limit'
import { type ActiveShare, activeShare } from './shares'

type Server = { requestIP(r: Request): { address: string } | null } | null
export type ReaderWriteGate = (
  token: string,
  request: Request,
  server: Server,
) => Promise<ActiveShare>

const gates = new WeakMap<AppContext, ReaderWriteGate>()

/**
 * The gate of every reader's write without a session (questions, acknowledgements, answers to
 * asks): the link must be active (404 when wrong, expired or revoked), and the write is
 * rate-limited per client address and per link (429; in memory, shared across instances through
 * the database in batches; a refusal writes nothing, lib/rate-limit.ts). One gate per app, so
 * every kind of reader's write counts against the same limits.
 */
export function readerWriteGate(ctx: AppContext): ReaderWriteGate {
  const known = gates.get(ctx)
  if (known) return known
  const perAddress = createRateLimiter(ctx.db, 10, 60_000, { batched: true })
  const perLink = createRateLimiter(ctx.db, 30, 3_600_000, { batched: true })
  const trusted = trustedProxies(ctx.config.trustedProxies)
  const gate: ReaderWriteGate = async (token, request, server) => {
    const share = await activeShare(ctx, token)
    const address = clientAddress(
      server?.requestIP(request)?.address,
      request.headers.get('x-forwarded-for'),
      trusted,
    )
    await perAddress(`shared-address ${address}`)
    await perLink(`shared-link ${share.id}`)
    return share
  }
  gates.set(ctx, gate)
  return gate
}
