import { describe, expect, spyOn, test } from 'bun:test'
import type { AppContext } from '../../context'
import { sectionItems, sessions, users } from '../../db/schema'
import { isoDate } from '../../lib/time'
import { weekStart } from '../../lib/weeks'
import { type Client, createTestApp, signIn } from '../../test/helpers'
import { forgetSession, hintedUser, rememberSession } from './session-hints'
import { sha256Hex } from './tokens'

// A new item or an edit checks its session in the statement that writes it when this instance
// already knows the session's user (session-hints.ts): no read of the session before it. Whenever
// the session does not vouch for the write, the request goes the ordinary way. Both engines.

async function setUp(env: Record<string, string> = {}) {
  const { app, db } = await createTestApp(env)
  const ada = await signIn(app, 'ada@example.com')
  await ada.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
  const report = (await ada.api.reports.post({ week_start_date: weekStart(isoDate(), 'monday') }))
    .data!
  const section = report.sections[0]
  const post = (client: Client, content: string) =>
    client.api['section-items'].post({ section_id: section.id, content })
  const reads = spyOn(db.q.auth, 'sessionUser')
  const items = async () =>
    (await db.orm.select().from(sectionItems).orderBy(sectionItems.id)).map((i) => i.content)
  return { app, db, ada, post, reads, items }
}

describe('a new item or an edit checks its own session', () => {
  test('a known session writes without a read of it first', async () => {
    const { ada, post, reads, items } = await setUp()
    reads.mockClear()
    expect((await post(ada, 'One')).status).toBe(200)
    expect((await post(ada, 'Two')).status).toBe(200)
    expect(reads).toHaveBeenCalledTimes(0)
    expect(await items()).toEqual(['One', 'Two'])
  })

  test('a session ended elsewhere (another instance) writes nothing and answers 401', async () => {
    const { db, ada, post, reads, items } = await setUp()
    expect((await post(ada, 'Before')).status).toBe(200)
    // Another instance's logout: the row goes; this instance still knows the session's user.
    await db.orm.delete(sessions)
    reads.mockClear()
    const answer = await post(ada, 'After')
    expect([answer.status, answer.error?.value]).toEqual([401, { error: 'Not signed in' }])
    expect(reads).toHaveBeenCalledTimes(1)
    expect(await items()).toEqual(['Before'])
    // Forgotten: the next request reads the session (and is refused) before anything else.
    reads.mockClear()
    expect((await post(ada, 'Again')).status).toBe(401)
    expect(reads).toHaveBeenCalledTimes(1)
    expect(await items()).toEqual(['Before'])
  })

  test('an edit checks its session the same way: none read while it holds, 401 and nothing changed once it has ended', async () => {
    const { db, ada, post, reads, items } = await setUp()
    const made = (await post(ada, 'Draft')).data!
    const edit = (content: string) => ada.api['section-items']({ id: made.id }).put({ content })
    reads.mockClear()
    expect((await edit('Edited')).status).toBe(200)
    expect(reads).toHaveBeenCalledTimes(0)
    await db.orm.delete(sessions)
    const answer = await edit('After the end')
    expect([answer.status, answer.error?.value]).toEqual([401, { error: 'Not signed in' }])
    expect(reads).toHaveBeenCalledTimes(1)
    expect(await items()).toEqual(['Edited'])
  })

  test('an edit by a known session of an item that is not yours is 404, read the ordinary way', async () => {
    const { app, ada, post, reads, items } = await setUp()
    const made = (await post(ada, 'Ada only')).data!
    const bob = await signIn(app, 'bob@example.com')
    await bob.api.users.me.get()
    reads.mockClear()
    const answer = await bob.api['section-items']({ id: made.id }).put({ content: 'Bob was here' })
    expect([answer.status, answer.error?.value]).toEqual([404, { error: 'Item not found' }])
    expect(reads).toHaveBeenCalledTimes(1)
    expect(await items()).toEqual(['Ada only'])
  })

  test('a session due for renewal is renewed, with a fresh cookie, and the item written once', async () => {
    const { db, ada, post, reads, items } = await setUp()
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString()
    await db.orm.update(sessions).set({ expires_at: soon })
    reads.mockClear()
    const answer = await post(ada, 'Renewed')
    expect(answer.status).toBe(200)
    expect(reads).toHaveBeenCalledTimes(1)
    const cookie = answer.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('cadence_session='))
    expect(cookie).toContain('HttpOnly')
    const [session] = await db.orm.select().from(sessions)
    expect(Date.parse(session!.expires_at)).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    expect(await items()).toEqual(['Renewed'])
  })

  test('a user not yet seen today is recorded as seen, and the item written once', async () => {
    const { db, ada, post, reads, items } = await setUp()
    await db.orm.update(users).set({ last_seen_at: '2020-01-01T09:00:00.000Z' })
    reads.mockClear()
    expect((await post(ada, 'Today')).status).toBe(200)
    expect(reads).toHaveBeenCalledTimes(1)
    const [user] = await db.orm.select().from(users)
    expect(user!.last_seen_at!.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10))
    expect(await items()).toEqual(['Today'])
  })

  test('refusals still come from the ordinary way: 404 for a section that is not yours, 400 for blank content', async () => {
    const { app, ada, post, reads, items } = await setUp()
    const bob = await signIn(app, 'bob@example.com')
    await bob.api.users.me.get()
    reads.mockClear()
    // Bob's session is known here: his write into Ada's section checks it, then reads it, then 404.
    const answer = await post(bob, 'Not mine')
    expect([answer.status, answer.error?.value]).toEqual([404, { error: 'Section not found' }])
    expect(reads).toHaveBeenCalledTimes(1)
    const blank = await post(ada, '   ')
    expect([blank.status, blank.error?.value]).toEqual([400, { error: 'Content is required' }])
    expect(await items()).toEqual([])
  })

  test('with ALLOWED_EMAIL_DOMAINS every write reads its session (only that way checks the domain)', async () => {
    const { ada, post, reads, items } = await setUp({ ALLOWED_EMAIL_DOMAINS: 'example.com' })
    reads.mockClear()
    expect((await post(ada, 'One')).status).toBe(200)
    expect((await post(ada, 'Two')).status).toBe(200)
    expect(reads).toHaveBeenCalledTimes(2)
    expect(await items()).toEqual(['One', 'Two'])
  })
})

