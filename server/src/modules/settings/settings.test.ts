import { describe, expect, test } from 'bun:test'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

describe('user settings', () => {
  test('a new user has weekly, monday to friday, onboarding not complete', async () => {
    const { app } = createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const res = await ada.get('/api/user-settings')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      report_frequency: 'weekly',
      weekly_start_day: 'monday',
      weekly_end_day: 'friday',
      onboarding_complete: false,
    })
  })

  test('each of the three PUT shapes changes only what it carries', async () => {
    const { app } = createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.put('/api/user-settings', {
      report_frequency: 'bi-weekly',
      weekly_start_day: 'sunday',
      weekly_end_day: 'thursday',
    })
    await ada.put('/api/user-settings', { weekly_start_day: 'tuesday', weekly_end_day: 'saturday' })
    const res = await ada.put('/api/user-settings', { onboarding_complete: true })
    expect(res.json).toMatchObject({
      report_frequency: 'bi-weekly',
      weekly_start_day: 'tuesday',
      weekly_end_day: 'saturday',
      onboarding_complete: true,
    })
  })

  test('a bad day or frequency is a 400 and changes nothing', async () => {
    const { app } = createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bad = await ada.put('/api/user-settings', { weekly_start_day: 'someday' })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toContain('weekly_start_day')
    expect((await ada.put('/api/user-settings', { report_frequency: 'daily' })).status).toBe(400)
    expect((await ada.get('/api/user-settings')).json.weekly_start_day).toBe('monday')
  })

  test('settings need a session and are per user', async () => {
    const { app } = createTestApp()
    expect((await makeClient(app).get('/api/user-settings')).status).toBe(401)
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    await ada.put('/api/user-settings', { weekly_start_day: 'sunday' })
    expect((await bob.get('/api/user-settings')).json.weekly_start_day).toBe('monday')
  })
})
