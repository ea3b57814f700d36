import { ArrowLeft, CheckCircle2, PartyPopper, X } from 'lucide-react'
import * as React from 'react'
import { WEEKDAYS } from '../lib/dates'
import type {
  Project,
  ReportFrequency,
  SectionTemplate,
  SectionType,
  TeamMember,
  Weekday,
} from '../types'
import { Button } from './button'
import { Checkbox } from './checkbox'
import { Dialog, DialogContent, DialogFooter } from './dialog'
import { Field } from './field'
import { Input } from './input'
import { ProgressBar } from './progress-bar'
import { Select } from './select'
import { SortableList } from './sortable-list'

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

const LIST_LIMIT = 3

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

function ShortList({
  items,
  noun,
}: {
  items: Array<{ key: string; text: string; sub?: string | null }>
  noun: string
}) {
  if (items.length === 0) return <p className="cad-tour__none">No {noun} yet</p>
  const extra = items.length - LIST_LIMIT
  return (
    <ul className="cad-tour__list" aria-label={`Your ${noun}`}>
      {items.slice(0, LIST_LIMIT).map((i) => (
        <li key={i.key}>
          <CheckCircle2 size={14} aria-hidden className="cad-tour__check" />
          <span className="cad-tour__list-text">{i.text}</span>
          {i.sub && <span className="cad-muted cad-tour__list-sub">{i.sub}</span>}
        </li>
      ))}
      {extra > 0 && <li className="cad-tour__more">+{extra} more</li>}
    </ul>
  )
}

