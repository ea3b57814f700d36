// The onboarding tour's definitions (./onboarding-tour): its steps in order with their titles,
// the choices its forms offer, and the props the tour takes.
import { WEEKDAYS } from '../lib/dates'
import type {
  Project,
  ReportFrequency,
  SectionTemplate,
  SectionType,
  TeamMember,
  Weekday,
} from '../types'

const ONBOARDING_STEPS = [
  'welcome',
  'preferences',
  'sections',
  'project',
  'team-member',
  'report',
  'completion',
] as const
type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

const STEP_TITLE: Record<OnboardingStep, string> = {
  welcome: 'Welcome to Cadence',
  preferences: 'Your reporting week',
  sections: 'Report sections',
  project: 'Add a project',
  'team-member': 'Add a team member',
  report: 'Your first report',
  completion: "You're all set",
}

type TourPreferences = {
  weekly_start_day: Weekday
  weekly_end_day: Weekday
  report_frequency: ReportFrequency
}

type OnboardingTourProps = {
  open: boolean
  step: OnboardingStep
  onStepChange: (step: OnboardingStep) => void
  preferences: TourPreferences
  sections: SectionTemplate[]
  projects: Project[]
  members: TeamMember[]
  /** A report for the current week already exists. */
  hasCurrentReport?: boolean
  onSavePreferences: (prefs: TourPreferences) => void | Promise<void>
  onAddSection: (section: { name: string; type: SectionType }) => void | Promise<void>
  onReorderSections?: (next: SectionTemplate[]) => void
  onAddProject: (name: string) => void | Promise<void>
  onAddTeamMember: (member: {
    name: string
    title: string | null
    email: string
  }) => void | Promise<void>
  /** Creates this week's report; carry_over is the step's carry-over checkbox. */
  onCreateReport: (options: { carry_over: boolean }) => void | Promise<void>
  /** Where 'Carry over open items from the previous report' starts: the user's setting. */
  defaultCarryOver?: boolean
  onSkip: () => void
  onFinish: () => void
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const DAY_OPTIONS = WEEKDAYS.map((d) => ({ value: d, label: cap(d) }))
const FREQUENCY_OPTIONS = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'bi-weekly', label: 'Bi-weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
]
const TYPE_OPTIONS = [
  { value: 'standard', label: 'Standard — Regular content section' },
  { value: 'tasks', label: 'Tasks — Trackable action items' },
  { value: 'followups', label: 'Follow-ups — Items requiring follow-up' },
]

export type { OnboardingStep, OnboardingTourProps, TourPreferences }
export { DAY_OPTIONS, FREQUENCY_OPTIONS, ONBOARDING_STEPS, STEP_TITLE, TYPE_OPTIONS }
