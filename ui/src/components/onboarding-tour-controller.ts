// The onboarding tour's controller (./onboarding-tour): where the tour is, moving between steps,
// the drafts of its forms (kept while the user moves back and forth) and sending them through the
// tour's callbacks, with the busy flag and the error line they share.
import * as React from 'react'
import type { SectionType } from '../types'
import {
  ONBOARDING_STEPS,
  type OnboardingStep,
  type OnboardingTourProps,
} from './onboarding-tour-steps'

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

type TourControllerOptions = Pick<
  OnboardingTourProps,
  | 'step'
  | 'onStepChange'
  | 'preferences'
  | 'onSavePreferences'
  | 'onAddSection'
  | 'onAddProject'
  | 'onAddTeamMember'
  | 'onCreateReport'
> & { defaultCarryOver: boolean }

function useOnboardingTour({
  step,
  onStepChange,
  preferences,
  onSavePreferences,
  onAddSection,
  onAddProject,
  onAddTeamMember,
  onCreateReport,
  defaultCarryOver,
}: TourControllerOptions) {
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
    // The e-mail is optional (issue 46): needed only to invite them.
    if (!member.name.trim()) return setError('Please enter a name')
    if (member.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(member.email.trim()))
      return setError('Enter a valid e-mail or leave it empty')
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
  // Once the report is made the tour moves on to its last step (which ends in the report).
  const createReport = async () => {
    if (await run(() => onCreateReport({ carry_over: carryOver }))) forward()
  }

  return {
    id,
    index,
    busy,
    error,
    confirmSkip,
    setConfirmSkip,
    prefs,
    setPrefs,
    sectionName,
    setSectionName,
    sectionType,
    setSectionType,
    projectName,
    setProjectName,
    member,
    setMember,
    carryOver,
    setCarryOver,
    back,
    forward,
    next,
    addSection,
    addProject,
    addMember,
    createReport,
  }
}

/** What the tour's views read and call. */
type TourController = ReturnType<typeof useOnboardingTour>

export type { TourController }
export { useOnboardingTour }
