// The onboarding tour: a dialog that walks a new user through setup, one step at a time. Its
// steps, titles and props are ./onboarding-tour-steps, where it is and what it sends
// ./onboarding-tour-controller, and what each step shows ./onboarding-tour-step-body; this file
// is the dialog around them: the progress, the skip confirmation and the footer's buttons.
import { ArrowLeft as LucideArrowLeft, X as LucideX } from 'lucide-react'
import * as React from 'react'
import { Button } from '../primitives/button'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { icon } from '../primitives/icon'
import { ProgressBar } from '../primitives/progress-bar'
import { type TourController, useOnboardingTour } from './onboarding-tour-controller'
import { StepBody } from './onboarding-tour-step-body'
import {
  ONBOARDING_STEPS,
  type OnboardingStep,
  type OnboardingTourProps,
  STEP_TITLE,
} from './onboarding-tour-steps'

const ArrowLeft = /* @__PURE__ */ icon(LucideArrowLeft)
const X = /* @__PURE__ */ icon(LucideX)

/**
 * What each step focuses when it opens: its first field, so typing lands in it and Enter submits
 * it (the field's form), never 'Skip Step'; a step without a field focuses its main button.
 */
function stepFocusTarget(step: OnboardingStep, id: string): HTMLElement | null {
  const field: Partial<Record<OnboardingStep, string>> = {
    preferences: `${id}-start`,
    sections: `${id}-section`,
    project: `${id}-project`,
    'team-member': `${id}-mname`,
  }
  const fieldId = field[step]
  if (fieldId) return document.getElementById(fieldId)
  return document.querySelector<HTMLElement>('.cad-tour [data-tour-primary]')
}

/** 'Skip Onboarding Tour?': skipping for good, or back to the step. */
function SkipConfirmation({
  id,
  onSkip,
  onContinue,
}: {
  id: string
  onSkip: () => void
  onContinue: () => void
}) {
  return (
    <div className="cad-tour__confirm" role="alertdialog" aria-labelledby={`${id}-skip`}>
      <h3 id={`${id}-skip`} className="cad-tour__confirm-title">
        Skip Onboarding Tour?
      </h3>
      <p className="cad-muted">You can set everything up later in Settings.</p>
      <DialogFooter>
        <Button variant="ghost" onClick={onSkip}>
          Yes, Skip Setup
        </Button>
        <Button variant="primary" autoFocus onClick={onContinue}>
          Continue Setup
        </Button>
      </DialogFooter>
    </div>
  )
}

/** The step's buttons: Start Tour first, Start Reporting last, else Back, Skip Step and Next. */
function TourFooter({
  step,
  tour,
  onSkip,
  onFinish,
}: {
  step: OnboardingStep
  tour: TourController
  onSkip: () => void
  onFinish: () => void
}) {
  return (
    <DialogFooter className="cad-tour__footer">
      {step === 'welcome' ? (
        <>
          <Button variant="ghost" onClick={onSkip}>
            Skip for now
          </Button>
          <Button variant="primary" onClick={tour.forward} data-tour-primary="">
            Start Tour
          </Button>
        </>
      ) : step === 'completion' ? (
        <>
          <Button variant="ghost" onClick={tour.back}>
            <ArrowLeft size={14} aria-hidden /> Back
          </Button>
          <Button variant="primary" onClick={onFinish} data-tour-primary="">
            Start Reporting
          </Button>
        </>
      ) : (
        <>
          <Button variant="ghost" onClick={tour.back} className="cad-tour__back">
            <ArrowLeft size={14} aria-hidden /> Back
          </Button>
          <Button variant="ghost" onClick={tour.forward}>
            Skip Step
          </Button>
          <Button
            variant="primary"
            onClick={tour.next}
            loading={tour.busy && step === 'preferences'}
          >
            Next
          </Button>
        </>
      )}
    </DialogFooter>
  )
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
  const tour = useOnboardingTour({
    step,
    onStepChange,
    preferences,
    onSavePreferences,
    onAddSection,
    onAddProject,
    onAddTeamMember,
    onCreateReport,
    defaultCarryOver,
  })
  const { id, index, confirmSkip, setConfirmSkip } = tour
  // A new step (or the way back from the skip question) focuses the step's first field; the
  // dialog's own first focus does the same when it opens.
  React.useEffect(() => {
    if (open && !confirmSkip) stepFocusTarget(step, id)?.focus()
  }, [open, step, confirmSkip, id])

  return (
    <Dialog open={open}>
      <DialogContent
        title={STEP_TITLE[step]}
        description={`Step ${index + 1} of ${ONBOARDING_STEPS.length}`}
        hideClose
        className="cad-tour"
        data-step={step}
        onOpenAutoFocus={(e) => {
          const target = stepFocusTarget(step, id)
          if (!target) return
          e.preventDefault()
          target.focus()
        }}
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
          <SkipConfirmation id={id} onSkip={onSkip} onContinue={() => setConfirmSkip(false)} />
        ) : (
          <>
            <div className="cad-tour__body">
              <StepBody
                step={step}
                tour={tour}
                sections={sections}
                projects={projects}
                members={members}
                hasCurrentReport={hasCurrentReport}
                onReorderSections={onReorderSections}
              />
            </div>
            <TourFooter step={step} tour={tour} onSkip={onSkip} onFinish={onFinish} />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

export type { OnboardingStep, OnboardingTourProps, TourPreferences } from './onboarding-tour-steps'
export { ONBOARDING_STEPS } from './onboarding-tour-steps'
export { OnboardingTour }
