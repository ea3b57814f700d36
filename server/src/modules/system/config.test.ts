import { describe, expect, test } from 'bun:test'
import { createTestApp, makeClient } from '../../test/helpers'

describe('public configuration', () => {
  test('without a help widget or SMTP both are off, and no sign-in is needed', async () => {
    const { app } = await createTestApp()
    const res = await makeClient(app).get('/api/config')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ helpWidget: null, mailEnabled: false })
  })

  test('the help widget and mail follow the environment, never the SMTP secret', async () => {
    const { app } = await createTestApp({
      HELP_WIDGET_URL: 'https://help.example.com/widget.js',
      HELP_WIDGET_SITE_KEY: 'site-123',
      SMTP_URL: 'smtp://user:hunter2@mail.example.com:587',
    })
    const res = await makeClient(app).get('/api/config')
    expect(res.json).toEqual({
      helpWidget: { url: 'https://help.example.com/widget.js', siteKey: 'site-123' },
      mailEnabled: true,
    })
    expect(res.text).not.toContain('hunter2')
  })
})
