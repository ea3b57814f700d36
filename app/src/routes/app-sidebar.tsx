import { isUnder, paths } from '@cadence/core/paths'
import { Sidebar } from '@cadence/ui'
import { useLocation } from 'wouter'
import { useProjects, useReports, useSettings, useTeamMembers } from '../state/cache'
import { setDialog } from '../state/dialogs'
import { addProject } from '../state/projects'
import { useQuestionBadges } from '../state/question-badges'
import type { SidebarTab } from './nav'

/** The reports/projects/team sidebar; loaded lazily by the signed-in shell when a tab is shown. */
function AppSidebar({ tab, activeUuid }: { tab: SidebarTab; activeUuid?: string }) {
  const [location, navigate] = useLocation()
  const questions = useQuestionBadges()
  const reports = useReports()
  const projects = useProjects()
  const members = useTeamMembers()
  const settings = useSettings()
  const changeTab = (next: SidebarTab) => {
    const path = isUnder(location, 'dashboard') ? location : paths.dashboard()
    navigate(`${path}?sidebar=${next}`)
  }
  return (
    <Sidebar
      tab={tab}
      onTabChange={changeTab}
      reports={(reports.data ?? []) as never}
      projects={(projects.data ?? []).filter((p) => p.status === 'active') as never}
      members={(members.data ?? []) as never}
      startDay={settings.data?.weekly_start_day}
      endDay={settings.data?.weekly_end_day}
      activeUuid={activeUuid}
      newQuestions={questions.byReport}
      onAddReport={() => setDialog('createReport', true)}
      onAddTeamMember={() => setDialog('addTeamMember', true)}
      onAddProject={async (name) => {
        if (!(await addProject(name))) throw new Error('Failed to add project')
      }}
    />
  )
}

export default AppSidebar
