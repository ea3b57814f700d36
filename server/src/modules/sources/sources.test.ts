import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type StandIn, startVendorStandIn } from '../../../testing/vendor-stand-in'
import { createTestApp, signIn } from '../../test/helpers'
import { decryptToken, encryptToken, KEY_FILE, keyFilePath, tokenKey } from './crypto'
import { listedPrivate } from './outbound'

const WEEK = { monday: '2026-11-23', sunday: '2026-11-29' }
let stand: StandIn
beforeAll(async () => {
  stand = await startVendorStandIn(WEEK)
})
afterAll(() => stand.close())

const LOOPBACK = { OUTBOUND_ALLOW_PRIVATE: '127.0.0.1', SECRET_KEY: 'test-secret-key' }

describe('sources: connect, list, revoke', () => {
  test('the token is write-only, encrypted at rest, and revoking deletes the row', async () => {
    const { app, db, config } = await createTestApp(LOOPBACK)
    const ada = await signIn(app, 'ada@example.com')
    const apollo = (await ada.post('/api/projects', { name: 'Apollo' })).json
    const made = await ada.post('/api/sources', {
      kind: 'github',
      base_url: `${stand.url}/github/`,
      token: 'ghp_secret_value_123',
      filter: ' acme/api ',
      project_uuid: apollo.uuid,
    })
    expect(made.status).toBe(201)
    expect(made.json).toEqual({
      id: expect.any(Number),
      kind: 'github',
      base_url: `${stand.url}/github`,
      filter: 'acme/api',
      project_uuid: apollo.uuid,
      created_at: expect.any(String),
    })
    expect(made.text).not.toContain('ghp_secret')
    const list = await ada.get('/api/sources')
    expect(list.json).toEqual([made.json])
    expect(list.text).not.toContain('ghp_secret')
    // At rest: ciphertext only, which opens with the server's key.
    const [row] = await db.rows<{ token_ciphertext: string }>(
      sql`SELECT token_ciphertext FROM sources`,
    )
    expect(row.token_ciphertext).not.toContain('ghp_secret')
    expect(row.token_ciphertext.startsWith('v1.')).toBe(true)
    expect(decryptToken(tokenKey({ db, config }), row.token_ciphertext)).toBe(
      'ghp_secret_value_123',
    )
    // Never exported.
    const exported = await ada.get('/api/export')
    expect(exported.status).toBe(200)
    expect(exported.text).not.toContain('ghp_secret')
    expect(exported.text).not.toContain(row.token_ciphertext)
    // Another user sees nothing and cannot revoke it.
    const bob = await signIn(app, 'bob@example.com')
    expect((await bob.get('/api/sources')).json).toEqual([])
    expect((await bob.delete(`/api/sources/${made.json.id}`)).status).toBe(404)
    const gone = await ada.delete(`/api/sources/${made.json.id}`)
    expect(gone.status).toBe(200)
    expect(await db.rows(sql`SELECT id FROM sources`)).toEqual([])
    expect((await ada.delete(`/api/sources/${made.json.id}`)).status).toBe(404)
  })

  test('defaults, bad input and private addresses answer 400 and store nothing', async () => {
    const { app, db } = await createTestApp({ SECRET_KEY: 'k' })
    const ada = await signIn(app, 'ada@example.com')
    const gh = await ada.post('/api/sources', { kind: 'github', token: 't' })
    expect(gh.status).toBe(201)
    expect(gh.json.base_url).toBe('https://api.github.com')
    await ada.delete(`/api/sources/${gh.json.id}`)
    const cases: [unknown, number, RegExp][] = [
      [{ kind: 'svn', token: 't' }, 400, /kind/],
      [{ kind: 'github' }, 400, /token/],
      [{ kind: 'github', token: '' }, 400, /token/],
      [{ kind: 'github', token: 'a b' }, 400, /token/],
      [{ kind: 'jira', token: 't' }, 400, /base_url/],
      [{ kind: 'gitlab', token: 't', base_url: 'not a url' }, 400, /base_url/],
      [{ kind: 'gitlab', token: 't', base_url: 'ftp://gitlab.example.com' }, 400, /base_url/],
      [{ kind: 'gitlab', token: 't', base_url: 'http://gitlab.example.com' }, 400, /https/],
      [{ kind: 'gitlab', token: 't', base_url: 'https://u:p@gitlab.example.com' }, 400, /user/],
      [{ kind: 'gitlab', token: 't', base_url: 'https://127.0.0.1' }, 400, /public host/],
      [{ kind: 'gitlab', token: 't', base_url: 'https://10.1.2.3' }, 400, /public host/],
      [{ kind: 'gitlab', token: 't', base_url: 'https://localhost' }, 400, /public host/],
      [{ kind: 'jira', token: 't', base_url: 'https://[::1]' }, 400, /public host/],
      [{ kind: 'github', token: 'x'.repeat(4001) }, 400, /token/],
      [{ kind: 'github', token: 't', filter: 'f'.repeat(501) }, 400, /filter/],
      [{ kind: 'github', token: 't', project_uuid: 'nope' }, 404, /Project/],
    ]
    for (const [body, status, message] of cases) {
      const res = await ada.post('/api/sources', body)
      expect({ body, status: res.status }).toEqual({ body, status })
      expect(res.json.error).toMatch(message)
    }
    expect(await db.rows(sql`SELECT id FROM sources`)).toEqual([])
    expect((await ada.delete('/api/sources/abc')).status).toBe(400)
  })

  test('OUTBOUND_ALLOW_PRIVATE: listed hosts, addresses and ranges only', async () => {
    expect(listedPrivate(['10.0.0.0/8'], '10.9.8.7')).toBe(true)
    expect(listedPrivate(['10.0.0.0/8'], '192.168.1.1')).toBe(false)
    expect(listedPrivate(['gitlab.corp'], 'GITLAB.corp')).toBe(true)
    expect(listedPrivate(['gitlab.corp'], 'jira.corp')).toBe(false)
    expect(listedPrivate(['::1'], '[::1]')).toBe(true)
    expect(listedPrivate(['fd00::/8'], '[fd12::1]')).toBe(true)
    expect(listedPrivate([], '127.0.0.1')).toBe(false)
    const { app } = await createTestApp({ SECRET_KEY: 'k', OUTBOUND_ALLOW_PRIVATE: '10.0.0.0/8' })
    const ada = await signIn(app, 'ada@example.com')
    const ok = await ada.post('/api/sources', {
      kind: 'gitlab',
      token: 't',
      base_url: 'http://10.1.2.3:8080',
    })
    expect(ok.status).toBe(201)
    const refused = await ada.post('/api/sources', {
      kind: 'gitlab',
      token: 't',
      base_url: 'http://192.168.0.2',
    })
    expect(refused.status).toBe(400)
  })

  test('at most 20 sources (403)', async () => {
    const { app } = await createTestApp({ SECRET_KEY: 'k' })
    const ada = await signIn(app, 'ada@example.com')
    for (let i = 0; i < 20; i++)
      expect((await ada.post('/api/sources', { kind: 'linear', token: `t${i}` })).status).toBe(201)
    const over = await ada.post('/api/sources', { kind: 'linear', token: 't' })
    expect(over.status).toBe(403)
  })
})

