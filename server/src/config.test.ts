import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { COMPILED_NO_SIGN_IN, devLoginDecision, loadConfig, repoRoot } from './config'

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

  test('the one-file build is closed by default: the development sign-in only with DEV_LOGIN=on, on the loopback', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }
    // The decision: the repository's default is unchanged, the compiled build's is closed.
    const decide = (value: string | null, provider: boolean, compiled: boolean) =>
      devLoginDecision({ value, provider, compiled })
    expect(decide(null, false, false)).toBe(true)
    expect(decide(null, true, false)).toBe(false)
    expect(() => decide(null, false, true)).toThrow(COMPILED_NO_SIGN_IN)
    expect(decide(null, true, true)).toBe(false)
    expect(decide('on', false, true)).toBe(true)
    expect(decide('off', false, true)).toBe(false)
    // Through the environment, as dist/cadence reads it (PORT and ADMIN_EMAILS only: refused).
    expect(() => loadConfig({ PORT: '8080', ADMIN_EMAILS: 'boss@example.com' }, true)).toThrow(
      'does not start with the development sign-in',
    )
    expect(loadConfig(google, true)).toMatchObject({ devLogin: false, host: '0.0.0.0' })
    // Told to: on, and listening on the loopback unless HOST says otherwise.
    expect(loadConfig({ DEV_LOGIN: 'on' }, true)).toMatchObject({
      devLogin: true,
      host: '127.0.0.1',
    })
    expect(loadConfig({ DEV_LOGIN: 'on', HOST: '0.0.0.0' }, true).host).toBe('0.0.0.0')
    expect(loadConfig({ DEV_LOGIN: 'off' }, true).devLogin).toBe(false)
    // From the repository (bun start, tests): as before.
    expect(loadConfig({}, false)).toMatchObject({ devLogin: true, host: '0.0.0.0' })
  })

  test('a half-configured sign-in provider stops the start and says what is missing', () => {
    // Before: any of these fell back to the development sign-in, where anyone is anyone.
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'Google sign-in is half-configured: set GOOGLE_CLIENT_SECRET too',
    )
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'secret' })).toThrow('set GOOGLE_CLIENT_ID too')
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      'OIDC sign-in is half-configured: set OIDC_CLIENT_ID too',
    )
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' })).toThrow(
      'set OIDC_ISSUER too',
    )
    expect(() => loadConfig({ OIDC_ISSUER: 'id.example.com', OIDC_CLIENT_ID: 'c' })).toThrow(
      'OIDC_ISSUER must be the issuer URL',
    )
    // A typo in DEV_LOGIN is not silently 'unset'.
    expect(() => loadConfig({ DEV_LOGIN: 'yes' })).toThrow("DEV_LOGIN must be 'on' or 'off'")
    // Blank values count as unset, so an empty line in an .env file changes nothing.
    expect(loadConfig({ GOOGLE_CLIENT_ID: ' ', GOOGLE_CLIENT_SECRET: '' }).devLogin).toBe(true)
  })

  test('TRUSTED_PROXIES takes addresses and CIDR ranges, and refuses anything else', () => {
    expect(
      loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8'])
    expect(loadConfig({}).trustedProxies).toEqual([])
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2', '999.1.1.1'])
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow('TRUSTED_PROXIES')
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
      requireTls: true,
    })
    expect(
      loadConfig({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'Reports <r@example.com>' })
        .smtp,
    ).toEqual({
      url: 'smtps://mail.example.com',
      from: 'Reports <r@example.com>',
      requireTls: true,
    })
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com:587' })).toThrow('SMTP_URL must')
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow('SMTP_URL must')
  })

  test('SMTP needs TLS unless SMTP_REQUIRE_TLS=off; a wrong value or a URL that turns TLS off stops the start', () => {
    const url = 'smtp://u:p@mail.example.com:587'
    expect(loadConfig({ SMTP_URL: url }).smtp?.requireTls).toBe(true)
    expect(loadConfig({ SMTP_URL: url, SMTP_REQUIRE_TLS: 'on' }).smtp?.requireTls).toBe(true)
    expect(loadConfig({ SMTP_URL: url, SMTP_REQUIRE_TLS: ' OFF ' }).smtp?.requireTls).toBe(false)
    for (const value of ['no', 'false', '0', 'maybe'])
      expect(() => loadConfig({ SMTP_URL: url, SMTP_REQUIRE_TLS: value })).toThrow(
        "SMTP_REQUIRE_TLS must be 'on' or 'off' (unset: on)",
      )
    // Checked like the other variables, also while mail is off.
    expect(() => loadConfig({ SMTP_REQUIRE_TLS: 'yes' })).toThrow('SMTP_REQUIRE_TLS must')
    for (const query of ['?ignoreTLS=true', '?requireTLS=false', '?opportunisticTLS=true'])
      expect(() => loadConfig({ SMTP_URL: `${url}${query}` })).toThrow('SMTP_URL: remove')
    expect(
      loadConfig({ SMTP_URL: `${url}?ignoreTLS=true`, SMTP_REQUIRE_TLS: 'off' }).smtp?.requireTls,
    ).toBe(false)
  })
})
