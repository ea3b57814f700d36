import { expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { reports, users } from '../db/schema'
import { createTestApp, signIn } from '../test/helpers'
import { parseSearchQuery } from './query'

// The window's text is read by rowid a page at a time (candidates.ts): the index answers the
// rowids of the user's matches newest first, and their text in the order asked, never another
// user's entry whatever rowids are asked for. Both engines.
test("matches answers rowids newest first; texts reads them in the order asked, only the user's", async () => {
  const { app, db } = await createTestApp()
  const ids: Record<string, number> = {}
  for (const [email, name] of [
    ['ada@example.com', 'Ada'],
    ['bob@example.com', 'Bob'],
  ]) {
    await signIn(app, email, name)
    const [user] = await db.orm.select().from(users).where(eq(users.email, email))
    ids[name] = user.id
    await db.orm.insert(reports).values(
      [0, 1, 2].map((w) => ({
        user_id: user.id,
        uuid: crypto.randomUUID(),
        week_start_date: `2026-0${w + 1}-05`,
        title: `${name} week ${w}`,
        summary: `numbat sighting ${w}`,
      })),
    )
  }
  await db.q.search.prepare()
  const query = parseSearchQuery('numbat')
  const ada = await db.q.search.matches(ids.Ada, null, query, 10)
  const bob = await db.q.search.matches(ids.Bob, null, query, 10)
  expect(ada.ids).toHaveLength(3)
  expect(ada.ids).toEqual([...ada.ids].sort((a, b) => b - a))
  const asked = [ada.ids[2], ada.ids[0], ada.ids[1]]
  const texts = await db.q.search.texts(ids.Ada, asked)
  expect(texts.map(([rowid]) => rowid)).toEqual(asked)
  expect(texts.map(([, title, body]) => [title, body])).toEqual([
    ['Ada week 0', 'numbat sighting 0'],
    ['Ada week 2', 'numbat sighting 2'],
    ['Ada week 1', 'numbat sighting 1'],
  ])
  // Bob's rowids asked as Ada: nothing; mixed: only hers.
  expect(await db.q.search.texts(ids.Ada, bob.ids)).toEqual([])
  expect((await db.q.search.texts(ids.Ada, [bob.ids[0], ada.ids[0]])).map(([r]) => r)).toEqual([
    ada.ids[0],
  ])
  expect(await db.q.search.texts(ids.Ada, [])).toEqual([])
})
