// The e-mail path against a real SMTP server (smtp-server on 127.0.0.1, a random port): Send,
// retries with backoff, Retry, the weekly reminder and restarts on a database file.
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc, eq } from 'drizzle-orm'
import {
  closedPort,
  leaves,
  startTestSmtp,
  type TestSmtp,
} from '../../../../testing/smtp-test-server'
import { createApp } from '../../../app'
import { loadConfig } from '../../../config'
import { type Db, openDatabase } from '../../../db'
import { openPostgres } from '../../../db/pg'
import { deliveries, userSettings, users } from '../../../db/schema'
import { freshTestDatabaseUrl, testEngine } from '../../../test/engines'
import { createTestApp, makeClient, ORIGIN, signIn } from '../../../test/helpers'
import { MAX_ATTEMPTS, queueReminders, queueTeamReminders, sendDueDeliveries } from './mail'
import { type Mailer, smtpTransport, startMailer } from './mail-worker'

const MAIL_FROM = 'Cadence Reports <reports@cadence.test>'
let smtp: TestSmtp
const cleanups: (() => unknown)[] = []

beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(() => smtp.close())
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn()
  smtp.received.length = 0
  smtp.reject = null
})

type Ctx = Awaited<ReturnType<typeof createTestApp>>

/** The test server offers no STARTTLS, so these apps opt out of the TLS requirement (said once). */
const PLAIN = { SMTP_REQUIRE_TLS: 'off' }

async function mailApp(env: Record<string, string> = {}) {
  return await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM, ...PLAIN, ...env })
}

const plainTransport = (url: string) => smtpTransport(url, { requireTls: false })

async function userId(db: Ctx['db'], email: string) {
  const [user] = await db.orm.select().from(users).where(eq(users.email, email))
  return user.id
}

/** The settings as the Settings screen stores them (the settings module validates them). */
async function setSettings(
  db: Ctx['db'],
  email: string,
  values: Partial<typeof userSettings.$inferInsert> & { recipients?: string[] },
) {
  const id = await userId(db, email)
  const { recipients, ...rest } = values
  await db.orm.insert(userSettings).values({ user_id: id }).onConflictDoNothing()
  await db.orm
    .update(userSettings)
    .set({ ...rest, ...(recipients && { report_recipients: JSON.stringify(recipients) }) })
    .where(eq(userSettings.user_id, id))
}

async function reportWithItems(ctx: Ctx, email = 'ada@example.com', week = '2026-11-16') {
  const ada = await signIn(ctx.app, email)
  await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
  await ada.api['section-templates'].post({ name: 'Tasks', type: 'tasks' })
  const project = (await ada.api.projects.post({ name: 'Apollo' })).data!
  const grace = (await ada.api['team-members'].post({ name: 'Grace', email: 'g@example.com' }))
    .data!
  const report = (await ada.api.reports.post({ week_start_date: week, title: 'Launch week' })).data!
  const [highlights, tasks] = report.sections
  await ada.api['section-items'].post({ section_id: highlights.id, content: 'Beta is live' })
  await ada.api['section-items'].post({
    section_id: tasks.id,
    content: 'Ship <v2> & tell',
    item_type: 'task',
    project_id: project.id,
    assigned_to_team_member_id: grace.id,
  })
  return { ada, report }
}

const send = (client: ReturnType<typeof makeClient>, uuid: string) =>
  client.api.reports({ uuid }).put({ is_submitted: true })

const rows = (db: Ctx['db']) => db.orm.select().from(deliveries).orderBy(asc(deliveries.id))

function mailer(ctx: Ctx, options: Parameters<typeof startMailer>[1] = {}) {
  // Reminders off: these tests run on any day, and a reminder must not add a message.
  const m = startMailer(ctx, { pollMs: 60_000, reminders: false, ...options })
  cleanups.push(() => m.stop())
  return m
}

