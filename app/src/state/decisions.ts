import type { Decision, DecisionFilters, DecisionInput } from '@cadence/ui'
import { api, call, messageOf } from '../api/client'
import { onCacheReset } from './cache'
import { createResource, useResourceFor } from './resource'
import { toast } from './toasts'

/**
 * The decision log (docs/features.md, "Decisions"): the Decisions page's list as its filters ask
 * for it (GET /api/decisions), recording, changing and deleting one, and 'Record as decision'
 * from a report item or an approved ask.
 */

/** The list's key: its filters, as the query string the server takes. */
const keyOf = (f: DecisionFilters) =>
  JSON.stringify({
    query: f.query.trim() || undefined,
    project_uuid: f.project_uuid || undefined,
    decided_by: f.decided_by || undefined,
  })

const decisionList = createResource((key: string) =>
  call(api.api.decisions.get({ query: JSON.parse(key) })),
)

onCacheReset(() => decisionList.reset())

/** Loads the list for these filters; the last list stays on screen while the next arrives. */
function loadDecisions(filters: DecisionFilters) {
  return decisionList.load({ key: keyOf(filters), keepData: true }).catch((error) => {
    console.error(error)
    return null
  })
}

function useDecisions(filters: DecisionFilters) {
  return useResourceFor(decisionList, keyOf(filters))
}

/** POST /api/decisions: answers the decision; a rejection carries the server's message. */
async function recordDecision(input: DecisionInput): Promise<Decision> {
  const created = await call(api.api.decisions.post(input))
  decisionList.invalidate()
  return created
}

/** The Decisions page's save: records (no id) or changes one, then reloads the list. */
async function saveDecision(input: DecisionInput, id?: number) {
  try {
    if (id === undefined) await recordDecision(input)
    else await call(api.api.decisions({ id }).put(input))
  } catch (error) {
    throw new Error(messageOf(error, 'Failed to save the decision'))
  }
  toast.success(id === undefined ? 'Decision recorded' : 'Decision saved')
  await decisionList.reload().catch(() => {})
}

async function deleteDecision(id: number) {
  const previous = decisionList.mutate((list) => list?.filter((d) => d.id !== id) ?? null)
  try {
    await call(api.api.decisions({ id }).delete())
    toast.success('Decision deleted')
  } catch (error) {
    decisionList.mutate(() => previous)
    toast.error(`Failed to delete the decision: ${messageOf(error)}`)
  }
}

/** What a report item says of itself that a decision can start from. */
type DecidedItem = {
  id: number
  content: string
  project_uuid: string | null
  assignee_uuid: string | null
}

/**
 * 'Record as decision' on a report item, in one click: today, the item's text as what was
 * decided, its project and its assignee as who decided (the user when none). Answers the decision,
 * or null when it could not be recorded (a toast says why).
 */
async function recordItemAsDecision(item: DecidedItem, today: string): Promise<Decision | null> {
  try {
    const decision = await recordDecision({
      title: item.content.trim().slice(0, 500),
      decided_on: today,
      decided_by_member_uuid: item.assignee_uuid,
      rationale: null,
      revisit_on: null,
      project_uuid: item.project_uuid,
      source_item_id: item.id,
    })
    toast.success('Recorded as a decision: add its why and a revisit date on Decisions')
    return decision
  } catch (error) {
    toast.error(`Failed to record the decision: ${messageOf(error)}`)
    return null
  }
}

export type { DecidedItem }
export {
  deleteDecision,
  loadDecisions,
  recordDecision,
  recordItemAsDecision,
  saveDecision,
  useDecisions,
}
