// An invitation's answer says why its link was not e-mailed, so the dialog can say it plainly.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp-test-server'
import { createTestApp, signIn } from '../../test/helpers'

let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startTestSmtp()
})
afterAll(() => smtp.close())
afterEach(() => {
  smtp.received.length = 0
  smtp.reject = null
})

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
async function setUp(env: Record<string, string> = {}) {
  const { app } = await createTestApp(env)
  const ada = await signIn(app, 'ada@example.com', 'Ada Lovelace')
  const tom = (await ada.api['team-members'].post({ name: 'Tom', email: 'tom@example.com' })).data!
  const invite = () => ada.api['team-members']({ uuid: tom.uuid }).invitations.post()
  return { invite }
}
const mailEnv = () => ({ SMTP_URL: smtp.url, SMTP_REQUIRE_TLS: 'off' })

describe('why an invitation was not e-mailed', () => {
  test('e-mailed: no reason; again within the hour: the hourly limit per member', async () => {
    const { invite } = await setUp(mailEnv())
    const first = await invite()
    expect(first.status).toBe(201)
    expect(first.data).toMatchObject({ emailed: true, not_emailed_reason: null })
    const second = await invite()
    expect(second.status).toBe(201)
    expect(second.data).toMatchObject({
      emailed: false,
      not_emailed_reason: 'emailed_within_hour',
    })
    expect(smtp.received).toHaveLength(1)
  })

  test('mail not set up on the server', async () => {
    const { invite } = await setUp()
    const res = await invite()
    expect(res.status).toBe(201)
    expect(res.data).toMatchObject({ emailed: false, not_emailed_reason: 'mail_not_set_up' })
  })

  test('the mail server refused it', async () => {
    const { invite } = await setUp(mailEnv())
    smtp.reject = 'mailbox unavailable'
    const res = await invite()
    expect(res.status).toBe(201)
    expect(res.data).toMatchObject({ emailed: false, not_emailed_reason: 'mail_failed' })
    expect(res.data?.url).toContain('/invite/')
  })
})