describe('report e-mail on Send', () => {
  test('Send records the delivery at once; the mailer sends HTML and text to the recipients', async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    // Through Settings, which trims the addresses and drops duplicates.
    const settings = await ada.api['user-settings'].put({
      report_recipients: [' boss@example.com', 'board@example.com', 'BOSS@example.com'],
    })
    expect(settings.status).toBe(200)
    const res = await send(ada, report.uuid)
    expect(res.status).toBe(200)
    expect(res.data!.is_submitted).toBe(true)
    // Recorded, not yet sent: the Send answered without waiting for SMTP.
    const [queued] = (await ada.api.reports({ uuid: report.uuid }).deliveries.get()).data!
    expect(queued).toMatchObject({
      kind: 'report',
      recipients: ['boss@example.com', 'board@example.com'],
      status: 'pending',
      attempts: 0,
      last_error: null,
      sent_at: null,
    })
    expect(smtp.received).toHaveLength(0)

    mailer(ctx)
    // One message per recipient, that recipient alone in To:.
    const mails = (await smtp.waitFor(2)).toSorted((x, y) => x.rcptTo[0].localeCompare(y.rcptTo[0]))
    expect(mails.map((m) => m.rcptTo)).toEqual([['board@example.com'], ['boss@example.com']])
    const tokens = new Set<string>()
    for (const mail of mails) {
      const [to] = mail.rcptTo
      expect(mail.mailFrom).toBe('reports@cadence.test')
      const h = mail.message.headers
      // From the author by name, at the configured address; answers go to the author.
      expect(h.get('from')).toBe('ada via Cadence <reports@cadence.test>')
      expect(h.get('to')).toBe(to)
      expect(h.get('reply-to')).toBe('ada@example.com')
      expect(h.get('subject')).toBe(`Weekly Report, Nov 16 – Nov 20, 2026 — Launch week`)
      expect(mail.message.contentType).toBe('multipart/alternative')
      const parts = leaves(mail.message)
      const text = parts.find((p) => p.contentType === 'text/plain')!
      const html = parts.find((p) => p.contentType === 'text/html')!
      expect(text.body).toContain('Weekly Report\nNov 16 – Nov 20, 2026\nFrom ada')
      expect(text.body).toContain('• Beta is live')
      expect(text.body).toContain('Apollo:\n☐ Ship <v2> & tell (Assigned to Grace)')
      expect(text.body).toContain('End of Report')
      expect(html.body).toContain('>Weekly Report</h1>')
      expect(html.body).toContain('Ship &lt;v2&gt; &amp; tell')
      expect(html.body).toContain('Assigned to Grace')
      // The recipient's own link, in both parts; it opens their page (GET changes nothing).
      const token = /\/r\/([A-Za-z0-9_-]+)/.exec(text.body)?.[1] ?? ''
      expect(token.length).toBeGreaterThan(20)
      expect(html.body).toContain(`${ORIGIN}/r/${token}`)
      expect(text.body).not.toContain(to === 'boss@example.com' ? 'board@' : 'boss@')
      tokens.add(token)
      const page = await makeClient(ctx.app).api.shared({ token }).get()
      expect(page.status).toBe(200)
    }
    expect(tokens.size).toBe(2)

    await Bun.sleep(20)
    const [sent] = (await ada.api.reports({ uuid: report.uuid }).deliveries.get()).data!
    expect(sent).toMatchObject({ id: queued.id, status: 'sent', attempts: 1, last_error: null })
    expect(Date.parse(sent.sent_at ?? '')).toBeGreaterThan(0)
  })

  test('a running mailer is woken by the Send: the e-mail goes out without waiting for a poll', async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    await setSettings(ctx.db, 'ada@example.com', { recipients: ['boss@example.com'] })
    mailer(ctx, { pollMs: 600_000 })
    await Bun.sleep(50)
    await send(ada, report.uuid)
    // The poll is ten minutes away: an e-mail within this wait can only come from the wake-up.
    const [mail] = await smtp.waitFor(1, 25_000)
    expect(mail.rcptTo).toEqual(['boss@example.com'])
  })

  test('only the false→true change sends; no recipients or no SMTP records nothing', async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    // No recipients yet: sent, nothing recorded.
    expect((await send(ada, report.uuid)).data!.is_submitted).toBe(true)
    expect(await rows(ctx.db)).toHaveLength(0)
    await setSettings(ctx.db, 'ada@example.com', { recipients: ['boss@example.com'] })
    // Already sent: saving again records nothing; back to draft and Send again records one.
    await send(ada, report.uuid)
    await ada.api.reports({ uuid: report.uuid }).put({ title: 'Renamed' })
    expect(await rows(ctx.db)).toHaveLength(0)
    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: false })
    await send(ada, report.uuid)
    expect(await rows(ctx.db)).toHaveLength(1)

    // Without SMTP_URL: Send only marks the report sent.
    const plain = await createTestApp()
    const bob = await reportWithItems(plain, 'bob@example.com')
    await setSettings(plain.db, 'bob@example.com', { recipients: ['boss@example.com'] })
    const res = await send(bob.ada, bob.report.uuid)
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({ is_submitted: true })
    expect(res.data!.sent_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(await rows(plain.db)).toHaveLength(0)
    expect((await bob.ada.api.reports({ uuid: bob.report.uuid }).deliveries.get()).data!).toEqual(
      [],
    )
  })

  test('unreadable stored recipients never fail the Send', async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    await setSettings(ctx.db, 'ada@example.com', { report_recipients: '{not json' })
    const res = await send(ada, report.uuid)
    expect(res.status).toBe(200)
    expect(res.data!.is_submitted).toBe(true)
    expect(await rows(ctx.db)).toHaveLength(0)
  })
})

