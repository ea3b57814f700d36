// What the offline outbox (./outbox) needs of the app, registered by the state modules that own
// it, so that the outbox layer (./outbox-core, ./outbox-fetch, ./outbox and its parts
// ./outbox-store, -send, -label, -replay and -overlay, ./outbox-context) imports no state module
// and dependencies run one way: state → api client → outbox. The outbox reads the signed-in
// user, and what is on screen to name a change for people ('Complete "Ship the deck"'); after a
// sync or a discard it reloads what is on screen from the server.
// Every part has a default meaning 'nothing there', for when its module is not loaded.
import type { AssignedItem, DashboardData, Report, TeamMemberDashboard } from '@cadence/ui'

type OutboxContext = {
  /** ./auth: the signed-in user's id, or null. */
  userId: () => number | null
  /** ./reports: the report open on screen. */
  openReport: () => Report | null
  /** ./reports: loads a report again (after a sync). */
  reloadReport: (uuid: string) => Promise<unknown>
  /** ./team: the team member page open on screen. */
  openMember: () => TeamMemberDashboard | null
  /** ./team: loads a team member page again (after a sync). */
  reloadMember: (uuid: string) => Promise<unknown>
  /** ./cache: the dashboard as cached. */
  cachedDashboard: () => DashboardData | null
  /** ./cache: marks the cached answers a sync may change as stale. */
  invalidateCaches: () => void
  /** ./cache: reloads those of them that hold data; one promise per load. */
  reloadCaches: () => Promise<unknown>[]
  /** ./roll-up: the items assigned to me. */
  assignedItems: () => readonly AssignedItem[]
}

const context: OutboxContext = {
  userId: () => null,
  openReport: () => null,
  reloadReport: async () => {},
  openMember: () => null,
  reloadMember: async () => {},
  cachedDashboard: () => null,
  invalidateCaches: () => {},
  reloadCaches: () => [],
  assignedItems: () => [],
}

/** A state module's part of the context (at its load); a later call replaces the same parts. */
function setOutboxContext(part: Partial<OutboxContext>) {
  Object.assign(context, part)
}

/** What the outbox reads; always the parts registered last. */
const outboxContext: Readonly<OutboxContext> = context

export type { OutboxContext }
export { outboxContext, setOutboxContext }
