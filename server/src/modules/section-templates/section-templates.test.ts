import { describe, expect, test } from 'bun:test'
import { type Client, createTestApp, makeClient, signIn } from '../../test/helpers'

// Through the typed client (`client.api`): paths, bodies and answers are the routes' own types.
// The bad-input test sends what the types would not let through, so it uses string paths.

/** A new template of this user's, as the server answers it. */
async function create(client: Client, name: string, type: 'standard' | 'tasks' | 'followups') {
  const res = await client.api['section-templates'].post({ name, type })
  if (!res.data) throw new Error(`create failed: ${res.status}`)
  return res.data
}

describe('section templates', () => {
  test('create appends in order; list is sorted by sort_order', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const a = await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
    expect(a.status).toBe(200)
    expect(a.data).toMatchObject({
      id: expect.any(Number),
      name: 'Highlights',
      type: 'standard',
      sort_order: 0,
    })
    const b = await create(ada, 'Action Items', 'tasks')
    expect(b.sort_order).toBe(1)
    const list = (await ada.api['section-templates'].get()).data ?? []
    expect(list.map((s) => s.name)).toEqual(['Highlights', 'Action Items'])
  })

  test('a blank name says a name is required; a bad type is refused', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    for (const name of ['', '   ']) {
      const res = await ada.api['section-templates'].post({ name, type: 'standard' })
      expect(res.status).toBe(400)
      expect(res.error?.value).toEqual({ error: 'Section name is required' })
    }
    // Bodies the types refuse go by path.
    const missing = await ada.post('/api/section-templates', { type: 'standard' })
    expect(missing.json.error).toBe('Section name is required')
    // Elysia meets the missing type first; the message still names the first field of the form.
    const empty = await ada.post('/api/section-templates', {})
    expect(empty.status).toBe(400)
    expect(empty.json.error).toBe('Section name is required')
    const type = await ada.post('/api/section-templates', { name: 'X', type: 'other' })
    expect(type.status).toBe(400)
    expect(type.json.error).toBe('Type must be standard, tasks or followups')
    expect((await ada.api['section-templates'].get()).data!).toHaveLength(0)
  })

  test('update renames and retypes; reorder stores positions from 0', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const templates = ada.api['section-templates']
    const a = await create(ada, 'A', 'standard')
    const b = await create(ada, 'B', 'standard')
    const c = await create(ada, 'C', 'standard')
    const up = await templates({ id: a.id }).put({ name: 'Follow-ups', type: 'followups' })
    expect(up.data).toMatchObject({ name: 'Follow-ups', type: 'followups' })
    const re = await templates.reorder.put({
      sections: [
        { id: c.id, sort_order: 0 },
        { id: a.id, sort_order: 1 },
        { id: b.id, sort_order: 2 },
      ],
    })
    expect(re.status).toBe(200)
    expect(re.data?.map((s) => s.id)).toEqual([c.id, a.id, b.id])
  })

  test('delete removes a template', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const templates = ada.api['section-templates']
    const a = await create(ada, 'A', 'standard')
    expect((await templates({ id: a.id }).delete()).status).toBe(200)
    expect((await templates.get()).data).toHaveLength(0)
    expect((await templates({ id: a.id }).delete()).status).toBe(404)
  })

  test("another user's template is 404 for update, reorder and delete", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const theirs = bob.api['section-templates']
    const a = await create(ada, 'A', 'standard')
    expect((await theirs({ id: a.id }).put({ name: 'Hacked' })).status).toBe(404)
    const re = await theirs.reorder.put({ sections: [{ id: a.id, sort_order: 5 }] })
    expect(re.status).toBe(404)
    expect((await theirs({ id: a.id }).delete()).status).toBe(404)
    expect((await theirs.get()).data).toHaveLength(0)
    expect((await ada.api['section-templates'].get()).data?.[0]).toMatchObject({
      name: 'A',
      sort_order: 0,
    })
    expect((await makeClient(app).api['section-templates'].get()).status).toBe(401)
  })
})
