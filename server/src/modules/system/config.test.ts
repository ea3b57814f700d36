import { describe, expect, test } from 'bun:test'
import { createTestApp, makeClient } from '../../test/helpers'

// Through the typed client (`client.api`): paths and answers are the routes' own types.
describe('public configuration', () => {
  test('without a help widget or SMTP both are off, and no sign-in is needed', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).api.config.get()
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ helpWidget: null, mailEnabled: false })
  })

  test('the help widget and mail follow the environment, never the SMTP secret', async () => {
    const { app } = await createTestApp({
      HELP_WIDGET_URL: 'https://help.example.com/widget.js',
      HELP_WIDGET_SITE_KEY: 'site-123',
      SMTP_URL: 'smtp://user:hunter2@mail.example.com:587',
    })
    const res = await makeClient(app).api.config.get()
    expect(res.data).toEqual({
      helpWidget: { url: 'https://help.example.com/widget.js', siteKey: 'site-123' },
      mailEnabled: true,
    })
    expect(JSON.stringify(res.data)).not.toContain('hunter2')
  })
})
