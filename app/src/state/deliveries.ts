import type { Delivery } from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { api, call, messageOf } from '../api/client'
import { onCacheReset } from './cache'
import { toast } from './toasts'

// E-mail delivery of a report (docs/week-over-week.md): the report page lists its deliveries
// after Send, polls briefly while one is pending, and offers Retry for a failed one.

type DeliveriesState = {
  /** The report whose deliveries `list` holds. */
  uuid: string | null
  list: Delivery[]
  loading: boolean
}

const deliveriesState = proxy<DeliveriesState>({ uuid: null, list: [], loading: false })

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
  if (deliveriesState.uuid !== uuid) {
    stopPolling()
    deliveriesState.uuid = uuid
    deliveriesState.list = []
  }
  deliveriesState.loading = true
  try {
    const list = await call(api.api.reports({ uuid }).deliveries.get())
    if (deliveriesState.uuid === uuid) deliveriesState.list = list
    return list
  } catch (error) {
    console.error(error)
    return deliveriesState.uuid === uuid ? deliveriesState.list : []
  } finally {
    if (deliveriesState.uuid === uuid) deliveriesState.loading = false
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
    if (mine !== watchId || deliveriesState.uuid !== uuid) return
    if (!hasPending(list) || Date.now() >= until) return
    timer = setTimeout(() => void tick(), intervalMs)
  }
  await tick()
}

/** POST /api/deliveries/{id}/retry: the failed delivery goes back to pending; then polled. */
async function retryDelivery(id: number): Promise<boolean> {
  try {
    const updated = await call(api.api.deliveries({ id }).retry.post())
    const index = deliveriesState.list.findIndex((d) => d.id === id)
    if (index >= 0) deliveriesState.list[index] = updated
  } catch (error) {
    console.error(error)
    toast.error(`Failed to retry delivery: ${messageOf(error, 'Unknown error')}`)
    return false
  }
  const uuid = deliveriesState.uuid
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
  Object.assign(deliveriesState, { uuid: null, list: [], loading: false })
}
onCacheReset(resetDeliveries)

/** The deliveries of the given report (empty while another report's are held). */
function useDeliveries(uuid: string) {
  const snap = useSnapshot(deliveriesState) as DeliveriesState
  return snap.uuid === uuid ? snap.list : []
}

export type { DeliveriesState }
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
