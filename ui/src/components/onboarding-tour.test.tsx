import { describe, expect, mock, test } from 'bun:test'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as React from 'react'
import { OnboardingTour } from './onboarding-tour'
import type { OnboardingStep } from './onboarding-tour-steps'

function Tour({
  start,
  onAddProject,
}: {
  start: OnboardingStep
  onAddProject?: (name: string) => void
}) {
  const [step, setStep] = React.useState<OnboardingStep>(start)
  return (
    <OnboardingTour
      open
      step={step}
      onStepChange={setStep}
      preferences={{
        weekly_start_day: 'monday',
        weekly_end_day: 'friday',
        report_frequency: 'weekly',
      }}
      sections={[]}
      projects={[]}
      members={[]}
      onSavePreferences={() => {}}
      onAddSection={() => {}}
      onAddProject={onAddProject ?? (() => {})}
      onAddTeamMember={() => {}}
      onCreateReport={() => {}}
      onSkip={() => {}}
      onFinish={() => {}}
    />
  )
}

const focused = () => document.activeElement as HTMLElement | null
const focusedName = () =>
  focused()?.getAttribute('aria-label') ??
  (focused()?.id ? document.querySelector(`label[for="${focused()?.id}"]`)?.textContent : null) ??
  focused()?.textContent

describe('OnboardingTour focus', () => {
  test('each step focuses its first field or main button, never Next, Skip Step or Close', async () => {
    render(<Tour start="welcome" />)
    await waitFor(() => expect(focused()?.textContent).toBe('Start Tour'))
    const expected: [string, string][] = [
      ['Start Tour', 'Week starts on'],
      ['Next', 'Section name'],
      ['Skip Step', 'Project name'],
      ['Skip Step', 'Name'],
      ['Skip Step', "Create This Week's Report"],
    ]
    for (const [press, field] of expected) {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: press }))
      })
      await waitFor(() => expect(focusedName()).toBe(field))
    }
  })

  test('Enter in the project step submits the project, not Skip', async () => {
    const onAddProject = mock((_name: string) => {})
    render(<Tour start="project" onAddProject={onAddProject} />)
    await waitFor(() => expect(focusedName()).toBe('Project name'))
    const input = focused() as HTMLInputElement
    fireEvent.change(input, { target: { value: 'Atlas' } })
    await act(async () => {
      fireEvent.submit(input.form as HTMLFormElement)
    })
    await waitFor(() => expect(onAddProject).toHaveBeenCalledWith('Atlas'))
    expect(document.querySelector('.cad-tour')?.getAttribute('data-step')).toBe('project')
  })
})
