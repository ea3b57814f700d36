import { paths } from '@cadence/core/paths'
import { AddProjectDialog, AddTeamMemberDialog, CreateReportDialog } from '@cadence/ui'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { useSettings } from '../state/cache'
import { setDialog, useDialogs } from '../state/dialogs'
import { addProject } from '../state/projects'
import { createReport } from '../state/reports'
import { addTeamMember } from '../state/team-members'

/** The app-wide modals (new report, project, team member); loaded lazily by the signed-in shell. */
function AppDialogs() {
  const dialogs = useDialogs()
  const settings = useSettings()
  const [, navigate] = useLocation()
  // The carry-over checkbox starts from the user's setting each time the dialog opens.
  const [carryOverChoice, setCarryOverChoice] = useState<boolean | null>(null)
  const carryOver = carryOverChoice ?? settings.data?.carry_over ?? true
  return (
    <>
      <CreateReportDialog
        open={dialogs.createReport}
        onOpenChange={(open) => {
          if (!open) setCarryOverChoice(null)
          setDialog('createReport', open)
        }}
        startDay={settings.data?.weekly_start_day}
        endDay={settings.data?.weekly_end_day}
        carryOver={carryOver}
        onCarryOverChange={setCarryOverChoice}
        onSubmit={async (input) => {
          const { uuid } = await createReport({ ...input, carry_over: carryOver })
          setCarryOverChoice(null)
          setDialog('createReport', false)
          navigate(paths.report(uuid))
        }}
      />
      <AddProjectDialog
        open={dialogs.addProject}
        onOpenChange={(open) => setDialog('addProject', open)}
        onSubmit={async (name) => {
          if (!(await addProject(name))) throw new Error('Failed to add project')
          setDialog('addProject', false)
        }}
      />
      <AddTeamMemberDialog
        open={dialogs.addTeamMember}
        onOpenChange={(open) => setDialog('addTeamMember', open)}
        onSubmit={async (member) => {
          const created = await addTeamMember({ ...member, title: member.title ?? undefined })
          if (!created) throw new Error('Failed to add team member')
          setDialog('addTeamMember', false)
        }}
      />
    </>
  )
}

export default AppDialogs