describe('the token key', () => {
  test('AES-256-GCM: a wrong key or a changed byte opens nothing', () => {
    const key = Buffer.alloc(32, 1)
    const sealed = encryptToken(key, 'secret')
    expect(sealed).not.toBe(encryptToken(key, 'secret'))
    expect(decryptToken(key, sealed)).toBe('secret')
    expect(decryptToken(Buffer.alloc(32, 2), sealed)).toBeNull()
    const raw = Buffer.from(sealed.slice(3), 'base64url')
    raw[14] ^= 1
    expect(decryptToken(key, `v1.${raw.toString('base64url')}`)).toBeNull()
    expect(decryptToken(key, 'plain')).toBeNull()
  })

  test('SQLite without SECRET_KEY: a key file beside the database, mode 0600, kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cadence-key-'))
    const databasePath = join(dir, 'weekly.db')
    expect(keyFilePath(databasePath)).toBe(join(dir, KEY_FILE))
    const ctx = {
      db: { kind: 'sqlite' },
      config: { secretKey: null, databasePath },
    } as unknown as Parameters<typeof tokenKey>[0]
    const key = tokenKey(ctx)
    const file = join(dir, KEY_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const secret = readFileSync(file, 'utf8')
    expect(secret.length).toBeGreaterThan(30)
    expect(tokenKey(ctx).equals(key)).toBe(true)
    // Moving to PostgreSQL (copy-data): SECRET_KEY set to the file's contents is the same key.
    const moved = {
      db: { kind: 'pg' },
      config: { secretKey: secret.trim(), databasePath: ':memory:' },
    } as unknown as Parameters<typeof tokenKey>[0]
    expect(tokenKey(moved).equals(key)).toBe(true)
  })

  test('PostgreSQL without SECRET_KEY: no source can be made (503)', () => {
    const ctx = {
      db: { kind: 'pg' },
      config: { secretKey: null, databasePath: ':memory:' },
    } as unknown as Parameters<typeof tokenKey>[0]
    expect(() => tokenKey(ctx)).toThrow(/SECRET_KEY/)
  })
})
