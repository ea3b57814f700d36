import type { MemberEntry, TeamMemberPrep } from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { api, call, request } from '../api/client'
import { cache, onCacheReset } from './cache'
import { toast } from './toasts'

// 'Prepare 1:1' (docs/week-over-week.md): GET /api/team-members/{uuid}/prep, and covering a
// talking point there exactly as on the Talking Points tab.

type PrepState = {
  prep: TeamMemberPrep | null
  loading: boolean
  notFound: boolean
}

const prepState = proxy<PrepState>({ prep: null, loading: false, notFound: false })

let loadGeneration = 0

/** Loads the member's prep; `quiet` keeps the current data on screen while refreshing. */
async function loadPrep(uuid: string, { quiet = false }: { quiet?: boolean } = {}) {
  const mine = ++loadGeneration
  if (!quiet) {
    prepState.loading = true
    prepState.notFound = false
    if (prepState.prep?.teamMember.uuid !== uuid) prepState.prep = null
  }
  try {
    const prep = await call(api.api['team-members']({ uuid }).prep.get())
    if (mine === loadGeneration) {
      prepState.prep = prep
      prepState.notFound = false
    }
  } catch (error) {
    console.error(error)
    if (mine === loadGeneration && !quiet) {
      prepState.prep = null
      prepState.notFound = true
    }
  } finally {
    if (mine === loadGeneration) prepState.loading = false
  }
}

function findTalkingPoint(id: number): MemberEntry | null {
  const prep = prepState.prep
  if (!prep) return null
  return (
    prep.talkingPoints.find((t) => t.id === id) ??
    prep.coveredLastTime.find((t) => t.id === id) ??
    null
  )
}

/**
 * Covers (or reopens) a talking point: shown at once, PUT /api/team-members/talking-points/{id},
 * the Talking Points tab's toasts, then the prep is refreshed. A failure restores it.
 */
async function toggleTalkingPoint(id: number, covered: boolean): Promise<boolean> {
  const entry = findTalkingPoint(id)
  const previous = entry?.is_completed
  if (entry) entry.is_completed = covered
  try {
    await request('PUT', `/api/team-members/talking-points/${id}`, { is_completed: covered })
  } catch (error) {
    console.error(error)
    const again = findTalkingPoint(id)
    if (again && previous !== undefined) again.is_completed = previous
    toast.error('Failed to update talking point')
    return false
  }
  toast.success(`Talking point marked as ${covered ? 'covered' : 'pending'}`)
  cache.teamMembers.invalidate()
  const uuid = prepState.prep?.teamMember.uuid
  if (uuid) await loadPrep(uuid, { quiet: true })
  return true
}

function resetPrep() {
  loadGeneration++
  Object.assign(prepState, { prep: null, loading: false, notFound: false })
}
onCacheReset(resetPrep)

function usePrep() {
  return useSnapshot(prepState) as PrepState
}

export type { PrepState }
export { loadPrep, prepState, resetPrep, toggleTalkingPoint, usePrep }
