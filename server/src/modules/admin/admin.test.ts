import { describe, expect, test } from 'bun:test'
import { activityLog, users } from '../../db/schema'
import { type Client, createTestApp, makeClient, signIn } from '../../test/helpers'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// Bodies the types refuse (the bad-input cases) go by path, as a client without the types sends them.

async function setup() {
  const ctx = await createTestApp({ ADMIN_EMAILS: 'root@example.com' })
  const root = await signIn(ctx.app, 'root@example.com', 'Root')
  const ada = await signIn(ctx.app, 'ada@example.com', 'Ada Lovelace')
  return { ...ctx, root, ada }
}

const ADMIN_GETS = [
  (c: Client) => c.api.admin.stats.get(),
  (c: Client) => c.api.admin.users.get(),
  (c: Client) => c.api.admin['onboarding-analytics'].get(),
  (c: Client) => c.api.admin['system-settings'].get(),
  (c: Client) => c.api.admin['activity-log'].get(),
]
const setSetting = (c: Client, key: string, setting_value: string) =>
  c.api.admin['system-settings']({ key }).put({ setting_value })

describe('admin access', () => {
  test('every admin route answers 403 to a signed-in non-admin and 401 without a session', async () => {
    const { app, ada } = await setup()
    for (const get of ADMIN_GETS) {
      const res = await get(ada)
      expect(res.status).toBe(403)
      expect(res.error?.value).toEqual({ error: 'Admin access required' })
      expect((await get(makeClient(app))).status).toBe(401)
    }
    expect((await setSetting(ada, 'maintenance_mode', 'true')).status).toBe(403)
  })

  test('ADMIN_EMAILS makes no admin of a development sign-in account once that sign-in is off', async () => {
    const { root, config } = await setup()
    expect((await root.api.admin.users.get()).status).toBe(200)
    // The instance now runs with a real provider only (the one-file build without DEV_LOGIN=on):
    // the address typed into the development page opens nothing, nor is it listed as an admin.
    config.devLogin = false
    const refused = await root.api.admin.users.get()
    expect(refused.status).toBe(403)
    expect((await root.api.admin.profile.get()).data).toEqual({ is_admin: false })
    config.devLogin = true
    const listed = (await root.api.admin.users.get()).data!
    expect(listed.find((u) => u.email === 'root@example.com')?.is_admin).toBe(true)
  })

  test('a non-admin’s refused setting change changes nothing', async () => {
    const { root, ada } = await setup()
    await setSetting(ada, 'maintenance_mode', 'true')
    const settings = (await root.api.admin['system-settings'].get()).data
    expect(settings?.find((s) => s.key === 'maintenance_mode')?.setting_value).toBe('false')
  })
})

describe('admin stats and users', () => {
  test('stats count users, active users, reports and the onboarding completion rate', async () => {
    const { root, ada, db } = await setup()
    await ada.api.reports.post({ week_start_date: '2026-11-16' })
    await ada.api['user-settings'].put({ onboarding_complete: true })
    // A user who signed up long ago and has not been seen since is not active.
    const old = '2020-01-01T00:00:00.000Z'
    await db.orm.insert(users).values({
      provider: 'dev',
      provider_user_id: 'old',
      email: 'old@example.com',
      created_at: old,
    })

    const res = await root.api.admin.stats.get()
    expect(res.status).toBe(200)
    expect(res.data).toEqual({
      totalUsers: 3,
      activeUsers: 2,
      totalReports: 1,
      onboardingCompletionRate: 33.3,
    })
  })

  test('activity alone in the last 30 days makes a user active', async () => {
    const { root, db } = await setup()
    const u = (
      await db.orm
        .insert(users)
        .values({ provider: 'dev', provider_user_id: 'w', email: 'w@example.com' })
        .returning()
    )[0]
    await db.orm.insert(activityLog).values({ user_id: u.id, action: 'report_created' })
    expect((await root.api.admin.stats.get()).data?.activeUsers).toBe(3)
  })

  test('users list has the documented fields and searches e-mail or name', async () => {
    const { root } = await setup()
    // Through the typed client: the answers are the contract's AdminUser.
    const list = async (search?: string) =>
      (await root.api.admin.users.get({ query: search === undefined ? {} : { search } })).data ?? []
    const all = await list()
    expect(all).toHaveLength(2)
    expect(Object.keys(all[0]).sort()).toEqual(['created_at', 'email', 'id', 'is_admin', 'name'])
    expect(all.find((u) => u.email === 'root@example.com')?.is_admin).toBe(true)
    expect((await list('LOVELACE')).map((u) => u.email)).toEqual(['ada@example.com'])
    expect((await list('root@')).map((u) => u.email)).toEqual(['root@example.com'])
    expect(await list('nobody')).toEqual([])
  })
})