describe('failures, backoff and Retry', () => {
  test('a refusing server: retried after 1, 5, 15 and 60 minutes, then failed; Retry sends it', async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    await setSettings(ctx.db, 'ada@example.com', { recipients: ['boss@example.com'] })
    await send(ada, report.uuid)
    const transport = plainTransport(smtp.url)
    cleanups.push(() => transport.close())
    smtp.reject = 'Mailbox unavailable'

    let now = new Date(Date.now() + 1000)
    const waits: number[] = []
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await sendDueDeliveries(ctx, transport, now)).toBe(0)
      const [row] = await rows(ctx.db)
      expect(row.attempts).toBe(attempt)
      expect(row.last_error).toBe('The mail server refused the message (550)')
      if (attempt === MAX_ATTEMPTS) {
        expect(row.status).toBe('failed')
        break
      }
      expect(row.status).toBe('pending')
      const next = new Date(row.next_attempt_at)
      // Measured from the failed attempt, a few milliseconds after the batch's `now`.
      waits.push(Math.round((next.getTime() - now.getTime()) / 60_000))
      // Not due a moment before its time: nothing is attempted.
      await sendDueDeliveries(ctx, transport, new Date(next.getTime() - 1000))
      expect((await rows(ctx.db))[0].attempts).toBe(attempt)
      now = next
    }
    expect(waits).toEqual([1, 5, 15, 60])
    expect(smtp.received).toHaveLength(0)
    const [failed] = (await ada.api.reports({ uuid: report.uuid }).deliveries.get()).data!
    expect(failed).toMatchObject({ status: 'failed', attempts: 5 })
    expect(failed.last_error).toContain('550')

    // Another user's delivery is not found; a delivery that has not failed cannot be retried.
    const bob = await signIn(ctx.app, 'bob@example.com')
    expect((await bob.api.deliveries({ id: failed.id }).retry.post()).status).toBe(404)
    expect((await bob.api.reports({ uuid: report.uuid }).deliveries.get()).status).toBe(404)
    expect((await ada.api.deliveries({ id: 999_999 }).retry.post()).status).toBe(404)
    // An id the types refuse goes by its path.
    expect((await ada.post('/api/deliveries/abc/retry')).status).toBe(400)
    expect((await rows(ctx.db))[0].status).toBe('failed')

    smtp.reject = null
    const retried = await ada.api.deliveries({ id: failed.id }).retry.post()
    expect(retried.status).toBe(200)
    expect(retried.data).toMatchObject({ status: 'pending', attempts: 0 })
    expect((await ada.api.deliveries({ id: failed.id }).retry.post()).error?.value).toEqual({
      error: 'Only a failed delivery can be retried',
    })
    expect(await sendDueDeliveries(ctx, transport)).toBe(1)
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0].rcptTo).toEqual(['boss@example.com'])
    const [sent] = (await ada.api.reports({ uuid: report.uuid }).deliveries.get()).data!
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
  })

  test('two senders on one database send a delivery once; a deleted report is not mailed', async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    await setSettings(ctx.db, 'ada@example.com', { recipients: ['boss@example.com'] })
    await send(ada, report.uuid)
    const a = plainTransport(smtp.url)
    const b = plainTransport(smtp.url)
    cleanups.push(
      () => a.close(),
      () => b.close(),
    )
    const later = new Date(Date.now() + 1000)
    const counts = await Promise.all([
      sendDueDeliveries(ctx, a, later),
      sendDueDeliveries(ctx, b, later),
    ])
    expect(counts.sort()).toEqual([0, 1])
    expect(smtp.received).toHaveLength(1)

    await ada.api.reports({ uuid: report.uuid }).put({ is_submitted: false })
    await send(ada, report.uuid)
    await ada.api.reports({ uuid: report.uuid }).delete()
    expect(await sendDueDeliveries(ctx, a, new Date(Date.now() + 1000))).toBe(0)
    expect(smtp.received).toHaveLength(1)
    const orphan = (await rows(ctx.db)).find((r) => r.status !== 'sent')!
    expect(orphan.report_id).toBeNull()
    expect(orphan).toMatchObject({ status: 'failed', last_error: 'The report was deleted' })
  })

  test('a closed port: the attempt fails, is recorded and retried later', async () => {
    const ctx = await mailApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` })
    const { ada, report } = await reportWithItems(ctx)
    await setSettings(ctx.db, 'ada@example.com', { recipients: ['boss@example.com'] })
    await send(ada, report.uuid)
    const m = mailer(ctx)
    await m.tick()
    const [row] = await rows(ctx.db)
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row.last_error).toBe('Could not connect to the mail server')
    expect(Date.parse(row.next_attempt_at) - Date.now()).toBeGreaterThan(50_000)
  })

  test('wrong SMTP credentials fail the attempt', async () => {
    const ctx = await mailApp({ SMTP_URL: `smtp://mailer:wrong@127.0.0.1:${smtp.port}` })
    const { ada, report } = await reportWithItems(ctx)
    await setSettings(ctx.db, 'ada@example.com', { recipients: ['boss@example.com'] })
    await send(ada, report.uuid)
    await mailer(ctx).tick()
    expect((await rows(ctx.db))[0]).toMatchObject({ status: 'pending', attempts: 1 })
    expect((await rows(ctx.db))[0].last_error).toBe(
      "The mail server did not accept Cadence's sign-in (535); the administrator should check SMTP_URL",
    )
    expect(smtp.received).toHaveLength(0)
  })
})

