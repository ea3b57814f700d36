import { paths } from '@cadence/core/paths'
import {
  formatDate,
  InviteDialog,
  MemberLink,
  MemberNudge,
  MemberUpdates,
  PageSkeleton,
} from '@cadence/ui'
import { useEffect, useState } from 'react'
import { useParams } from 'wouter'
import { cache, useProjects, useTeamMembers } from '../state/cache'
import { copyLink } from '../state/sharing'
import {
  addEntry,
  changeMemberEmail,
  copyNudge,
  deleteEntry,
  loadTeamMember,
  nudgeMember,
  toggleEntry,
  useTeamMember,
} from '../state/team-members'
import {
  createInvitation,
  pullItems,
  revokeInvitation,
  unlink,
  useTeamUpdates,
} from '../state/team-roll-up'
import { useMailEnabled } from './use-mail-enabled'
import { useTeamWeek } from './use-team-week'
import { TeamMemberView } from './views'

/** `/team-members/:uuid`: talking points, tasks and follow-ups for one person, and their link. */
function TeamMemberPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const page = useTeamMember()
  const projects = useProjects()
  const members = useTeamMembers()
  const [inviting, setInviting] = useState(false)
  const mailEnabled = useMailEnabled()
  useEffect(() => {
    void loadTeamMember(uuid)
    cache.projects.load().catch(() => {})
    cache.teamMembers.load({ force: true }).catch(() => {})
  }, [uuid])
  const dashboard = page.dashboard?.teamMember.uuid === uuid ? page.dashboard : null
  // The list answers the link (linked e-mail, open invitation); the member page's own data not.
  const listed = members.data?.find((m) => m.uuid === uuid)
  // A linked member's sent reports, week by week (from the team's updates of that week).
  const linked = !!listed?.linked_user_email
  const reports = useTeamWeek({ enabled: linked })
  const ofWeek = useTeamUpdates(reports.week).updates
  const update = ofWeek ? (ofWeek.find((u) => u.team_member_uuid === uuid) ?? null) : undefined
  if (page.loading && !dashboard) return <PageSkeleton />
  return (
    <>
      <TeamMemberView
        data={dashboard}
        projects={projects.data ?? []}
        onAdd={(kind, content, projectId) => void addEntry(kind, content, projectId)}
        onToggle={(kind, entry, completed) => void toggleEntry(kind, entry.id, completed)}
        onDelete={(kind, entry) => void deleteEntry(kind, entry.id)}
        prepareOneOnOneHref={paths.prep(uuid)}
        link={
          listed ? (
            <MemberLink
              member={listed}
              onInvite={() => setInviting(true)}
              onRevoke={(id) => void revokeInvitation(id)}
              onUnlink={() => void unlink(uuid)}
              onChangeEmail={(email) => void changeMemberEmail(uuid, email)}
              formatDate={formatDate}
            />
          ) : null
        }
        nudge={
          dashboard?.nudge ? (
            <MemberNudge
              name={dashboard.teamMember.name}
              status={dashboard.nudge}
              onNudge={() => nudgeMember(uuid)}
              onCopy={copyNudge}
              appUrl={window.location.origin}
              formatDate={formatDate}
            />
          ) : null
        }
        updates={
          linked && listed && update !== null ? (
            <MemberUpdates
              name={listed.name}
              weekLabel={reports.label}
              onPrevWeek={reports.prev}
              onNextWeek={reports.next}
              update={update ?? null}
              teamUpdatesHref={paths.teamUpdates(reports.week)}
              onPullItem={(id) => void pullItems(reports.week, [id])}
              onPullSection={(_section, ids) => void pullItems(reports.week, ids)}
              formatDate={formatDate}
            />
          ) : null
        }
      />
      {listed ? (
        <InviteDialog
          open={inviting}
          onOpenChange={setInviting}
          memberName={listed.name}
          memberEmail={listed.email}
          smtp={mailEnabled === true}
          onCreate={() => createInvitation(uuid)}
          onCopy={copyLink}
          formatDate={formatDate}
        />
      ) : null}
    </>
  )
}

export default TeamMemberPage
