import type { Delivery } from '@cadence/ui'
import { api, call, messageOf } from '../api/client'
import { onCacheReset } from './cache'
import { createResource, useResourceFor } from './resource'
import { toast } from './toasts'

// E-mail delivery of a report (docs/week-over-week.md): the report page lists its deliveries
// after Send, polls briefly while one is pending, and offers Retry for a failed one.

/** The deliveries of the report on screen (its uuid is the key), newest first. */
const reportDeliveries = createResource(
  (uuid: string) => call(api.api.reports({ uuid }).deliveries.get()),
  {
    state: {
      /** The list on screen; empty until it is loaded. */
      get list(): Delivery[] {
        return this.data ?? []
      },
    },
  },
)

const deliveriesState = reportDeliveries.state

/** Poll every 2 s while a delivery is pending, for at most a minute. */
const POLL_MS = 2000
const POLL_LIMIT_MS = 60_000

let watchId = 0
let timer: ReturnType<typeof setTimeout> | null = null

const hasPending = (list: readonly Delivery[]) => list.some((d) => d.status === 'pending')

function stopPolling() {
  if (timer) clearTimeout(timer)
  timer = null
}

/** GET /api/reports/{uuid}/deliveries (newest first); a failure leaves the list as it was. */
async function loadDeliveries(uuid: string): Promise<Delivery[]> {
  if (deliveriesState.key !== uuid) stopPolling()
  try {
    return await reportDeliveries.load({ key: uuid, force: true })
  } catch (error) {
    console.error(error)
    return deliveriesState.key === uuid ? deliveriesState.list : []
  }
}

/**
 * Loads the deliveries, then reloads every POLL_MS while any is pending, until none is, the
 * time limit passes, another report is shown or `stopDeliveries` is called.
 */
async function watchDeliveries(
  uuid: string,
  { intervalMs = POLL_MS, limitMs = POLL_LIMIT_MS } = {},
): Promise<void> {
  stopPolling()
  const mine = ++watchId
  const until = Date.now() + limitMs
  const tick = async () => {
    timer = null
    const list = await loadDeliveries(uuid)
    if (mine !== watchId || deliveriesState.key !== uuid) return
    if (!hasPending(list) || Date.now() >= until) return
    timer = setTimeout(() => void tick(), intervalMs)
  }
  await tick()
}

/** POST /api/deliveries/{id}/retry: the failed delivery goes back to pending; then polled. */
async function retryDelivery(id: number): Promise<boolean> {
  try {
    const updated = await call(api.api.deliveries({ id }).retry.post())
    reportDeliveries.mutate((list) => list?.map((d) => (d.id === id ? updated : d)) ?? list)
  } catch (error) {
    console.error(error)
    toast.error(`Failed to retry delivery: ${messageOf(error, 'Unknown error')}`)
    return false
  }
  const uuid = deliveriesState.key
  if (uuid) void watchDeliveries(uuid)
  return true
}

/** Leaving the report page: no more polling. */
function stopDeliveries() {
  stopPolling()
  watchId++
}

function resetDeliveries() {
  stopDeliveries()
  reportDeliveries.reset()
}
onCacheReset(resetDeliveries)

/** The deliveries of the given report (empty while another report's are held). */
function useDeliveries(uuid: string): Delivery[] {
  return useResourceFor(reportDeliveries, uuid).list
}

export {
  deliveriesState,
  loadDeliveries,
  POLL_MS,
  resetDeliveries,
  retryDelivery,
  stopDeliveries,
  useDeliveries,
  watchDeliveries,
}