describe('onboarding events and analytics', () => {
  test('any signed-in user records events; bad events are 400', async () => {
    const { ada, app } = await setup()
    const res = await ada.api.onboarding.events.post({ step: 'welcome', action: 'started' })
    expect(res.status).toBe(201)
    expect(res.data).toMatchObject({ step: 'welcome', action: 'started', duration_ms: null })
    for (const body of [
      {},
      { step: 'welcome', action: 'finished' },
      { step: '', action: 'started' },
      { step: 'x', action: 'started', duration_ms: -1 },
    ]) {
      const bad = await ada.post('/api/onboarding/events', body)
      expect(bad.status).toBe(400)
      expect(bad.json.error).toBeString()
    }
    expect(
      (await makeClient(app).api.onboarding.events.post({ step: 'welcome', action: 'started' }))
        .status,
    ).toBe(401)
  })

  test('analytics: sessions, completion rate, average completion time and per-step counts', async () => {
    const { root, ada } = await setup()
    const events = [
      [ada, 'welcome', 'started', null],
      [ada, 'welcome', 'completed', 4000],
      [ada, 'preferences', 'completed', 6000],
      [ada, 'completion', 'completed', 2000],
      [root, 'welcome', 'started', null],
      [root, 'welcome', 'skipped', 1000],
      [root, 'sections', 'abandoned', null],
    ] as const
    for (const [client, step, action, duration_ms] of events)
      await client.api.onboarding.events.post({ step, action, duration_ms })
    const res = await root.api.admin['onboarding-analytics'].get()
    expect(res.data).toEqual({
      totalSessions: 2,
      completionRate: 50,
      averageCompletionTime: 12,
      stepAnalytics: [
        { step: 'welcome', averageTime: 2.5, started: 2, completed: 1, skipped: 1, abandoned: 0 },
        { step: 'preferences', averageTime: 6, started: 0, completed: 1, skipped: 0, abandoned: 0 },
        { step: 'sections', averageTime: 0, started: 0, completed: 0, skipped: 0, abandoned: 1 },
        { step: 'completion', averageTime: 2, started: 0, completed: 1, skipped: 0, abandoned: 0 },
      ],
    })
  })

  test('no events gives zeros', async () => {
    const { root } = await setup()
    expect((await root.api.admin['onboarding-analytics'].get()).data).toEqual({
      totalSessions: 0,
      completionRate: 0,
      averageCompletionTime: 0,
      stepAnalytics: [],
    })
  })
})

describe('system settings', () => {
  test('a seeded set of boolean, number and text settings, seeded once', async () => {
    const { root, db, config } = await setup()
    const list = (await root.api.admin['system-settings'].get()).data!
    expect(list.map((s) => [s.key, s.setting_type])).toEqual([
      ['allow_new_signups', 'boolean'],
      ['maintenance_mode', 'boolean'],
      ['max_reports_per_user', 'number'],
      ['support_email', 'text'],
    ])
    await setSetting(root, 'support_email', 'help@cadence.test')
    // Building the app again on the same database keeps the edited value.
    const { createApp } = await import('../../app')
    createApp({ db, config })
    const again = (await root.api.admin['system-settings'].get()).data!
    expect(again.find((s) => s.key === 'support_email')?.setting_value).toBe('help@cadence.test')
    expect(again).toHaveLength(4)
  })

  test('settings carry their fields: id, setting_key, setting_type, setting_value, description', async () => {
    const { root } = await setup()
    const list = (await root.api.admin['system-settings'].get()).data!
    for (const s of list) {
      expect(typeof s.id).toBe('number')
      expect(s.setting_key).toBe(s.key)
      expect(typeof s.setting_value).toBe('string')
      expect(['boolean', 'number', 'text']).toContain(s.setting_type)
      expect(typeof s.description).toBe('string')
    }
    expect(new Set(list.map((s) => s.id)).size).toBe(list.length)
    const put = await setSetting(root, 'support_email', 'ops@cadence.test')
    const before = list.find((s) => s.setting_key === 'support_email')!
    expect(put.data).toMatchObject({
      id: before.id,
      setting_key: 'support_email',
      setting_value: 'ops@cadence.test',
    })
  })

  test('values are validated against the setting type', async () => {
    const { root } = await setup()
    const put = (key: string, setting_value: string) => setSetting(root, key, setting_value)
    expect(await put('maintenance_mode', 'yes')).toMatchObject({
      status: 400,
      error: { value: { error: "setting_value must be 'true' or 'false'" } },
    })
    expect(await put('max_reports_per_user', 'many')).toMatchObject({
      status: 400,
      error: { value: { error: 'setting_value must be a number' } },
    })
    // A boolean is not a text: the type refuses it, so it goes by path.
    const typed = await root.put('/api/admin/system-settings/maintenance_mode', {
      setting_value: true,
    })
    expect(typed.status).toBe(400)
    expect((await put('no_such_key', 'x')).status).toBe(404)
    expect(await put('maintenance_mode', 'true')).toMatchObject({
      status: 200,
      data: { key: 'maintenance_mode', setting_value: 'true' },
    })
    expect(await put('max_reports_per_user', '100')).toMatchObject({
      status: 200,
      data: { setting_value: '100' },
    })
  })
})