function useAsync() {
  const [busy, setBusy] = React.useState(false)
  const run = async (fn: () => void | Promise<void>) => {
    setBusy(true)
    try {
      await fn()
      return true
    } catch {
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

function OnboardingTour({
  open,
  step,
  onStepChange,
  preferences,
  sections,
  projects,
  members,
  hasCurrentReport = false,
  onSavePreferences,
  onAddSection,
  onReorderSections,
  onAddProject,
  onAddTeamMember,
  onCreateReport,
  defaultCarryOver = true,
  onSkip,
  onFinish,
}: OnboardingTourProps) {
  const [carryOver, setCarryOver] = React.useState(defaultCarryOver)
  const index = ONBOARDING_STEPS.indexOf(step)
  const [confirmSkip, setConfirmSkip] = React.useState(false)
  const [prefs, setPrefs] = React.useState(preferences)
  const [sectionName, setSectionName] = React.useState('')
  const [sectionType, setSectionType] = React.useState<SectionType>('standard')
  const [projectName, setProjectName] = React.useState('')
  const [member, setMember] = React.useState({ name: '', title: '', email: '' })
  const [error, setError] = React.useState<string | null>(null)
  const { busy, run } = useAsync()
  const id = React.useId()

  const go = (next: OnboardingStep) => {
    setError(null)
    onStepChange(next)
  }
  const back = () => index > 0 && go(ONBOARDING_STEPS[index - 1])
  const forward = () => index < ONBOARDING_STEPS.length - 1 && go(ONBOARDING_STEPS[index + 1])

  const next = async () => {
    if (step === 'preferences') {
      if (await run(() => onSavePreferences(prefs))) forward()
      return
    }
    forward()
  }
  const addSection = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!sectionName.trim()) return setError('Please enter a section name')
    setError(null)
    if (await run(() => onAddSection({ name: sectionName.trim(), type: sectionType })))
      setSectionName('')
  }
  const addProject = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!projectName.trim()) return setError('Please enter a project name')
    setError(null)
    if (await run(() => onAddProject(projectName.trim()))) setProjectName('')
  }
  const addMember = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!member.name.trim() || !member.email.trim())
      return setError('Please enter both name and email')
    setError(null)
    const ok = await run(() =>
      onAddTeamMember({
        name: member.name.trim(),
        title: member.title.trim() || null,
        email: member.email.trim(),
      }),
    )
    if (ok) setMember({ name: '', title: '', email: '' })
  }

  const errorLine = error && (
    <p className="cad-form__error" role="alert">
      {error}
    </p>
  )

  let body: React.ReactNode
  switch (step) {
    case 'welcome':
      body = (
        <p className="cad-tour__lead">
          Set up your reporting week, sections, a first project and a team member in about two
          minutes. You can change all of it later in Settings.
        </p>
      )
      break
    case 'preferences':
      body = (
        <div className="cad-tour__grid">
          <Field label="Week starts on" htmlFor={`${id}-start`}>
            <Select
              id={`${id}-start`}
              value={prefs.weekly_start_day}
              onValueChange={(v) => setPrefs({ ...prefs, weekly_start_day: v as Weekday })}
              options={DAY_OPTIONS}
            />
          </Field>
          <Field label="Week ends on" htmlFor={`${id}-end`}>
            <Select
              id={`${id}-end`}
              value={prefs.weekly_end_day}
              onValueChange={(v) => setPrefs({ ...prefs, weekly_end_day: v as Weekday })}
              options={DAY_OPTIONS}
            />
          </Field>
          <Field label="Report frequency" htmlFor={`${id}-freq`}>
            <Select
              id={`${id}-freq`}
              value={prefs.report_frequency}
              onValueChange={(v) => setPrefs({ ...prefs, report_frequency: v as ReportFrequency })}
              options={FREQUENCY_OPTIONS}
            />
          </Field>
        </div>
      )
      break
    case 'sections':
      body = (
        <>
          <p className="cad-tour__lead">Every report starts with these sections.</p>
          {sections.length === 0 ? (
            <p className="cad-tour__none">No sections yet</p>
          ) : onReorderSections ? (
            <SortableList
              aria-label="Your sections"
              items={sections}
              onReorder={onReorderSections}
              getLabel={(s) => s.name}
              renderItem={(s) => (
                <span className="cad-tour__section">
                  <span className="cad-tour__list-text">{s.name}</span>
                  <span className="cad-muted">{s.type}</span>
                </span>
              )}
            />
          ) : (
            <ShortList
              items={sections.map((s) => ({ key: String(s.id), text: s.name, sub: s.type }))}
              noun="sections"
            />
          )}
          <form className="cad-tour__form" onSubmit={addSection} noValidate>
            <Field label="Section name" htmlFor={`${id}-section`}>
              <Input
                id={`${id}-section`}
                value={sectionName}
                onChange={(e) => setSectionName(e.target.value)}
              />
            </Field>
            <Field label="Type" htmlFor={`${id}-type`}>
              <Select
                id={`${id}-type`}
                value={sectionType}
                onValueChange={(v) => setSectionType(v as SectionType)}
                options={TYPE_OPTIONS}
              />
            </Field>
            <Button type="submit" loading={busy}>
              Add Section
            </Button>
          </form>
          {errorLine}
        </>
      )
      break
    case 'project':
      body = (
        <>
          <p className="cad-tour__lead">
            Tag report items to projects to follow them week over week.
          </p>
          <ShortList items={projects.map((p) => ({ key: p.uuid, text: p.name }))} noun="projects" />
          <form className="cad-tour__form" onSubmit={addProject} noValidate>
            <Field label="Project name" htmlFor={`${id}-project`}>
              <Input
                id={`${id}-project`}
                value={projectName}
                maxLength={255}
                onChange={(e) => setProjectName(e.target.value)}
              />
            </Field>
            <Button type="submit" loading={busy}>
              Add Project
            </Button>
          </form>
          {errorLine}
        </>
      )
      break
    case 'team-member':
      body = (
        <>
          <p className="cad-tour__lead">Assign tasks and follow-ups to people with @mentions.</p>
          <ShortList
            items={members.map((m) => ({ key: m.uuid, text: m.name, sub: m.title }))}
            noun="team members"
          />
          <form className="cad-tour__form cad-tour__form--member" onSubmit={addMember} noValidate>
            <Field label="Name" htmlFor={`${id}-mname`}>
              <Input
                id={`${id}-mname`}
                value={member.name}
                onChange={(e) => setMember({ ...member, name: e.target.value })}
              />
            </Field>
            <Field label="Title (optional)" htmlFor={`${id}-mtitle`}>
              <Input
                id={`${id}-mtitle`}
                value={member.title}
                onChange={(e) => setMember({ ...member, title: e.target.value })}
              />
            </Field>
            <Field label="Email" htmlFor={`${id}-memail`}>
              <Input
                id={`${id}-memail`}
                type="email"
                value={member.email}
                onChange={(e) => setMember({ ...member, email: e.target.value })}
              />
            </Field>
            <Button type="submit" loading={busy}>
              Add Team Member
            </Button>
          </form>
          {errorLine}
        </>
      )
      break
    case 'report':
      body = (
        <>
          <p className="cad-tour__lead">
            {hasCurrentReport
              ? "You already have a report for this week. We'll open it for you."
              : "We'll create this week's report from your sections."}
          </p>
          {hasCurrentReport ? null : (
            <label className="cad-form__check" htmlFor={`${id}-carry`}>
              <Checkbox
                id={`${id}-carry`}
                checked={carryOver}
                onCheckedChange={(v) => setCarryOver(v === true)}
              />
              Carry over open items from the previous report
            </label>
          )}
          <Button
            variant="primary"
            loading={busy}
            onClick={() => run(() => onCreateReport({ carry_over: carryOver }))}
          >
            {hasCurrentReport ? "Open This Week's Report" : "Create This Week's Report"}
          </Button>
        </>
      )
      break
    case 'completion':
      body = (
        <div className="cad-tour__done">
          <PartyPopper size={28} aria-hidden />
          <p className="cad-tour__lead">
            Your workspace is ready. Write this week's report like a list: Enter adds the next item,
            @ assigns it.
          </p>
        </div>
      )
      break
  }

  return (
    <Dialog open={open}>
      <DialogContent
        title={STEP_TITLE[step]}
        description={`Step ${index + 1} of ${ONBOARDING_STEPS.length}`}
        hideClose
        className="cad-tour"
        data-step={step}
        onEscapeKeyDown={(e) => {
          e.preventDefault()
          setConfirmSkip(true)
        }}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <button
          type="button"
          className="cad-button cad-button--ghost cad-button--sm cad-icon-button cad-tour__close"
          aria-label="Close onboarding tour"
          onClick={() => setConfirmSkip(true)}
        >
          <X size={16} aria-hidden />
        </button>
        <ProgressBar value={index + 1} max={ONBOARDING_STEPS.length} label="Onboarding progress" />

        {confirmSkip ? (
          <div className="cad-tour__confirm" role="alertdialog" aria-labelledby={`${id}-skip`}>
            <h3 id={`${id}-skip`} className="cad-tour__confirm-title">
              Skip Onboarding Tour?
            </h3>
            <p className="cad-muted">You can set everything up later in Settings.</p>
            <DialogFooter>
              <Button variant="ghost" onClick={onSkip}>
                Yes, Skip Setup
              </Button>
              <Button variant="primary" autoFocus onClick={() => setConfirmSkip(false)}>
                Continue Setup
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <>
            <div className="cad-tour__body">{body}</div>
            <DialogFooter className="cad-tour__footer">
              {step === 'welcome' ? (
                <>
                  <Button variant="ghost" onClick={onSkip}>
                    Skip for now
                  </Button>
                  <Button variant="primary" onClick={forward}>
                    Start Tour
                  </Button>
                </>
              ) : step === 'completion' ? (
                <>
                  <Button variant="ghost" onClick={back}>
                    <ArrowLeft size={14} aria-hidden /> Back
                  </Button>
                  <Button variant="primary" onClick={onFinish}>
                    Start Reporting
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="ghost" onClick={back} className="cad-tour__back">
                    <ArrowLeft size={14} aria-hidden /> Back
                  </Button>
                  <Button variant="ghost" onClick={forward}>
                    Skip Step
                  </Button>
                  <Button variant="primary" onClick={next} loading={busy && step === 'preferences'}>
                    Next
                  </Button>
                </>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

export type { OnboardingStep, OnboardingTourProps, TourPreferences }
export { ONBOARDING_STEPS, OnboardingTour }
