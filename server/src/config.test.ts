import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { loadConfig, repoRoot } from './config'

describe('configuration', () => {
  test('defaults: port 3000, all interfaces, the database under the repository root', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.databasePath).toBe(join(repoRoot, 'data', 'weekly.db'))
    expect(config.appDist).toBe(join(repoRoot, 'app', 'dist'))
    expect(config.secureCookies).toBe(false)
  })

  test('relative paths resolve against the repository root whatever the working directory', () => {
    expect(loadConfig({ DATABASE_PATH: './x/y.db' }).databasePath).toBe(join(repoRoot, 'x/y.db'))
    expect(loadConfig({ DATABASE_PATH: '/tmp/a.db' }).databasePath).toBe('/tmp/a.db')
    expect(loadConfig({ DATABASE_PATH: ':memory:' }).databasePath).toBe(':memory:')
  })

  test('PUBLIC_URL follows PORT by default; https turns on secure cookies', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000')
    const https = loadConfig({ PUBLIC_URL: 'https://cadence.example.com/' })
    expect(https.publicUrl).toBe('https://cadence.example.com')
    expect(https.secureCookies).toBe(true)
  })

  test('the development sign-in is on without a provider, off with one, and DEV_LOGIN decides', () => {
    expect(loadConfig({}).devLogin).toBe(true)
    expect(loadConfig({ DEV_LOGIN: 'off' }).devLogin).toBe(false)
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }
    expect(loadConfig(google).devLogin).toBe(false)
    expect(loadConfig({ ...google, DEV_LOGIN: 'on' }).devLogin).toBe(true)
    const oidc = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'c' }
    expect(loadConfig(oidc).devLogin).toBe(false)
  })

  test('ADMIN_EMAILS is a trimmed, case-insensitive list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@X.io, ,b@y.io ' }).adminEmails).toEqual([
      'boss@x.io',
      'b@y.io',
    ])
  })

  test('mail is off without SMTP_URL; MAIL_FROM defaults to no-reply at the public host', () => {
    expect(loadConfig({}).smtp).toBeNull()
    expect(loadConfig({ MAIL_FROM: 'a@b.io' }).smtp).toBeNull()
    expect(
      loadConfig({
        SMTP_URL: 'smtp://u:p@mail.example.com:587',
        PUBLIC_URL: 'https://cadence.example.com:8443/',
      }).smtp,
    ).toEqual({
      url: 'smtp://u:p@mail.example.com:587',
      from: 'Cadence <no-reply@cadence.example.com>',
    })
    expect(
      loadConfig({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'Reports <r@example.com>' })
        .smtp,
    ).toEqual({ url: 'smtps://mail.example.com', from: 'Reports <r@example.com>' })
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com:587' })).toThrow('SMTP_URL must')
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow('SMTP_URL must')
  })
})
