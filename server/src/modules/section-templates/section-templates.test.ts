import { describe, expect, test } from 'bun:test'
import { createTestApp, makeClient, signIn } from '../../test/helpers'

describe('section templates', () => {
  test('create appends in order; list is sorted by sort_order', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const a = await ada.post('/api/section-templates', { name: 'Highlights', type: 'standard' })
    expect(a.status).toBe(200)
    expect(a.json).toMatchObject({
      id: expect.any(Number),
      name: 'Highlights',
      type: 'standard',
      sort_order: 0,
    })
    const b = await ada.post('/api/section-templates', { name: 'Action Items', type: 'tasks' })
    expect(b.json.sort_order).toBe(1)
    const list = await ada.get('/api/section-templates')
    expect(list.json.map((s: { name: string }) => s.name)).toEqual(['Highlights', 'Action Items'])
  })

  test('a blank name says a name is required; a bad type is refused', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    for (const name of ['', '   ']) {
      const res = await ada.post('/api/section-templates', { name, type: 'standard' })
      expect(res.status).toBe(400)
      expect(res.json.error).toBe('Section name is required')
    }
    const missing = await ada.post('/api/section-templates', { type: 'standard' })
    expect(missing.json.error).toBe('Section name is required')
    // Elysia meets the missing type first; the message still names the first field of the form.
    const empty = await ada.post('/api/section-templates', {})
    expect(empty.status).toBe(400)
    expect(empty.json.error).toBe('Section name is required')
    const type = await ada.post('/api/section-templates', { name: 'X', type: 'other' })
    expect(type.status).toBe(400)
    expect(type.json.error).toBe('Type must be standard, tasks or followups')
    expect((await ada.get('/api/section-templates')).json).toHaveLength(0)
  })

  test('update renames and retypes; reorder stores positions from 0', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const a = (await ada.post('/api/section-templates', { name: 'A', type: 'standard' })).json
    const b = (await ada.post('/api/section-templates', { name: 'B', type: 'standard' })).json
    const c = (await ada.post('/api/section-templates', { name: 'C', type: 'standard' })).json
    const up = await ada.put(`/api/section-templates/${a.id}`, {
      name: 'Follow-ups',
      type: 'followups',
    })
    expect(up.json).toMatchObject({ name: 'Follow-ups', type: 'followups' })
    const re = await ada.put('/api/section-templates/reorder', {
      sections: [
        { id: c.id, sort_order: 0 },
        { id: a.id, sort_order: 1 },
        { id: b.id, sort_order: 2 },
      ],
    })
    expect(re.status).toBe(200)
    expect(re.json.map((s: { id: number }) => s.id)).toEqual([c.id, a.id, b.id])
  })

  test('delete removes a template', async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const a = (await ada.post('/api/section-templates', { name: 'A', type: 'standard' })).json
    expect((await ada.delete(`/api/section-templates/${a.id}`)).status).toBe(200)
    expect((await ada.get('/api/section-templates')).json).toHaveLength(0)
    expect((await ada.delete(`/api/section-templates/${a.id}`)).status).toBe(404)
  })

  test("another user's template is 404 for update, reorder and delete", async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const bob = await signIn(app, 'bob@example.com')
    const a = (await ada.post('/api/section-templates', { name: 'A', type: 'standard' })).json
    expect((await bob.put(`/api/section-templates/${a.id}`, { name: 'Hacked' })).status).toBe(404)
    const re = await bob.put('/api/section-templates/reorder', {
      sections: [{ id: a.id, sort_order: 5 }],
    })
    expect(re.status).toBe(404)
    expect((await bob.delete(`/api/section-templates/${a.id}`)).status).toBe(404)
    expect((await bob.get('/api/section-templates')).json).toHaveLength(0)
    expect((await ada.get('/api/section-templates')).json[0]).toMatchObject({
      name: 'A',
      sort_order: 0,
    })
    expect((await makeClient(app).get('/api/section-templates')).status).toBe(401)
  })
})
