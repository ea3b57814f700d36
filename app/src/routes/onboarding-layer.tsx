import { paths } from '@cadence/core/paths'
import { type OnboardingStep, OnboardingTour } from '@cadence/ui'
import { useLocation } from 'wouter'
import {
  useDashboard,
  useProjects,
  useSectionTemplates,
  useSettings,
  useTeamMembers,
} from '../state/cache'
import {
  finishOnboarding,
  goToStep,
  onboardingState,
  skipOnboarding,
  useOnboarding,
} from '../state/onboarding'
import { addProject } from '../state/projects'
import { createReport } from '../state/reports'
import { addSection, reorderSections, savePreferences } from '../state/settings'
import { addTeamMember } from '../state/team-members'
import { weekStartOf } from '../state/weeks'

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
        // Nothing changed: nothing to save, and no 'Preferences saved!'.
        const same = (Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === prefs[k])
        if (same) return
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
        // This week's report, made (or an existing one found: createReport says which, in its
        // one toast); the tour moves on, and finishing it opens the report.
        const week = weekStartOf(new Date(), prefs.weekly_start_day)
        const { uuid } = await createReport({
          week_start_date: week,
          carry_over,
          createdMessage: 'Your first report created!',
        })
        onboardingState.reportUuid = uuid
      }}
      onSkip={() => void skipOnboarding()}
      onFinish={async () => {
        // The report the tour made, or (after a reload) this week's.
        const made = await finishOnboarding()
        const report = made ?? dashboard.data?.currentWeekReport?.uuid
        if (report) navigate(paths.report(report))
      }}
    />
  )
}

export default OnboardingLayer
