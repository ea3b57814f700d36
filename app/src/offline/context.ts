// What the offline outbox (./outbox) needs of the app, registered by the state modules that own
// it, so that nothing in app/src/offline/ imports a state module and dependencies run one way:
// state → api client → offline (which reads only ../api/errors, a module that imports nothing of
// the app). The outbox reads the signed-in
// user, and what is on screen to name a change for people ('Complete "Ship the deck"'); after a
// sync or a discard it reloads what is on screen from the server.
// Every part has a default meaning 'nothing there', for when its module is not loaded.
import type { AssignedItem, DashboardData, Report, TeamMemberDashboard } from '@cadence/ui'

type OutboxContext = {
  /** ../state/auth: the signed-in user's id, or null. */
  userId: () => number | null
  /** ../state/reports: the report open on screen. */
  openReport: () => Report | null
  /** ../state/reports: loads a report again (after a sync). */
  reloadReport: (uuid: string) => Promise<unknown>
  /** ../state/team-members: the team member page open on screen. */
  openMember: () => TeamMemberDashboard | null
  /** ../state/team-members: loads a team member page again (after a sync). */
  reloadMember: (uuid: string) => Promise<unknown>
  /** ../state/cache: the dashboard as cached. */
  cachedDashboard: () => DashboardData | null
  /** ../state/cache: marks the cached answers a sync may change as stale. */
  invalidateCaches: () => void
  /** ../state/cache: reloads those of them that hold data; one promise per load. */
  reloadCaches: () => Promise<unknown>[]
  /** ../state/team-roll-up: the items assigned to me. */
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