describe('activity log', () => {
  test('records sign-in, report create/submit/delete and settings changes, newest first', async () => {
    const { root, ada } = await setup()
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-16' })).data!
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    await ada.api.reports({ uuid: report.uuid }).delete()
    await ada.api['user-settings'].put({ weekly_start_day: 'sunday' })
    await setSetting(root, 'maintenance_mode', 'true')
    const log = (await root.api.admin['activity-log'].get()).data!
    expect(log.map((e) => e.action)).toEqual([
      'system_setting_updated',
      'settings_updated',
      'report_deleted',
      'report_submitted',
      'report_created',
      'sign_in',
      'sign_in',
    ])
    expect(log[1].user_email).toBe('ada@example.com')
    const limited = (limit: number) => root.api.admin['activity-log'].get({ query: { limit } })
    expect((await limited(2)).data).toHaveLength(2)
    expect((await limited(0)).status).toBe(400)
  })
})

describe("an admin ends a user's sessions", () => {
  test('every session of that user ends; others keep theirs; non-admins 403; a bad or unknown id says so', async () => {
    const { app, root, ada } = await setup()
    const adaLaptop = await signIn(app, 'ada@example.com', 'Ada Lovelace')
    const bob = await signIn(app, 'bob@example.com', 'Bob')
    const adaId = (await ada.api.users.me.get()).data!.id
    // Not an admin: 403, and Ada is still signed in.
    const refused = await bob.post(`/api/admin/users/${adaId}/sessions/end`, {})
    expect(refused.status).toBe(403)
    expect((await ada.api.users.me.get()).status).toBe(200)
    const ended = await root.post(`/api/admin/users/${adaId}/sessions/end`, {})
    expect(ended.status).toBe(200)
    expect(ended.json).toEqual({ ended: 2 })
    for (const client of [ada, adaLaptop])
      expect((await client.api.users.me.get()).status).toBe(401)
    for (const client of [root, bob]) expect((await client.api.users.me.get()).status).toBe(200)
    // Recorded in the activity log, by the admin, about Ada.
    const log = (await root.api.admin['activity-log'].get()).data!
    expect(log.find((e) => e.action === 'user_sessions_ended')).toMatchObject({
      entity_id: String(adaId),
    })
    // Nothing left to end: 0. No such user: 404. Not an id: 400.
    expect((await root.post(`/api/admin/users/${adaId}/sessions/end`, {})).json).toEqual({
      ended: 0,
    })
    const missing = await root.post('/api/admin/users/987654/sessions/end', {})
    expect(missing.status).toBe(404)
    expect(missing.json).toEqual({ error: 'User not found' })
    for (const id of ['x', '0', '-1', '1.5', '2147483648', '1e400'])
      expect((await root.post(`/api/admin/users/${id}/sessions/end`, {})).status).toBe(400)
    expect((await makeClient(app).post(`/api/admin/users/${adaId}/sessions/end`, {})).status).toBe(
      401,
    )
  })
})
