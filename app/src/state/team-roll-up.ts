import type { Invitation } from '@cadence/ui'
import { ApiError, api, call, messageOf } from '../api/client'
import { setOutboxContext } from '../offline/context'
import type { AnswerBatch } from './after-paint'
import { cache, invalidate, onCacheReset } from './cache'
import { createReport } from './reports'
import { createResource, createResourceFamily, useResource, useResourceFor } from './resource'
import { toast } from './toasts'

/**
 * Team roll-up (docs/features.md, "Team roll-up"): invitations and links, Assigned to me, Team updates and
 * pulling a teammate's item into one's own report. Nothing here is cached across users: every list
 * is dropped with the cache at sign-out.
 */

// ---- Invitations and links (the executive's side) ----

async function createInvitation(memberUuid: string): Promise<Invitation> {
  const created = await call(api.api['team-members']({ uuid: memberUuid }).invitations.post())
  invalidate('teamMembers')
  void cache.teamMembers.load({ force: true }).catch(() => {})
  return created
}

async function revokeInvitation(id: number) {
  try {
    await call(api.api.invitations({ invitation: id }).delete())
    toast.success('Invitation revoked')
  } catch (error) {
    toast.error(messageOf(error))
  }
  await cache.teamMembers.load({ force: true }).catch(() => {})
}

/** Unlinks a team member (the executive) or leaves a team (the member): both end every view. */
async function unlink(memberUuid: string, { leaving = false } = {}) {
  try {
    await call(api.api['team-members']({ uuid: memberUuid }).link.delete())
    toast.success(leaving ? 'You left the team' : 'Unlinked')
  } catch (error) {
    toast.error(messageOf(error))
    return
  }
  if (leaving) {
    await loadMyTeams()
    await loadAssigned()
  } else {
    await cache.teamMembers.load({ force: true }).catch(() => {})
    teamUpdates.reset()
  }
}

// ---- The invitation page ----

/** GET /api/invitations/{token}: who invites whom; null when it is used, expired or revoked (404). */
const invitationPreview = createResource(async (token: string) => {
  try {
    return await call(api.api.invitations({ invitation: encodeURIComponent(token) }).get())
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
})

function previewInvitation(token: string) {
  return invitationPreview.load({ key: token, force: true })
}

const useInvitationPreview = (token: string) => useResourceFor(invitationPreview, token)

async function acceptInvitation(token: string) {
  const done = await call(
    api.api.invitations({ invitation: encodeURIComponent(token) }).accept.post(),
  )
  await Promise.all([loadAssigned(), loadMyTeams()])
  return done
}

// ---- Teams I am on ----

/** The teams I am on (Settings → Sharing, and whether the dashboard shows Assigned to me). */
const myTeams = createResource(async () => {
  const data = await call(api.api['my-teams'].get())
  return data.teams
})

async function loadMyTeams(batch?: AnswerBatch) {
  await myTeams.reload({ batch }).catch((error) => console.error(error))
}

function useMyTeams() {
  const snap = useResource(myTeams)
  return { teams: snap.data ?? [], loaded: snap.loaded }
}

// ---- Assigned to me (the member's side) ----

/** Items others assigned to me, from their reports. */
const assigned = createResource(async () => {
  const data = await call(api.api['assigned-to-me'].get())
  return data.items
})

// The offline outbox names completions of items assigned to me by their content.
setOutboxContext({ assignedItems: () => assigned.state.data ?? [] })

async function loadAssigned(batch?: AnswerBatch) {
  await assigned.reload({ batch }).catch((error) => console.error(error))
}

/**
 * Completes or reopens an item assigned to me, with an optional note. Shown at once; offline it
 * waits in the outbox like any item write (offline/fetch.ts) and the answer is the change.
 */
async function updateAssigned(id: number, change: { is_completed: boolean; note?: string | null }) {
  const item = assigned.state.data?.find((i) => i.id === id)
  if (!item) return
  const before = { ...item }
  item.is_completed = change.is_completed
  if (change.note !== undefined) item.note = change.note
  try {
    const saved = await call(api.api['assigned-to-me']({ id }).put(change))
    Object.assign(item, saved)
    if (change.note === undefined)
      toast.success(change.is_completed ? 'Marked complete' : 'Reopened')
    else toast.success('Note saved')
  } catch (error) {
    Object.assign(item, before)
    toast.error(messageOf(error))
  }
}

function useAssigned() {
  const snap = useResource(assigned)
  return { items: snap.data ?? [], loaded: snap.loaded }
}

// ---- Team updates and pull (the executive's side) ----

/** The sent reports of my linked team members, one resource per week (YYYY-MM-DD). */
const teamUpdates = createResourceFamily(async (week: string) => {
  const data = await call(api.api['team-updates'].get({ query: { week } }))
  return data.updates
})

async function loadTeamUpdates(week: string) {
  await teamUpdates
    .get(week)
    .reload()
    .catch((error) => console.error(error))
}

/** The updates of `week`: null until they are loaded. */
/** The team's sent reports of `week` (null until read) and, while unread, why it failed. */
const useTeamUpdates = (week: string) => {
  const { data, error } = useResource(teamUpdates.get(week))
  return { updates: data, error: data ? null : error }
}

/** My report of `week` (the one Team updates shows), made from my templates when there is none. */
async function myReportOf(week: string): Promise<string> {
  const reports = await cache.reports.load()
  const found = reports.find((r) => r.week_start_date === week)
  if (found) return found.uuid
  return (await createReport({ week_start_date: week })).uuid
}

/**
 * Pulls items of a teammate's sent report into my report of that week: each becomes a new item
 * with 'from <name>'s report'; one pulled before is not added again. Answers my report's uuid.
 */
async function pullItems(week: string, itemIds: number[]): Promise<string | null> {
  let added = 0
  let uuid: string | null = null
  try {
    uuid = await myReportOf(week)
    for (const id of itemIds) {
      const res = await api.api.reports({ uuid }).pull.post({ source_item_id: id })
      await call(Promise.resolve(res))
      if (res.status === 201) added++
      for (const update of teamUpdates.get(week).state.data ?? [])
        for (const section of update.report?.sections ?? [])
          for (const item of section.items) if (item.id === id) item.pulled = true
    }
    toast.success(added === 1 ? 'Added to your report' : `${added} items added to your report`)
  } catch (error) {
    toast.error(messageOf(error))
  }
  // My report changed: what shows it reloads.
  invalidate('dashboard', 'reports')
  return uuid
}

onCacheReset(() => {
  myTeams.reset()
  assigned.reset()
  teamUpdates.reset()
  invitationPreview.reset()
})

export {
  acceptInvitation,
  assigned,
  createInvitation,
  invitationPreview,
  loadAssigned,
  loadMyTeams,
  loadTeamUpdates,
  myTeams,
  previewInvitation,
  pullItems,
  revokeInvitation,
  teamUpdates,
  unlink,
  updateAssigned,
  useAssigned,
  useInvitationPreview,
  useMyTeams,
  useTeamUpdates,
}