describe('the statement checks the session of each write of a batch', () => {
  test("an item whose session does not hold is not created; its batch's others are", async () => {
    const { app, db, ada } = await setUp()
    const bob = await signIn(app, 'bob@example.com')
    const ids = async (client: Client) => {
      const me = (await client.api.users.me.get()).data!
      const token = client.jar.get('cadence_session')!
      return { userId: me.id, sessionId: sha256Hex(token) }
    }
    const a = await ids(ada)
    const b = await ids(bob)
    await bob.api['section-templates'].post({ name: 'Action Items', type: 'tasks' })
    const bobReport = (
      await bob.api.reports.post({ week_start_date: weekStart(isoDate(), 'monday') })
    ).data!
    const adaReport = (await ada.api.reports.get()).data!
    const adaSectionId = (await ada.api.reports({ uuid: adaReport[0].uuid }).get()).data!
      .sections[0].id
    const check = (id: string, expiresAfter = new Date(Date.now() + 15 * 86_400_000)) => ({
      id,
      expiresAfter: expiresAfter.toISOString(),
      seenOn: isoDate(),
    })
    const item = (content: string) => ({
      content,
      item_type: null,
      typeFor: { standard: 'standard', tasks: 'task', followups: 'followup' } as const,
    })
    const create = (
      sectionId: number,
      userId: number,
      content: string,
      session?: ReturnType<typeof check>,
    ) =>
      db.q.items.create(
        sectionId,
        { userId, projectId: null, memberId: null, session },
        item(content),
      )
    // In one batch (the same turn): Ada's holds, Bob's names a session that is not his, Ada's
    // second asks for a longer life than her session has (due for renewal), Bob's last has none.
    const far = new Date(Date.now() + 40 * 86_400_000)
    const done = await Promise.all([
      create(adaSectionId, a.userId, 'Ada checked', check(a.sessionId)),
      create(bobReport.sections[0].id, b.userId, 'Bob with Ada’s session', check(a.sessionId)),
      create(adaSectionId, a.userId, 'Ada due for renewal', check(a.sessionId, far)),
      create(bobReport.sections[0].id, b.userId, 'Bob unchecked'),
    ])
    expect(done.map((d) => d?.row.content ?? null)).toEqual([
      'Ada checked',
      null,
      null,
      'Bob unchecked',
    ])
    const stored = await db.orm.select().from(sectionItems).orderBy(sectionItems.id)
    expect(stored.map((i) => i.content)).toEqual(['Ada checked', 'Bob unchecked'])
    // Edits in one batch the same way: Ada's own holds, one naming Bob's session does not.
    const [adaItem] = stored
    const change = (content: string) => ({ columns: ['content'], values: [content] })
    const update = (content: string, session: ReturnType<typeof check>) =>
      db.q.items.update(
        adaItem.id,
        { userId: a.userId, projectId: null, memberId: null, session },
        new Date().toISOString(),
        change(content),
      )
    const edited = await Promise.all([
      update('Edited by Ada', check(a.sessionId)),
      update('Edited with Bob’s session', check(b.sessionId)),
    ])
    expect(edited.map((e) => e?.row.content ?? null)).toEqual(['Edited by Ada', null])
    const afterEdits = await db.orm.select().from(sectionItems).orderBy(sectionItems.id)
    expect(afterEdits.map((i) => i.content)).toEqual(['Edited by Ada', 'Bob unchecked'])
    // A user not seen on the day the check names: nothing.
    const tomorrow = { ...check(a.sessionId), seenOn: '2999-01-01' }
    expect(await create(adaSectionId, a.userId, 'Not seen', tomorrow)).toBeNull()
    expect(await db.orm.select().from(sectionItems)).toHaveLength(2)
    expect(
      await update('Not seen either', { ...check(a.sessionId), seenOn: '2999-01-01' }),
    ).toBeNull()
  })
})

describe('the hints themselves', () => {
  test('at most 10,000 are kept, the oldest going first; a forgotten one is gone', () => {
    const ctx = { db: {}, config: { allowedEmailDomains: [] } } as unknown as AppContext
    for (let i = 0; i <= 10_000; i++) rememberSession(ctx, `s${i}`, i)
    expect(hintedUser(ctx, 's0')).toBeUndefined()
    expect(hintedUser(ctx, 's1')).toBe(1)
    expect(hintedUser(ctx, 's10000')).toBe(10_000)
    forgetSession(ctx, 's1')
    expect(hintedUser(ctx, 's1')).toBeUndefined()
    // Another database (another app in the same process) has hints of its own.
    const other = { ...ctx, db: {} } as AppContext
    expect(hintedUser(other, 's2')).toBeUndefined()
  })
})
