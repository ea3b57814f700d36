import { type OnboardingStep, OnboardingTour } from '@cadence/ui'
import { useLocation } from 'wouter'
import { ApiError } from '../api/client'
import {
  useDashboard,
  useProjects,
  useSectionTemplates,
  useSettings,
  useTeamMembers,
} from '../state/cache'
import { finishOnboarding, goToStep, skipOnboarding, useOnboarding } from '../state/onboarding'
import { addProject } from '../state/projects'
import { createReport } from '../state/reports'
import { addSection, reorderSections, savePreferences } from '../state/settings'
import { addTeamMember } from '../state/team-members'
import { toast } from '../state/toasts'
import { weekStartOf } from '../state/weeks'

/** The tour sends the user to the report after 2 s. */
const REPORT_REDIRECT_MS = 2000

/** The first-run tour, shown while settings say onboarding is not complete. */
function OnboardingLayer() {
  const [, navigate] = useLocation()
  const { open, step } = useOnboarding()
  const settings = useSettings()
  const projects = useProjects()
  const members = useTeamMembers()
  const templates = useSectionTemplates()
  const dashboard = useDashboard()
  if (!open || !settings.data) return null
  const prefs = settings.data

  return (
    <OnboardingTour
      open={open}
      step={step as OnboardingStep}
      onStepChange={(next) => goToStep(next)}
      preferences={{
        weekly_start_day: prefs.weekly_start_day,
        weekly_end_day: prefs.weekly_end_day,
        report_frequency: prefs.report_frequency,
      }}
      sections={templates.data ?? []}
      projects={(projects.data ?? []).filter((p) => p.status === 'active')}
      members={members.data ?? []}
      hasCurrentReport={!!dashboard.data?.currentWeekReport}
      defaultCarryOver={prefs.carry_over ?? true}
      onSavePreferences={async (next) => {
        if (!(await savePreferences(next, 'Preferences saved!'))) {
          throw new Error('Failed to save preferences')
        }
      }}
      onAddSection={async ({ name, type }) => {
        if (!(await addSection(name, type))) throw new Error('Failed to add section')
      }}
      onReorderSections={(next) => void reorderSections(next)}
      onAddProject={async (name) => {
        if (!(await addProject(name))) throw new Error('Failed to add project')
      }}
      onAddTeamMember={async (member) => {
        const created = await addTeamMember({ ...member, title: member.title ?? undefined })
        if (!created) throw new Error('Failed to add team member')
      }}
      onCreateReport={async ({ carry_over }) => {
        const week = weekStartOf(new Date(), prefs.weekly_start_day)
        try {
          const { uuid, existed } = await createReport({ week_start_date: week, carry_over })
          if (!existed) toast.success('Your first report created!')
          setTimeout(() => navigate(`/reports/${uuid}`), REPORT_REDIRECT_MS)
        } catch (error) {
          // An existing report is an info toast, and the tour continues.
          if (
            error instanceof ApiError &&
            error.message.includes('Report already exists for this week')
          ) {
            return
          }
          throw error
        }
      }}
      onSkip={() => void skipOnboarding()}
      onFinish={() => void finishOnboarding()}
    />
  )
}

export default OnboardingLayer
