import type { MemberEntry, TeamMember, TeamMemberDashboard } from '@cadence/ui'
import { useSnapshot } from 'valtio'
import { api, call, messageOf } from '../api/client'
import { setOutboxContext } from '../offline/context'
import { cache } from './cache'
import { createResource } from './resource'
import { toast } from './toasts'

type EntryKind = 'talking-points' | 'tasks' | 'followups'

// Toast wording per kind.
const WORDS: Record<
  EntryKind,
  { noun: string; lower: string; done: string; list: keyof TeamMemberDashboard }
> = {
  'talking-points': {
    noun: 'Talking point',
    lower: 'talking point',
    done: 'covered',
    list: 'talkingPoints',
  },
  tasks: { noun: 'Task', lower: 'task', done: 'completed', list: 'standaloneTasks' },
  followups: {
    noun: 'Follow-up',
    lower: 'follow-up',
    done: 'addressed',
    list: 'standaloneFollowups',
  },
}

/** The team member page open on /team-members/{uuid}: their talking points, tasks, follow-ups. */
const memberPage = createResource(
  (uuid: string) => call(api.api['team-members']({ uuid }).dashboard.get()),
  {
    state: {
      /** The open page's data, under the name the page and the outbox know. */
      get dashboard(): TeamMemberDashboard | null {
        return this.data
      },
      set dashboard(data: TeamMemberDashboard | null) {
        this.data = data
      },
      /** The last load failed and nothing is shown: 'Team member not found'. */
      get notFound(): boolean {
        return this.error !== null && this.data === null
      },
    },
  },
)

const teamMemberState = memberPage.state
type TeamMemberState = typeof teamMemberState

async function loadTeamMember(uuid: string) {
  try {
    await memberPage.load({ key: uuid, force: true })
  } catch (error) {
    console.error(error)
  }
}

// The offline outbox names changes by the open member page's entries, and reloads it after a sync.
setOutboxContext({ openMember: () => teamMemberState.dashboard, reloadMember: loadTeamMember })

async function addTeamMember(input: { name: string; title?: string; email: string }) {
  try {
    // The answer is the member's stored row: a new member has no entries, link or invitation.
    const member = await call(
      api.api['team-members'].post({
        name: input.name.trim(),
        title: input.title?.trim() || undefined,
        email: input.email.trim(),
      }),
    )
    const full: TeamMember = {
      report_tasks_count: 0,
      standalone_tasks_count: 0,
      report_followups_count: 0,
      standalone_followups_count: 0,
      talking_points_count: 0,
      linked_user_email: null,
      pending_invitation: null,
      ...member,
    }
    cache.teamMembers.mutate((list) => [...(list ?? []), full])
    toast.success(`Team member "${full.name}" added successfully!`)
    return full
  } catch (error) {
    toast.error(`Failed to add team member: ${messageOf(error, 'Unknown error')}`)
    return null
  }
}

/**
 * Corrects the address a member's invitations go to (only that address can accept one); the
 * team list, which the member page reads it from, reloads.
 */
async function changeMemberEmail(uuid: string, email: string) {
  try {
    await call(api.api['team-members']({ uuid }).put({ email }))
    await cache.teamMembers.load({ force: true })
    toast.success('E-mail address changed')
    return true
  } catch (error) {
    toast.error(`Failed to change the e-mail address: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

function entriesOf(kind: EntryKind): MemberEntry[] | null {
  const dashboard = teamMemberState.dashboard
  return dashboard ? (dashboard[WORDS[kind].list] as MemberEntry[]) : null
}

async function addEntry(kind: EntryKind, content: string, projectId: number | null = null) {
  const dashboard = teamMemberState.dashboard
  if (!dashboard || !content.trim()) return false
  const words = WORDS[kind]
  try {
    const entry = await call(
      api.api['team-members']({ uuid: dashboard.teamMember.uuid })[kind].post({
        content: content.trim(),
        project_id: projectId,
      }),
    )
    entriesOf(kind)?.push(entry)
    cache.teamMembers.invalidate()
    toast.success(`${words.noun} added successfully`)
    return true
  } catch {
    toast.error(`Failed to add ${words.lower}`)
    return false
  }
}

async function toggleEntry(kind: EntryKind, id: number, completed: boolean) {
  const words = WORDS[kind]
  const entry = entriesOf(kind)?.find((e) => e.id === id)
  const previous = entry?.is_completed
  if (entry) entry.is_completed = completed
  try {
    await call(api.api['team-members'][kind]({ id }).put({ is_completed: completed }))
    toast.success(`${words.noun} marked as ${completed ? words.done : 'pending'}`)
    cache.dashboard.invalidate()
  } catch {
    if (entry && previous !== undefined) entry.is_completed = previous
    toast.error(`Failed to update ${words.lower}`)
  }
}

async function deleteEntry(kind: EntryKind, id: number) {
  const words = WORDS[kind]
  try {
    await call(api.api['team-members'][kind]({ id }).delete())
    const list = entriesOf(kind)
    const index = list?.findIndex((e) => e.id === id) ?? -1
    if (list && index >= 0) list.splice(index, 1)
    cache.teamMembers.invalidate()
    toast.success(`${words.noun} deleted successfully`)
  } catch {
    toast.error(`Failed to delete ${words.lower}`)
  }
}

/**
 * 'Nudge' (POST /api/team-members/{uuid}/nudge): one e-mail a week asking a linked member for
 * this week's update; the page then says when. A refusal (already nudged, sent meanwhile) says
 * why and reloads the page's status.
 */
async function nudgeMember(uuid: string) {
  try {
    const status = await call(api.api['team-members']({ uuid }).nudge.post())
    const page = teamMemberState.dashboard
    if (page?.teamMember.uuid === uuid) page.nudge = status
    toast.success(
      `Nudged ${page?.teamMember.name ?? 'them'}: they get one e-mail asking for this week's update`,
    )
    return true
  } catch (error) {
    toast.error(`Could not nudge: ${messageOf(error, 'Unknown error')}`)
    await loadTeamMember(uuid)
    return false
  }
}

/** Copies the nudge to send yourself when mail is not set up. */
function copyNudge(text: string) {
  navigator.clipboard
    ?.writeText(text)
    .then(() => toast.success('Message copied: send it yourself'))
    .catch(() => toast.error('Could not copy: select the message and copy it'))
}

function useTeamMember() {
  return useSnapshot(teamMemberState) as TeamMemberState
}

export type { EntryKind, TeamMemberState }
export {
  addEntry,
  addTeamMember,
  changeMemberEmail,
  copyNudge,
  deleteEntry,
  loadTeamMember,
  nudgeMember,
  teamMemberState,
  toggleEntry,
  useTeamMember,
}
