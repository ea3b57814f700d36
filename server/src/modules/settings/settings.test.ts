import { describe, expect, test } from 'bun:test'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

describe('user settings', () => {
  test('a new user has weekly, monday to friday, onboarding not complete', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const res = await ada.api['user-settings'].get()
    expect(res.status).toBe(200)
    expect(res.data!).toMatchObject({
      report_frequency: 'weekly',
      weekly_start_day: 'monday',
      weekly_end_day: 'friday',
      onboarding_complete: false,
    })
  })

  test('each of the three PUT shapes changes only what it carries', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.api['user-settings'].put({
      report_frequency: 'bi-weekly',
      weekly_start_day: 'sunday',
      weekly_end_day: 'thursday',
    })
    await ada.api['user-settings'].put({ weekly_start_day: 'tuesday', weekly_end_day: 'saturday' })
    const res = await ada.api['user-settings'].put({ onboarding_complete: true })
    expect(res.data!).toMatchObject({
      report_frequency: 'bi-weekly',
      weekly_start_day: 'tuesday',
      weekly_end_day: 'saturday',
      onboarding_complete: true,
    })
  })

  test('a bad day or frequency is a 400 and changes nothing', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    // Bodies the types refuse go by path.
    const bad = await ada.put('/api/user-settings', { weekly_start_day: 'someday' })
    expect(bad.status).toBe(400)
    expect(bad.json.error).toContain('weekly_start_day')
    expect((await ada.put('/api/user-settings', { report_frequency: 'daily' })).status).toBe(400)
    expect((await ada.api['user-settings'].get()).data!.weekly_start_day).toBe('monday')
  })

  test('settings need a session and are per user', async () => {
    const { app } = await createTestApp()
    expect((await makeClient(app).api['user-settings'].get()).status).toBe(401)
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    await ada.api['user-settings'].put({ weekly_start_day: 'sunday' })
    expect((await bob.api['user-settings'].get()).data!.weekly_start_day).toBe('monday')
  })

  test('carry-over, the reminder and recipients: defaults, alone or together', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    expect((await ada.api['user-settings'].get()).data!).toMatchObject({
      carry_over: true,
      reminder_enabled: true,
      report_recipients: [],
    })
    expect((await ada.api['user-settings'].put({ reminder_enabled: false })).data!).toMatchObject({
      carry_over: true,
      reminder_enabled: false,
      report_recipients: [],
    })
    const res = await ada.api['user-settings'].put({
      carry_over: false,
      report_recipients: [' Boss@Example.com ', 'boss@example.COM', 'team@example.org'],
    })
    expect(res.status).toBe(200)
    expect(res.data!).toMatchObject({
      carry_over: false,
      reminder_enabled: false,
      report_recipients: ['Boss@Example.com', 'team@example.org'],
    })
    expect((await ada.api['user-settings'].get()).data!.report_recipients).toEqual([
      'Boss@Example.com',
      'team@example.org',
    ])
    expect((await ada.api['user-settings'].put({ report_recipients: [] })).data!).toMatchObject({
      report_recipients: [],
    })
  })

  test('a bad address, more than 20 recipients or a non-boolean is a 400 and changes nothing', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.api['user-settings'].put({ report_recipients: ['keep@example.com'] })
    for (const bad of [
      ['not an address'],
      ['ok@example.com', 'no-at.example.com'],
      ['a@b'],
      [''],
    ]) {
      const res = await ada.api['user-settings'].put({ report_recipients: bad, carry_over: false })
      expect(res.status).toBe(400)
      expect(res.error?.value).toEqual({ error: 'Valid email is required' })
    }
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.com`)
    const tooMany = await ada.api['user-settings'].put({ report_recipients: many })
    expect(tooMany.status).toBe(400)
    expect(tooMany.error?.value).toEqual({ error: 'At most 20 recipients' })
    // 21 entries with one duplicate are 20 recipients.
    const twenty = [...many.slice(0, 20), 'P0@example.com']
    expect((await ada.api['user-settings'].put({ report_recipients: twenty })).status).toBe(200)
    await ada.api['user-settings'].put({ report_recipients: ['keep@example.com'] })
    for (const body of [
      { reminder_enabled: 'yes' },
      { carry_over: 1 },
      { report_recipients: 'keep@example.com' },
      { report_recipients: [42] },
    ]) {
      expect((await ada.put('/api/user-settings', body)).status).toBe(400)
    }
    expect((await ada.api['user-settings'].get()).data!).toMatchObject({
      carry_over: true,
      reminder_enabled: true,
      report_recipients: ['keep@example.com'],
    })
  })

  test('the account export carries the new settings and an import restores them', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.api['user-settings'].put({
      carry_over: false,
      reminder_enabled: false,
      report_recipients: ['boss@example.com'],
    })
    const doc = (await ada.api.export.get()).data!
    expect(doc.settings).toMatchObject({
      carry_over: false,
      reminder_enabled: false,
      report_recipients: ['boss@example.com'],
    })
    const bob = await signIn(app, 'bob@example.com')
    expect((await bob.api.import.post(doc)).status).toBe(200)
    expect((await bob.api['user-settings'].get()).data).toMatchObject({
      carry_over: false,
      reminder_enabled: false,
      report_recipients: ['boss@example.com'],
    })
    // A bad address in a document refuses the import and changes nothing.
    const carol = await signIn(app, 'carol@example.com')
    const bad = { ...doc, settings: { ...doc.settings, report_recipients: ['nope'] } }
    const res = await carol.api.import.post(bad)
    expect(res.status).toBe(400)
    expect((await carol.api['user-settings'].get()).data!).toMatchObject({
      carry_over: true,
      report_recipients: [],
    })
  })
})

describe('the memo header and the document (issue 41)', () => {
  test('organisation, confidentiality line, paper size and the PDF attachment: saved and answered', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    expect((await ada.api.settings.get()).data!).toMatchObject({
      organisation_name: null,
      confidentiality_line: null,
      paper_size: 'letter',
      email_attach_pdf: false,
    })
    const put = await ada.api.settings.put({
      organisation_name: '  Northwind  ',
      confidentiality_line: 'Confidential — board only',
      paper_size: 'a4',
      email_attach_pdf: true,
    })
    expect(put.status).toBe(200)
    expect((await ada.api.settings.get()).data!).toMatchObject({
      organisation_name: 'Northwind',
      confidentiality_line: 'Confidential — board only',
      paper_size: 'a4',
      email_attach_pdf: true,
    })
    // The account export carries them and an import restores them.
    const doc = (await ada.api.export.get()).data!
    const bob = await signIn(app, 'bob@example.com')
    expect((await bob.api.import.post(doc)).status).toBe(200)
    expect((await bob.api.settings.get()).data!).toMatchObject({
      organisation_name: 'Northwind',
      confidentiality_line: 'Confidential — board only',
      paper_size: 'a4',
      email_attach_pdf: true,
    })
    // Blank clears a line.
    await ada.api.settings.put({ confidentiality_line: '  ' })
    expect((await ada.api.settings.get()).data!.confidentiality_line).toBeNull()
  })

  test('bad values are a 400 with an error and change nothing', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.api.settings.put({ organisation_name: 'Northwind', paper_size: 'a4' })
    for (const body of [
      { paper_size: 'legal' },
      { paper_size: null },
      { organisation_name: 'x'.repeat(121) },
      { organisation_name: 'two\nlines' },
      { confidentiality_line: 'x'.repeat(201) },
      { confidentiality_line: 'tab\there' },
      { confidentiality_line: 7 },
      { email_attach_pdf: 'yes' },
    ]) {
      const res = await ada.put('/api/settings', {
        ...body,
        email_attach_pdf: body.email_attach_pdf ?? true,
      })
      expect(res.status).toBe(400)
      expect(res.json.error).toBeString()
    }
    expect((await ada.api.settings.get()).data!).toMatchObject({
      organisation_name: 'Northwind',
      confidentiality_line: null,
      paper_size: 'a4',
      email_attach_pdf: false,
    })
  })

  test("PUT /api/users/me sets the author's name and title; bad ones are a 400", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    const res = await ada.api.users.me.put({ name: ' Ada Lovelace ', display_title: 'CEO' })
    expect(res.status).toBe(200)
    expect(res.data!).toMatchObject({ name: 'Ada Lovelace', display_title: 'CEO' })
    expect((await ada.api.users.me.get()).data!).toMatchObject({
      name: 'Ada Lovelace',
      display_title: 'CEO',
    })
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(121) },
      { name: 'a\nb' },
      { display_title: 'x'.repeat(121) },
      { display_title: 'a\u0007' },
      { name: 5 },
    ]) {
      const bad = await ada.put('/api/users/me', body)
      expect(bad.status).toBe(400)
      expect(bad.json.error).toBeString()
    }
    expect((await ada.api.users.me.get()).data!).toMatchObject({
      name: 'Ada Lovelace',
      display_title: 'CEO',
    })
    // The memo header says it: the brief's author.
    await ada.api.settings.put({ organisation_name: 'Northwind' })
    await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
    const report = (
      await ada.api.reports.post({ week_start_date: '2026-11-23', carry_over: false })
    ).data!
    const share = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 7 }))
      .data!
    const shared = await makeClient(app).get(`/api/shared/${share.url.split('/r/')[1]}`)
    expect(shared.json.report).toMatchObject({
      author: { name: 'Ada Lovelace', title: 'CEO' },
      organisation_name: 'Northwind',
    })
  })
})
