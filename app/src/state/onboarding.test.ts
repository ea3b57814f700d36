import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { cache, resetCache } from './cache'
import {
  finishOnboarding,
  goToStep,
  onboardingState,
  resetOnboarding,
  skipOnboarding,
  syncOnboarding,
} from './onboarding'
import { clearToasts, toastState } from './toasts'

const settings = (onboarding_complete: boolean) => ({
  user_id: 1,
  report_frequency: 'weekly',
  weekly_start_day: 'monday',
  weekly_end_day: 'friday',
  onboarding_complete,
  created_at: '',
  updated_at: '',
})

beforeEach(() => {
  resetCache()
  resetOnboarding()
  clearToasts()
})
// Failures in these tests are logged on purpose; keep the test output readable.
let quiet: ReturnType<typeof spyOn>
beforeEach(() => {
  quiet = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  restoreFetch()
  quiet.mockRestore()
})

describe('onboarding', () => {
  test('the tour shows only while onboarding is not complete', () => {
    syncOnboarding(settings(true))
    expect(onboardingState.open).toBe(false)
    syncOnboarding(settings(false))
    expect(onboardingState.open).toBe(true)
  })

  test('moving on posts the step left as completed and the next as started', async () => {
    const calls = stubFetch(() => json({ ok: true }))
    goToStep('preferences')
    await Bun.sleep(0)
    expect(calls.map((c) => c.path)).toEqual(['/api/onboarding/events', '/api/onboarding/events'])
    expect(calls[0].body).toMatchObject({ step: 'welcome', action: 'completed' })
    expect(calls[1].body).toMatchObject({ step: 'preferences', action: 'started' })
  })

  test('skipping sets onboarding_complete, reloads settings, closes and says so', async () => {
    const calls = stubFetch(({ path }) =>
      path === '/api/user-settings' ? json(settings(true)) : json({ ok: true }),
    )
    syncOnboarding(settings(false))
    await skipOnboarding()
    const put = calls.find((c) => c.method === 'PUT')
    expect(put).toEqual({
      method: 'PUT',
      path: '/api/user-settings',
      body: { onboarding_complete: true },
    })
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/user-settings')).toBe(true)
    expect(onboardingState.open).toBe(false)
    expect(cache.settings.state.data?.onboarding_complete).toBe(true)
    expect(toastState.toasts.map((t) => t.message)).toEqual([
      'Onboarding tour skipped. You can access setup options in Settings anytime.',
    ])
  })

  test('finishing says so; a failure says it could not complete', async () => {
    stubFetch(({ path }) => (path === '/api/user-settings' ? json(settings(true)) : json({})))
    await finishOnboarding()
    stubFetch(() => json({ error: 'x' }, 500))
    await finishOnboarding()
    expect(toastState.toasts.map((t) => t.message)).toEqual([
      'Onboarding completed successfully!',
      'Failed to complete onboarding',
    ])
  })

  test('the step is kept in the browser: a reload resumes the tour there; finishing forgets it', async () => {
    const stored = new Map<string, string>()
    const storage = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    }
    Object.assign(globalThis, { localStorage: storage })
    try {
      stubFetch(() => json({}))
      syncOnboarding(settings(false))
      goToStep('preferences')
      goToStep('sections')
      expect(stored.get('cadence:tour-step')).toBe('sections')
      // A reload: the app starts closed at 'welcome', the settings arrive, the tour resumes.
      Object.assign(onboardingState, { open: false, step: 'welcome' })
      syncOnboarding(settings(false))
      expect(onboardingState.step).toBe('sections')
      // The report the tour made is what finishing opens.
      onboardingState.reportUuid = 'r-1'
      expect(await finishOnboarding()).toBe('r-1')
      expect(stored.has('cadence:tour-step')).toBe(false)
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage')
    }
  })

  test('a tour opening for the first time counts its first step started, once', async () => {
    const calls = stubFetch(() => json({ ok: true }))
    syncOnboarding(settings(false))
    syncOnboarding(settings(false))
    await Bun.sleep(0)
    expect(calls.map((c) => c.body)).toEqual([{ step: 'welcome', action: 'started' }])
  })
})
