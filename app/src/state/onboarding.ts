import { proxy, useSnapshot } from 'valtio'
import { api, call } from '../api/client'
import { cache, onCacheReset } from './cache'
import { toast } from './toasts'

type OnboardingAction = 'started' | 'completed' | 'skipped' | 'abandoned'

type OnboardingState = {
  open: boolean
  dismissed: boolean
  /** The tour step on screen (ui's OnboardingStep names). */
  step: string
  /** When the current step was shown, for the analytics durations. */
  stepStartedAt: number
  /** The report the tour made (or found) for this week: finishing the tour opens it. */
  reportUuid: string | null
}

/** The step on screen, kept in the browser so a reload resumes the tour where it was. */
const STEP_KEY = 'cadence:tour-step'
const storage = () => (typeof localStorage === 'undefined' ? null : localStorage)
const savedStep = () => {
  try {
    return storage()?.getItem(STEP_KEY) || null
  } catch {
    return null
  }
}
const saveStep = (step: string | null) => {
  try {
    if (step === null) storage()?.removeItem(STEP_KEY)
    else storage()?.setItem(STEP_KEY, step)
  } catch {
    // Private mode or a full quota: the tour then restarts at a reload, nothing worse.
  }
}

const onboardingState = proxy<OnboardingState>({
  open: false,
  dismissed: false,
  step: 'welcome',
  stepStartedAt: Date.now(),
  reportUuid: null,
})

/** The tour shows when settings load with onboarding_complete false. */
function syncOnboarding(settings: { onboarding_complete: boolean } | null) {
  if (!settings) return
  const wasOpen = onboardingState.open
  onboardingState.open = !settings.onboarding_complete && !onboardingState.dismissed
  if (!onboardingState.open || wasOpen || onboardingState.step !== 'welcome') return
  // A reload resumes the tour at the step it was on; a tour opening for the first time starts
  // its first step (counted once, so the analytics' funnel starts where the tour does).
  const saved = savedStep()
  if (saved) {
    onboardingState.step = saved
    return
  }
  saveStep('welcome')
  onboardingState.stepStartedAt = Date.now()
  void trackOnboarding('welcome', 'started')
}

/** Feeds Onboarding Analytics; never blocks or fails the tour. */
function trackOnboarding(step: string, action: OnboardingAction, durationMs?: number) {
  const body = {
    step,
    action,
    ...(durationMs !== undefined ? { duration_ms: Math.round(durationMs) } : {}),
  }
  return call(api.api.onboarding.events.post(body)).catch((error) => console.error(error))
}

/** Moves the tour: the step left is 'completed' (or 'skipped'), the next one 'started'. */
function goToStep(next: string, leftAs: 'completed' | 'skipped' = 'completed') {
  const previous = onboardingState.step
  if (previous === next) return
  void trackOnboarding(previous, leftAs, Date.now() - onboardingState.stepStartedAt)
  void trackOnboarding(next, 'started')
  onboardingState.step = next
  onboardingState.stepStartedAt = Date.now()
  saveStep(next)
}

async function completeOnboarding(): Promise<void> {
  await call(api.api['user-settings'].put({ onboarding_complete: true }))
  onboardingState.dismissed = true
  onboardingState.open = false
  saveStep(null)
  await cache.settings.load({ force: true }).catch(() => {})
}

async function skipOnboarding() {
  void trackOnboarding(onboardingState.step, 'skipped', Date.now() - onboardingState.stepStartedAt)
  try {
    await completeOnboarding()
    toast.info('Onboarding tour skipped. You can access setup options in Settings anytime.')
  } catch (error) {
    console.error(error)
    toast.error('Failed to complete onboarding')
  }
}

/** Ends the tour; answers the report the tour made, to open it (null: none was made). */
async function finishOnboarding(): Promise<string | null> {
  void trackOnboarding('completion', 'completed', Date.now() - onboardingState.stepStartedAt)
  const report = onboardingState.reportUuid
  try {
    await completeOnboarding()
    toast.success('Onboarding completed successfully!')
    return report
  } catch (error) {
    console.error(error)
    toast.error('Failed to complete onboarding')
    return null
  }
}

function resetOnboarding() {
  saveStep(null)
  Object.assign(onboardingState, {
    open: false,
    dismissed: false,
    step: 'welcome',
    stepStartedAt: Date.now(),
    reportUuid: null,
  })
}

// Signing out (the caches reset) forgets the tour's step: the next user starts their own.
onCacheReset(resetOnboarding)

function useOnboarding() {
  return useSnapshot(onboardingState) as OnboardingState
}

export type { OnboardingAction, OnboardingState }
export {
  finishOnboarding,
  goToStep,
  onboardingState,
  resetOnboarding,
  skipOnboarding,
  syncOnboarding,
  trackOnboarding,
  useOnboarding,
}