// Security review item 9: TLS by default, and no mail-server details in what users read.
describe('SMTP transport security', () => {
  test('by default an smtp:// server that offers no STARTTLS gets nothing: no sign-in, no report', async () => {
    const ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM })
    expect(ctx.config.smtp?.requireTls).toBe(true)
    const { ada, report } = await reportWithItems(ctx)
    await setSettings(ctx.db, 'ada@example.com', { recipients: ['boss@example.com'] })
    await send(ada, report.uuid)
    await mailer(ctx).tick()
    const [row] = await rows(ctx.db)
    expect(row).toMatchObject({ status: 'pending', attempts: 1 })
    expect(row.last_error).toBe(
      'The mail server offered no encrypted connection, so nothing was sent; the administrator should check SMTP_URL or SMTP_REQUIRE_TLS',
    )
    expect(smtp.received).toHaveLength(0)
  })

  test("the user reads no host, address or server text; the server log has the mail server's reply", async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    await setSettings(ctx.db, 'ada@example.com', { recipients: ['boss@example.com'] })
    await send(ada, report.uuid)
    smtp.reject = 'Relaying denied by mx7.internal.example [10.9.8.7] (Postfix 3.7)'
    const transport = plainTransport(smtp.url)
    cleanups.push(() => transport.close())
    const logged: string[] = []
    const warn = spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      logged.push(args.join(' '))
    })
    try {
      await sendDueDeliveries(ctx, transport, new Date(Date.now() + 1000))
    } finally {
      warn.mockRestore()
    }
    const [shown] = (await ada.api.reports({ uuid: report.uuid }).deliveries.get()).data!
    expect(shown.last_error).toBe('The mail server refused the message (550)')
    for (const detail of ['mx7', '10.9.8.7', 'Postfix', '127.0.0.1'])
      expect(shown.last_error).not.toContain(detail)
    expect(logged.join('\n')).toContain('Relaying denied by mx7.internal.example [10.9.8.7]')
    expect(logged.join('\n')).toContain(`Mail delivery ${shown.id} failed`)

    // A server that cannot be reached: the address it was tried at stays in the log.
    const closed = await mailApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` })
    const bob = await reportWithItems(closed, 'bob@example.com')
    await setSettings(closed.db, 'bob@example.com', { recipients: ['boss@example.com'] })
    await send(bob.ada, bob.report.uuid)
    const quiet = spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await mailer(closed).tick()
    } finally {
      quiet.mockRestore()
    }
    const [unreachable] = (await bob.ada.api.reports({ uuid: bob.report.uuid }).deliveries.get())
      .data!
    expect(unreachable.last_error).toBe('Could not connect to the mail server')
    expect(unreachable.last_error).not.toContain('127.0.0.1')
  })
})

describe('weekly reminder', () => {
  // Friday 2026-11-20 is the default week end day of the week starting Monday 2026-11-16.
  const FRI_0859 = new Date('2026-11-20T08:59:59Z')
  const FRI_0900 = new Date('2026-11-20T09:00:00Z')
  const FRI_1700 = new Date('2026-11-20T17:00:00Z')
  const THU_1000 = new Date('2026-11-19T10:00:00Z')
  const NEXT_FRI = new Date('2026-11-27T09:30:00Z')

  test('on the week end day from 09:00 UTC, once per week, to the user, not when disabled', async () => {
    const ctx = await mailApp()
    await signIn(ctx.app, 'ada@example.com')
    await signIn(ctx.app, 'off@example.com')
    await setSettings(ctx.db, 'off@example.com', { reminder_enabled: false })
    const q = (now: Date) => queueReminders(ctx.db, ctx.config, now)
    expect(await q(THU_1000)).toBe(0)
    expect(await q(FRI_0859)).toBe(0)
    expect(await q(FRI_0900)).toBe(1)
    expect(await q(FRI_1700)).toBe(0)
    const [reminder] = await rows(ctx.db)
    expect(reminder).toMatchObject({
      kind: 'reminder',
      user_id: await userId(ctx.db, 'ada@example.com'),
      week_start_date: '2026-11-16',
      recipients: '["ada@example.com"]',
      report_id: null,
    })
    const transport = plainTransport(smtp.url)
    cleanups.push(() => transport.close())
    expect(await sendDueDeliveries(ctx, transport, FRI_1700)).toBe(1)
    expect(await sendDueDeliveries(ctx, transport, FRI_1700)).toBe(0)
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]
    expect(mail.rcptTo).toEqual(['ada@example.com'])
    expect(mail.message.headers.get('from')).toBe(MAIL_FROM)
    expect(mail.message.headers.get('subject')).toBe(
      'Reminder: your weekly report for Nov 16 - Nov 20, 2026',
    )
    const text = leaves(mail.message).find((p) => p.contentType === 'text/plain')!.body
    expect(text).toContain('You have not started your weekly report for Nov 16 - Nov 20, 2026')
    expect(text).toContain(`${ORIGIN}/reports`)
    expect(leaves(mail.message).some((p) => p.contentType === 'text/html')).toBe(true)
    // The next week gets its own reminder.
    expect(await q(NEXT_FRI)).toBe(1)
    expect((await rows(ctx.db)).map((r) => r.week_start_date)).toEqual(['2026-11-16', '2026-11-23'])
  })

  test("the user's own week: end day and start day from the settings", async () => {
    const ctx = await mailApp()
    await signIn(ctx.app, 'sun@example.com')
    await setSettings(ctx.db, 'sun@example.com', {
      weekly_start_day: 'wednesday',
      weekly_end_day: 'tuesday',
    })
    expect(await queueReminders(ctx.db, ctx.config, FRI_0900)).toBe(0)
    // Tuesday 2026-11-24 ends the week that started Wednesday 2026-11-18.
    expect(await queueReminders(ctx.db, ctx.config, new Date('2026-11-24T09:00:00Z'))).toBe(1)
    expect((await rows(ctx.db))[0].week_start_date).toBe('2026-11-18')
  })

  test("not when this week's report is sent; yes when it exists as a draft", async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    const bob = await reportWithItems(ctx, 'bob@example.com')
    await send(ada, report.uuid)
    expect(await queueReminders(ctx.db, ctx.config, FRI_0900)).toBe(1)
    const [reminder] = await rows(ctx.db)
    expect(reminder.user_id).toBe(await userId(ctx.db, 'bob@example.com'))
    const transport = plainTransport(smtp.url)
    cleanups.push(() => transport.close())
    await sendDueDeliveries(ctx, transport, FRI_0900)
    const text = leaves(smtp.received[0].message).find((p) => p.contentType === 'text/plain')!
    expect(text.body).toContain('Your weekly report for Nov 16 - Nov 20, 2026 is not sent yet.')
    expect(text.body).toContain(`${ORIGIN}/reports/${bob.report.uuid}`)
  })

  test('a reminder queued before the report is sent is not mailed after it', async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    expect(await queueReminders(ctx.db, ctx.config, FRI_0900)).toBe(1)
    await send(ada, report.uuid)
    const transport = plainTransport(smtp.url)
    cleanups.push(() => transport.close())
    expect(await sendDueDeliveries(ctx, transport, FRI_0900)).toBe(0)
    expect(smtp.received).toHaveLength(0)
    expect((await rows(ctx.db))[0]).toMatchObject({ status: 'failed' })
    expect(await queueReminders(ctx.db, ctx.config, FRI_1700)).toBe(0)
  })

  test('without SMTP no reminder is recorded', async () => {
    const ctx = await createTestApp()
    await signIn(ctx.app, 'ada@example.com')
    expect(await queueReminders(ctx.db, ctx.config, FRI_0900)).toBe(0)
    expect(await rows(ctx.db)).toHaveLength(0)
  })

  test('a restart (a fresh mailer on the same database file) does not resend', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cadence-mail-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const path = join(dir, 'weekly.db')
    // The same database twice: a file on SQLite, one database on PostgreSQL.
    const url = testEngine() === 'pg' ? await freshTestDatabaseUrl() : null
    const config = loadConfig({
      DATABASE_PATH: path,
      PUBLIC_URL: ORIGIN,
      SMTP_URL: smtp.url,
      MAIL_FROM,
      ...PLAIN,
    })
    const boot = async (clock: Date) => {
      const db: Db = url ? await openPostgres(url, { max: 2 }) : openDatabase(path)
      const app = createApp({ db, config, signInLimit: 10_000 })
      const m: Mailer = startMailer({ db, config }, { now: () => clock, pollMs: 60_000 })
      return {
        app,
        db,
        m,
        stop: async () => {
          await m.stop()
          await db.close()
        },
      }
    }
    // First run: started at 09:00 on the week end day, it records and sends the reminder.
    const first = await boot(FRI_0900)
    await signIn(first.app, 'ada@example.com')
    await first.m.tick()
    await smtp.waitFor(1)
    await first.m.tick()
    await first.stop()
    // Restart later the same day on the same file: nothing new is recorded or sent.
    const second = await boot(FRI_1700)
    cleanups.push(second.stop)
    await second.m.tick()
    await Bun.sleep(100)
    expect(smtp.received).toHaveLength(1)
    const all = await second.db.orm.select().from(deliveries)
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({ kind: 'reminder', status: 'sent', attempts: 1 })
  })
})

describe('team roll-up mail', () => {
  const FRI_0900 = new Date('2026-11-20T09:00:00Z')
  const FRI_1700 = new Date('2026-11-20T17:00:00Z')

  /** Ada and Bea both have Tom on their team (linked); Ada asks for team reminders. */
  async function team() {
    const ctx = await mailApp()
    const ada = await signIn(ctx.app, 'ada@example.com', 'Ada Lovelace')
    const bea = await signIn(ctx.app, 'bea@example.com', 'Bea Hale')
    const tom = await signIn(ctx.app, 'tom@example.com', 'Tom Reed')
    for (const boss of [ada, bea]) {
      const m = (await boss.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' }))
        .data!
      const inv = (await boss.api['team-members']({ uuid: m.uuid }).invitations.post()).data!
      // With SMTP set, the invitation is e-mailed at once to the member's address.
      expect(inv.emailed).toBe(true)
      const accepted = await tom.api
        .invitations({ invitation: inv.url.split('/invite/')[1] })
        .accept.post()
      expect(accepted.status).toBe(200)
    }
    expect((await ada.api.settings.put({ team_reminder_enabled: true })).status).toBe(200)
    return { ctx, ada, bea, tom }
  }

  test('the invitation e-mail carries the link to the member, once', async () => {
    const ctx = await mailApp()
    const ada = await signIn(ctx.app, 'ada@example.com', 'Ada Lovelace')
    const m = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' })).data!
    const inv = (await ada.api['team-members']({ uuid: m.uuid }).invitations.post()).data!
    expect(inv.emailed).toBe(true)
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]
    expect(mail.rcptTo).toEqual(['tom@example.com'])
    expect(mail.message.headers.get('subject')).toBe('Ada Lovelace invited you to Cadence')
    const text = leaves(mail.message).find((p) => p.contentType === 'text/plain')!.body
    expect(text).toContain(inv.url)
    expect(text).toContain('Ada Lovelace invited you to Cadence as Tom')
    // Nothing waits in the queue with the link in it.
    expect(await rows(ctx.db)).toEqual([])
  })

  test('a failed invitation e-mail still answers the link to send by hand', async () => {
    const ctx = await mailApp()
    const ada = await signIn(ctx.app, 'ada@example.com')
    const m = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' })).data!
    smtp.reject = 'mailbox unavailable'
    const inv = await ada.api['team-members']({ uuid: m.uuid }).invitations.post()
    expect(inv.status).toBe(201)
    expect(inv.data!.emailed).toBe(false)
    expect(inv.data!.url).toContain('/invite/')
  })

  test('members who have not sent are reminded once per week, however many teams they are on', async () => {
    const { ctx, bea } = await team()
    smtp.received.length = 0
    expect(await queueTeamReminders(ctx.db, ctx.config, FRI_0900)).toBe(1)
    expect(await queueTeamReminders(ctx.db, ctx.config, FRI_1700)).toBe(0)
    // Bea asks too: still once for Tom this week.
    await bea.api.settings.put({ team_reminder_enabled: true })
    expect(await queueTeamReminders(ctx.db, ctx.config, FRI_1700)).toBe(0)
    const [reminder] = await rows(ctx.db)
    expect(reminder).toMatchObject({
      kind: 'team_reminder',
      user_id: await userId(ctx.db, 'tom@example.com'),
      week_start_date: '2026-11-16',
      recipients: '["tom@example.com"]',
    })
    const transport = plainTransport(smtp.url)
    cleanups.push(() => transport.close())
    expect(await sendDueDeliveries(ctx, transport, FRI_1700)).toBe(1)
    const text = leaves(smtp.received[0].message).find((p) => p.contentType === 'text/plain')!.body
    expect(text).toContain('Ada Lovelace, Bea Hale read it in Team updates once you send it.')
  })

  test('not for a member who sent, nor once unlinked, nor on another day', async () => {
    const { ctx, ada, tom } = await team()
    expect(await queueTeamReminders(ctx.db, ctx.config, new Date('2026-11-19T10:00:00Z'))).toBe(0)
    const report = (await tom.api.reports.post({ week_start_date: '2026-11-16' })).data!
    await tom.api.reports({ uuid: report.uuid }).put({ is_submitted: true })
    expect(await queueTeamReminders(ctx.db, ctx.config, FRI_0900)).toBe(0)
    await tom.api.reports({ uuid: report.uuid }).put({ is_submitted: false })
    const member = (await ada.api['team-members'].get()).data![0]
    expect((await ada.api['team-members']({ uuid: member.uuid }).link.delete()).status).toBe(200)
    expect(await queueTeamReminders(ctx.db, ctx.config, FRI_0900)).toBe(0)
  })
})

describe("readers' questions", () => {
  test('the author is e-mailed the unanswered questions of a brief, several in one e-mail, all escaped', async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    await send(ada, report.uuid)
    const share = (
      await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const token = share.url.split('/r/')[1]
    const questions = makeClient(ctx.app).api.shared({ token }).questions
    const itemId = (await ada.api.reports({ uuid: report.uuid }).get()).data!.sections[0].items[0]
      .id
    const ask = (body: Parameters<typeof questions.post>[0]) => questions.post(body)
    expect(
      (await ask({ name: 'Maria', text: 'Why is <b>Apollo</b> late?', item_id: itemId })).status,
    ).toBe(201)
    expect((await ask({ name: 'Li & co', text: 'What does the board need?' })).status).toBe(201)
    // One e-mail waits for both, due a little later (more questions join it meanwhile).
    const waiting = (await rows(ctx.db)).filter((r) => r.kind === 'question')
    expect(waiting).toHaveLength(1)
    expect(waiting[0]).toMatchObject({ status: 'pending', recipients: '["ada@example.com"]' })
    expect(Date.parse(waiting[0].next_attempt_at) - Date.now()).toBeGreaterThan(60_000)
    // It is not one of the report's deliveries (those go to its readers).
    expect((await ada.api.reports({ uuid: report.uuid }).deliveries.get()).data!).toEqual([])

    const transport = plainTransport(smtp.url)
    cleanups.push(() => transport.close())
    expect(await sendDueDeliveries(ctx, transport, new Date(Date.now() + 3 * 60_000))).toBe(1)
    const [mail] = smtp.received
    expect(mail.rcptTo).toEqual(['ada@example.com'])
    expect(mail.message.headers.get('subject')).toBe(
      '2 questions on your brief for Nov 16 - Nov 20, 2026',
    )
    const parts = leaves(mail.message)
    const text = parts.find((p) => p.contentType === 'text/plain')!.body
    const html = parts.find((p) => p.contentType === 'text/html')!.body
    expect(text).toContain('Maria asked: Why is <b>Apollo</b> late?\n  On "Beta is live"')
    expect(text).toContain('Li & co asked: What does the board need?\n  On the whole report')
    expect(text).toContain(`http://localhost:3000/reports/${report.uuid}`)
    expect(html).toContain('Why is &lt;b&gt;Apollo&lt;/b&gt; late?')
    expect(html).toContain('<strong>Li &amp; co</strong>')
    expect(html).not.toContain('<b>Apollo')

    // The next question starts a new e-mail; answered before it goes, it is not sent at all.
    await ask({ name: 'Maria', text: 'And the budget?' })
    const open = (await ada.api.questions.get()).data!.questions
    for (const q of open) await ada.api.questions({ id: q.id }).put({ answer: 'On it' })
    expect(await sendDueDeliveries(ctx, transport, new Date(Date.now() + 3 * 60_000))).toBe(0)
    expect(smtp.received).toHaveLength(1)
    const last = (await rows(ctx.db)).filter((r) => r.kind === 'question').at(-1)
    expect(last?.status).not.toBe('pending')
  })

  test('answers to asks reach the author the same way: one e-mail per brief per window, escaped', async () => {
    const ctx = await mailApp()
    const { ada, report } = await reportWithItems(ctx)
    const itemId = (await ada.api.reports({ uuid: report.uuid }).get()).data!.sections[0].items[0]
      .id
    await ada.api['section-items']({ id: itemId }).put({ is_ask: true })
    const share = (
      await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const token = share.url.split('/r/')[1]
    const reader = makeClient(ctx.app).api.shared({ token })
    const answers = reader.asks({ item_id: itemId }).answers
    const answer = (body: Parameters<typeof answers.post>[0]) => answers.post(body)
    expect((await answer({ name: 'Maria', answer: 'approve' })).status).toBe(201)
    expect(
      (await answer({ name: 'Li & co', answer: 'comment', text: 'Only <b>half</b>' })).status,
    ).toBe(201)
    const waiting = (await rows(ctx.db)).filter((r) => r.kind === 'question')
    expect(waiting).toHaveLength(1)
    const transport = plainTransport(smtp.url)
    cleanups.push(() => transport.close())
    expect(await sendDueDeliveries(ctx, transport, new Date(Date.now() + 3 * 60_000))).toBe(1)
    const [mail] = smtp.received
    expect(mail.rcptTo).toEqual(['ada@example.com'])
    expect(mail.message.headers.get('subject')).toBe(
      '2 answers to your asks on your brief for Nov 16 - Nov 20, 2026',
    )
    const parts = leaves(mail.message)
    const text = parts.find((p) => p.contentType === 'text/plain')!.body
    const html = parts.find((p) => p.contentType === 'text/html')!.body
    expect(text).toContain('Maria approved "Beta is live"')
    expect(text).toContain('Li & co commented on "Beta is live": Only <b>half</b>')
    expect(html).toContain('Only &lt;b&gt;half&lt;/b&gt;')
    expect(html).not.toContain('<b>half')
    // The answers already e-mailed are not e-mailed again.
    await reader.questions.post({ name: 'Sam', text: 'When?' })
    expect(await sendDueDeliveries(ctx, transport, new Date(Date.now() + 6 * 60_000))).toBe(1)
    const second = leaves(smtp.received[1].message).find((p) => p.contentType === 'text/plain')!
    expect(second.body).toContain('Sam asked: When?')
    expect(second.body).not.toContain('Maria approved')
  })

  test('without SMTP a question records no e-mail', async () => {
    const ctx = await createTestApp()
    const { ada, report } = await reportWithItems(ctx)
    const share = (
      await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 30 })
    ).data!
    const asked = await makeClient(ctx.app)
      .api.shared({ token: share.url.split('/r/')[1] })
      .questions.post({ name: 'Maria', text: 'Why?' })
    expect(asked.status).toBe(201)
    expect(await rows(ctx.db)).toHaveLength(0)
  })
})

describe('export as the e-mail parts', () => {
  test('format=html and format=text answer the two parts; other users get 404', async () => {
    const ctx = await createTestApp()
    const { ada, report } = await reportWithItems(ctx)
    // The parts are file downloads: read by their paths.
    const html = await ada.get(`/api/reports/${report.uuid}/export?format=html`)
    expect(html.status).toBe(200)
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(html.text).toContain('>Weekly Report</h1>')
    expect(html.text).toContain('Ship &lt;v2&gt; &amp; tell')
    const text = await ada.get(`/api/reports/${report.uuid}/export?format=text`)
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(text.text).toContain('Apollo:\n☐ Ship <v2> & tell (Assigned to Grace)')
    expect(text.headers.get('content-disposition')).toContain('report-2026-11-16.txt')
    const md = await ada.get(`/api/reports/${report.uuid}/export?format=md`)
    expect(md.text).toContain('\n# Weekly Report\n')
    const bob = await signIn(ctx.app, 'bob@example.com')
    expect((await bob.get(`/api/reports/${report.uuid}/export?format=html`)).status).toBe(404)
    expect((await ada.get(`/api/reports/${report.uuid}/export?format=pdf`)).status).toBe(400)
  })
})
