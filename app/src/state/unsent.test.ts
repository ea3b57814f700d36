import { afterEach, describe, expect, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail } from '../test/fixtures'
import { reportState } from './reports'
import { refreshUnsentChanges } from './unsent'

const CHANGES = {
  since_edition: 1,
  added: 1,
  completed: 0,
  edited: 0,
  removed: 0,
  health_changed: 0,
}

afterEach(() => {
  restoreFetch()
  reportState.current = null
})

describe('Changes not sent', () => {
  test("an edit of a sent report asks again and takes the server's unsent changes", async () => {
    reportState.current = reportDetail({ uuid: 'r1', is_submitted: true })
    const calls = stubFetch(() =>
      json({ ...reportDetail({ uuid: 'r1' }), unsent_changes: CHANGES }),
    )
    refreshUnsentChanges('r1', 0)
    await Bun.sleep(20)
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/reports/r1'])
    expect(reportState.current?.unsent_changes).toEqual(CHANGES)
  })

  test('a draft has nothing unsent: nothing is asked', async () => {
    reportState.current = reportDetail({ uuid: 'r1', is_submitted: false })
    const calls = stubFetch(() => json({}))
    refreshUnsentChanges('r1', 0)
    await Bun.sleep(20)
    expect(calls).toEqual([])
  })
})
