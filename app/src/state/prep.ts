import type { MemberEntry, TeamMemberPrep } from '@cadence/ui'
import { useSnapshot } from 'valtio'
import { api, call } from '../api/client'
import { cache, onCacheReset } from './cache'
import { createResource } from './resource'
import { toast } from './toasts'

// 'Prepare 1:1' (docs/week-over-week.md): GET /api/team-members/{uuid}/prep, and covering a
// talking point there exactly as on the Talking Points tab.

/** The prep of the member open on /team-members/{uuid}/prep. */
const memberPrep = createResource(
  (uuid: string) => call(api.api['team-members']({ uuid }).prep.get()),
  {
    state: {
      /** The prep on screen (the resource's data). */
      get prep(): TeamMemberPrep | null {
        return this.data
      },
      /** The last load failed and nothing is shown. */
      get notFound(): boolean {
        return this.error !== null && this.data === null
      },
    },
  },
)

const prepState = memberPrep.state
type PrepState = typeof prepState

/** Loads the member's prep; the data on screen stays while it reloads. */
async function loadPrep(uuid: string) {
  try {
    await memberPrep.load({ key: uuid, force: true })
  } catch (error) {
    console.error(error)
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
    await call(api.api['team-members']['talking-points']({ id }).put({ is_completed: covered }))
  } catch (error) {
    console.error(error)
    const again = findTalkingPoint(id)
    if (again && previous !== undefined) again.is_completed = previous
    toast.error('Failed to update talking point')
    return false
  }
  toast.success(`Talking point marked as ${covered ? 'covered' : 'pending'}`)
  cache.teamMembers.invalidate()
  if (prepState.prep) await memberPrep.reload().catch((error) => console.error(error))
  return true
}

function resetPrep() {
  memberPrep.reset()
}
onCacheReset(resetPrep)

function usePrep() {
  return useSnapshot(prepState) as PrepState
}

export type { PrepState }
export { loadPrep, prepState, resetPrep, toggleTalkingPoint, usePrep }
