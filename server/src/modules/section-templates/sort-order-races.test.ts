// Concurrent section-template creates (two tabs, two instances) each take their own position:
// the next sort_order is read and written under the user's write lock, on both engines.
import { describe, expect, test } from 'bun:test'
import { createTestApp, signIn } from '../../test/helpers'

const CREATES = 10

describe('section templates created at the same moment', () => {
  test(`${CREATES} concurrent creates: ${CREATES} distinct sort_order values, 0 to ${CREATES - 1}`, async () => {
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    const answers = await Promise.all(
      Array.from({ length: CREATES }, (_, i) =>
        ada.post('/api/section-templates', { name: `Section ${i}`, type: 'standard' }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(CREATES).fill(200))
    const orders = answers.map((a) => a.json.sort_order as number).sort((x, y) => x - y)
    expect(orders).toEqual(Array.from({ length: CREATES }, (_, i) => i))
    const listed = await ada.get('/api/section-templates')
    const positions = (listed.json as { sort_order: number }[]).map((t) => t.sort_order)
    expect(new Set(positions).size).toBe(CREATES)
  })
})
