// The offline outbox: queue order, temporary id mapping, rejection handling,
// persistence, the read overlay and sign-out. IndexedDB is fake-indexeddb, installed only while
// this file runs so other files keep their IndexedDB-less world.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import type { Report, TeamMemberDashboard } from '@cadence/ui'
import * as fake from 'fake-indexeddb'
import { authState, fetchUser } from '../state/auth'
import { cache, resetCache } from '../state/cache'
import { clearOfflineData } from '../state/pwa'
import { addItem, reportState, toggleItem, updateItem, updateReport } from '../state/reports'
import {
  discardUnsentChanges,
  exportUnsentChanges,
  sessionEndedState,
} from '../state/session-ended'
import { addEntry, deleteEntry, teamMemberState } from '../state/team-members'
import { clearToasts } from '../state/toasts'
import { type Call, deferred as deferredOf, json, restoreFetch, stubFetch } from '../test/fetch'
import { reportDetail, reportSection, sectionItem, teamMember } from '../test/fixtures'
import { resetOutbox } from '../test/outbox'
import { OUTBOX_HINT, outboxState } from './fetch'
import {
  allEntries,
  applyPending,
  clearOutbox,
  discardChange,
  isQueueable,
  type OutboxEntry,
  refreshState,
  replay,
  retryChange,
} from './outbox'

const g = globalThis as Record<string, unknown>
const store = new Map<string, string>()
const IDB_GLOBALS = [
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
] as const

beforeAll(() => {
  for (const name of IDB_GLOBALS) g[name] = (fake as Record<string, unknown>)[name]
  g.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, String(v)),
    removeItem: (k: string) => store.delete(k),
  }
})
afterAll(() => {
  delete g.indexedDB
  for (const name of IDB_GLOBALS) delete g[name]
  delete g.localStorage
})

/** Waits until `condition` holds (checked after each turn of the event loop); fails after 1000. */
async function until(condition: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 1000; i++) {
    if (await condition()) return
    await Bun.sleep(1)
  }
  throw new Error('condition never held')
}

let online = true
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })

const REPORT_UUID = '11111111-1111-4111-8111-111111111111'
const MEMBER_UUID = '22222222-2222-4222-8222-222222222222'

const report = () =>
  reportDetail({
    user_id: 7,
    uuid: REPORT_UUID,
    title: 'Week 47',
    sections: [
      reportSection({
        id: 10,
        section_template_id: 1,
        items: [
          sectionItem({ id: 100, user_id: 7, content: 'Ship the deck' }),
          sectionItem({ id: 101, user_id: 7, content: 'Hire a designer' }),
        ],
      }),
    ],
  })

const member = (): TeamMemberDashboard => ({
  teamMember: teamMember({ id: 5, uuid: MEMBER_UUID, name: 'Grace', email: 'grace@example.com' }),
  assignedTasks: [],
  assignedFollowups: [],
  standaloneTasks: [],
  standaloneFollowups: [],
  talkingPoints: [],
  nudge: null,
})

/** The server: answers reads with the fixtures, creates with id 900+, and records writes. */
function server(override?: (call: Call) => Response | Promise<Response> | null) {
  let nextId = 900
  return stubFetch((call) => {
    const answer = override?.(call)
    if (answer) return answer
    if (call.method === 'GET' && call.path.startsWith('/api/reports/')) return json(report())
    if (call.method === 'GET' && call.path.includes('/dashboard')) return json(member())
    if (call.method === 'GET') return json([])
    if (call.method === 'POST') return json({ id: nextId++, ...(call.body as object) })
    return json({ success: true })
  })
}

const deferred = <T>() => Object.assign(deferredOf<T>(), { settled: false })

const offlineNetwork = () =>
  stubFetch(() => {
    throw new TypeError('Failed to fetch')
  })

const writes = (calls: Call[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)

let errorSpy: ReturnType<typeof spyOn>

beforeEach(async () => {
  g.indexedDB = new fake.IDBFactory()
  store.clear()
  online = true
  authState.user = { id: 7, email: 'ada@example.com', name: 'Ada' } as typeof authState.user
  reportState.current = report()
  teamMemberState.dashboard = member()
  resetCache()
  clearToasts()
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(async () => {
  await resetOutbox()
  restoreFetch()
  authState.user = null
  reportState.current = null
  teamMemberState.dashboard = null
  errorSpy.mockRestore()
})

describe('writes made offline', () => {
  test('are queued in IndexedDB, answered at once and applied to what the user sees', async () => {
    online = false
    const calls = offlineNetwork()
    await toggleItem(100, true)
    const created = await addItem({
      section_id: 10,
      content: 'Book the offsite',
      project_id: null,
      assigned_to_team_member_id: null,
    })
    await updateReport({ title: 'Week 47, on a plane' })
    await addEntry('talking-points', 'Career plan')

    expect(calls).toHaveLength(0)
    expect(created?.id).toBeLessThan(0)
    expect(created?.item_type).toBe('task')
    const items = reportState.current?.sections?.[0].items ?? []
    expect(items.find((i) => i.id === 100)?.is_completed).toBe(true)
    expect(items.map((i) => i.content)).toContain('Book the offsite')
    expect(reportState.current?.title).toBe('Week 47, on a plane')
    expect(teamMemberState.dashboard?.talkingPoints.map((p) => p.content)).toEqual(['Career plan'])

    expect(outboxState.pending).toBe(4)
    expect(store.get(OUTBOX_HINT)).toBe('4')
    const queued = await allEntries()
    expect(queued.map((e) => `${e.method} ${e.path}`)).toEqual([
      'PUT /api/section-items/100',
      'POST /api/section-items',
      `PUT /api/reports/${REPORT_UUID}`,
      `POST /api/team-members/${MEMBER_UUID}/talking-points`,
    ])
    expect(queued[0].label).toBe('Complete "Ship the deck"')
    expect(queued[3].label).toBe('Add talking point "Career plan"')
  })

  test('survive closing the database (a reload or a closed tab)', async () => {
    online = false
    offlineNetwork()
    await toggleItem(101, true)
    await resetOutbox()
    expect(outboxState.pending).toBe(0)
    await refreshState()
    expect(outboxState.pending).toBe(1)
    expect((await allEntries())[0].body).toEqual({ is_completed: true })
  })

  test('a write that fails on the network while online is queued, not lost', async () => {
    offlineNetwork()
    await deleteEntry('tasks', 55)
    expect(await allEntries()).toHaveLength(1)
    expect((await allEntries())[0].path).toBe('/api/team-members/tasks/55')
  })

  test('report status changes and other writes are not queued', async () => {
    online = false
    offlineNetwork()
    await expect(updateReport({ is_submitted: true })).rejects.toThrow()
    expect(await allEntries()).toHaveLength(0)
    expect(reportState.current?.is_submitted).toBe(false)
  })

  test('signed out, nothing is queued', async () => {
    authState.user = null
    online = false
    offlineNetwork()
    await expect(updateItem(100, { content: 'x' })).rejects.toThrow()
    expect(await allEntries()).toHaveLength(0)
  })
})

describe('replay', () => {
  test('sends the queue in order and maps temporary ids to the real ones', async () => {
    online = false
    offlineNetwork()
    const created = await addItem({
      section_id: 10,
      content: 'Book the offsite',
      project_id: null,
      assigned_to_team_member_id: null,
    })
    const tempId = created?.id as number
    await updateItem(tempId, { content: 'Book the offsite venue' })
    await toggleItem(tempId, true)
    await toggleItem(101, true)
    expect(outboxState.pending).toBe(4)

    online = true
    const calls = server()
    expect(await replay()).toBe(4)
    expect(writes(calls)).toEqual([
      'POST /api/section-items',
      'PUT /api/section-items/900',
      'PUT /api/section-items/900',
      'PUT /api/section-items/101',
    ])
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      content: 'Book the offsite venue',
    })
    expect(await allEntries()).toHaveLength(0)
    expect(outboxState.pending).toBe(0)
    expect(store.has(OUTBOX_HINT)).toBe(false)
    // What the user sees is reloaded from the server afterwards.
    expect(calls.some((c) => c.method === 'GET' && c.path === `/api/reports/${REPORT_UUID}`)).toBe(
      true,
    )

    // A later request that still names the temporary id goes to the real one.
    const later = server()
    await updateItem(tempId, { content: 'Venue booked' })
    expect(writes(later)).toEqual(['PUT /api/section-items/900'])
  })

  test('a write sent while changes wait is queued behind them', async () => {
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    online = true
    const calls = server()
    await toggleItem(101, true)
    await replay()
    expect(writes(calls)).toEqual(['PUT /api/section-items/100', 'PUT /api/section-items/101'])
  })

  test('a write made while a replay runs is sent in the same sync', async () => {
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    online = true
    const first = deferred<Response>()
    const calls = server((call) =>
      call.method === 'PUT' && call.path === '/api/section-items/100' && !first.settled
        ? first.promise
        : null,
    ) as Call[]
    const sync = replay()
    // The first change is on its way to the server when the second is made.
    await until(() => writes(calls).includes('PUT /api/section-items/100'))
    const second = toggleItem(101, true)
    await until(async () => (await allEntries()).some((e) => e.path === '/api/section-items/101'))
    first.settled = true
    first.resolve(json({ success: true }))
    await second
    await sync
    expect(writes(calls)).toEqual(['PUT /api/section-items/100', 'PUT /api/section-items/101'])
    expect(await allEntries()).toHaveLength(0)
  })

  test('a 4xx is kept as rejected with the item it concerns; later changes still sync', async () => {
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    await toggleItem(101, true)
    online = true
    const calls = server((call) =>
      call.method === 'PUT' && call.path === '/api/section-items/100'
        ? json({ error: 'Section item not found' }, 404)
        : null,
    )
    expect(await replay()).toBe(1)
    expect(writes(calls)).toEqual(['PUT /api/section-items/100', 'PUT /api/section-items/101'])
    expect(outboxState.pending).toBe(0)
    expect(outboxState.rejected).toEqual([
      {
        seq: expect.any(Number),
        label: 'Complete "Ship the deck"',
        error: 'Section item not found',
      },
    ])
    // Rejected changes are not laid over reads: the report shows the server's truth.
    const item = reportState.current?.sections?.[0].items.find((i) => i.id === 100)
    expect(item?.is_completed).toBe(false)

    // Retry sends it again; this time the server takes it.
    const again = server()
    await retryChange(outboxState.rejected[0].seq)
    expect(writes(again)).toEqual(['PUT /api/section-items/100'])
    expect(outboxState.rejected).toEqual([])
    expect(await allEntries()).toHaveLength(0)
  })

  test('Discard removes a rejected change, and the queued edits of an item it would create', async () => {
    online = false
    offlineNetwork()
    const created = await addEntry('talking-points', 'Career plan')
    expect(created).toBe(true)
    const tempId = teamMemberState.dashboard?.talkingPoints[0].id as number
    expect(tempId).toBeLessThan(0)
    const { toggleEntry } = await import('../state/team-members')
    await toggleEntry('talking-points', tempId, true)

    online = true
    const calls = server((call) =>
      call.method === 'POST' ? json({ error: 'Team member not found' }, 404) : null,
    )
    await replay()
    expect(writes(calls)).toEqual([`POST /api/team-members/${MEMBER_UUID}/talking-points`])
    // The completion of the refused talking point waits with it; nothing is dropped.
    expect(outboxState.rejected.map((r) => r.label)).toEqual(['Add talking point "Career plan"'])
    expect(outboxState.pending).toBe(1)

    await discardChange(outboxState.rejected[0].seq)
    expect(await allEntries()).toHaveLength(0)
    expect(outboxState.pending).toBe(0)
    expect(outboxState.rejected).toEqual([])
  })

  test('a 5xx or a network error stops the replay and keeps everything queued', async () => {
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    await toggleItem(101, true)
    online = true
    const calls = server((call) => (call.method === 'PUT' ? json({ error: 'down' }, 503) : null))
    expect(await replay()).toBe(0)
    expect(writes(calls)).toEqual(['PUT /api/section-items/100'])
    expect(outboxState.pending).toBe(2)
    expect(outboxState.rejected).toEqual([])

    offlineNetwork()
    expect(await replay()).toBe(0)
    expect(outboxState.pending).toBe(2)
  })

  test('only the signed-in user’s changes are replayed', async () => {
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    authState.user = { id: 8, email: 'bob@example.com', name: 'Bob' } as typeof authState.user
    online = true
    const calls = server()
    expect(await replay()).toBe(0)
    expect(writes(calls)).toEqual([])
    expect(await allEntries()).toHaveLength(1)
  })
})

describe('which writes work offline', () => {
  test('items, member entries and report title/summary edits; nothing else', () => {
    const yes: [string, string, unknown?][] = [
      ['POST', '/api/section-items', { section_id: 1, content: 'x' }],
      ['PUT', '/api/section-items/5', { is_completed: true }],
      ['PUT', '/api/section-items/-17', { content: 'y' }],
      ['DELETE', '/api/section-items/5'],
      ['POST', `/api/team-members/${MEMBER_UUID}/talking-points`, { content: 'x' }],
      ['POST', `/api/team-members/${MEMBER_UUID}/tasks`, { content: 'x' }],
      ['PUT', '/api/team-members/followups/3', { content: 'x' }],
      ['DELETE', '/api/team-members/tasks/3'],
      ['PUT', `/api/reports/${REPORT_UUID}`, { title: 'T', summary: 'S' }],
      // Team roll-up: completing an item assigned to me.
      ['PUT', '/api/assigned-to-me/42', { is_completed: true, note: 'Done' }],
    ]
    const no: [string, string, unknown?][] = [
      ['PUT', `/api/reports/${REPORT_UUID}`, { is_submitted: true }],
      ['PUT', `/api/reports/${REPORT_UUID}`, { title: 'T', sent_date: null }],
      ['POST', '/api/reports', { week_start_date: '2026-11-16' }],
      ['DELETE', `/api/reports/${REPORT_UUID}`],
      ['POST', '/api/projects', { name: 'Apollo' }],
      ['PUT', `/api/team-members/${MEMBER_UUID}`, { name: 'G' }],
      ['DELETE', `/api/team-members/${MEMBER_UUID}`],
      ['PUT', '/api/report-sections/4', { content: 'x' }],
      ['GET', '/api/section-items/5'],
      ['POST', `/api/reports/${REPORT_UUID}/pull`, { source_item_id: 3 }],
      ['POST', '/api/invitations/abc/accept'],
      ['DELETE', '/api/assigned-to-me/42'],
    ]
    for (const [method, path, body] of yes)
      expect([method, path, isQueueable(method, path, body)]).toEqual([method, path, true])
    for (const [method, path, body] of no)
      expect([method, path, isQueueable(method, path, body)]).toEqual([method, path, false])
  })
})

describe('reads', () => {
  const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
    userId: 7,
    method: 'PUT',
    path: '/api/section-items/100',
    label: '',
    status: 'pending',
    queuedAt: '',
    ...over,
  })

  test('queued changes are laid over a report, rejected ones are not', () => {
    const created = { id: -5, section_id: 10, content: 'New', is_completed: false }
    const out = applyPending(
      `/api/reports/${REPORT_UUID}`,
      report(),
      [
        entry({ body: { is_completed: true } }),
        entry({ method: 'DELETE', path: '/api/section-items/101' }),
        entry({ method: 'POST', path: '/api/section-items', tempId: -5, created }),
        entry({ path: '/api/section-items/-5', body: { content: 'New, edited' } }),
        entry({ path: `/api/reports/${REPORT_UUID}`, body: { summary: 'Offline summary' } }),
        entry({
          path: `/api/reports/${REPORT_UUID}`,
          body: { title: 'Refused' },
          status: 'rejected',
        }),
      ],
      new Map(),
    ) as Report
    const items = out.sections?.[0].items ?? []
    expect(items.map((i) => [i.id, i.content, i.is_completed])).toEqual([
      [100, 'Ship the deck', true],
      [-5, 'New, edited', false],
    ])
    expect(out.summary).toBe('Offline summary')
    expect(out.title).toBe('Week 47')
  })

  test('a completion of an item assigned to me, waiting offline, shows in Assigned to me', () => {
    const out = applyPending(
      '/api/assigned-to-me',
      {
        items: [
          { id: 42, content: 'Budget', is_completed: false, note: null },
          { id: 43, content: 'Hiring', is_completed: false, note: null },
        ],
      },
      [entry({ path: '/api/assigned-to-me/42', body: { is_completed: true, note: 'Sent' } })],
      new Map(),
    ) as { items: { id: number; is_completed: boolean; note: string | null }[] }
    expect(out.items.map((i) => [i.id, i.is_completed, i.note])).toEqual([
      [42, true, 'Sent'],
      [43, false, null],
    ])
  })

  test('a mapped temporary id matches the item the server now returns', () => {
    const out = applyPending(
      `/api/reports/${REPORT_UUID}`,
      report(),
      [entry({ path: '/api/section-items/-5', body: { is_completed: true } })],
      new Map([[-5, 101]]),
    ) as Report
    expect(out.sections?.[0].items.find((i) => i.id === 101)?.is_completed).toBe(true)
  })

  test('talking points, completions and deletions show on the member page and dashboard', () => {
    const point = { id: -9, team_member_id: 5, content: 'Career plan', is_completed: false }
    const out = applyPending(
      `/api/team-members/${MEMBER_UUID}/dashboard`,
      { ...member(), standaloneTasks: [{ id: 3, content: 'Old task', is_completed: false }] },
      [
        entry({
          method: 'POST',
          path: `/api/team-members/${MEMBER_UUID}/talking-points`,
          tempId: -9,
          created: point,
        }),
        entry({ method: 'DELETE', path: '/api/team-members/tasks/3' }),
      ],
      new Map(),
    ) as TeamMemberDashboard
    expect(out.talkingPoints.map((p) => p.content)).toEqual(['Career plan'])
    expect(out.standaloneTasks).toEqual([])

    const dash = applyPending(
      '/api/dashboard',
      {
        currentWeekReport: null,
        activeTasks: report().sections?.[0].items,
        activeFollowups: [],
        recentReports: [],
      },
      [entry({ body: { is_completed: true } })],
      new Map(),
    ) as { activeTasks: { id: number; is_completed: boolean }[] }
    expect(dash.activeTasks.find((t) => t.id === 100)?.is_completed).toBe(true)
  })

  test('a read through the app after a reload shows what still waits', async () => {
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    await resetOutbox()
    reportState.current = null
    server()
    const { loadReport } = await import('../state/reports')
    await loadReport(REPORT_UUID)
    const loaded = reportState.current as Report | null
    expect(loaded?.sections?.[0].items.find((i) => i.id === 100)?.is_completed).toBe(true)
    expect(cache.dashboard.state.data).toBeNull()
  })
})

describe('sign-out', () => {
  test('online, the waiting changes are sent before the session ends, then cleared', async () => {
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    online = true
    const calls = server()
    const { logout } = await import('../state/auth')
    await logout()
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/section-items/100',
      'POST /api/logout',
    ])
    expect(await allEntries()).toHaveLength(0)
  })

  test('offline, signing out still leaves nothing behind', async () => {
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    const { logout } = await import('../state/auth')
    await logout()
    expect(await allEntries()).toHaveLength(0)
    expect(store.has(OUTBOX_HINT)).toBe(false)
  })

  test('clears the queue and the id map', async () => {
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    expect(await allEntries()).toHaveLength(1)
    await clearOfflineData()
    expect(await allEntries()).toHaveLength(0)
    expect(outboxState.pending).toBe(0)
    expect(store.has(OUTBOX_HINT)).toBe(false)
    await clearOutbox()
  })
})

describe('a session that ends under the app (401)', () => {
  /** A CacheStorage with the worker's user record and one cached answer of user 7. */
  function fakeCaches() {
    const stores = new Map<string, Map<string, string>>([
      ['cadence-meta', new Map([['/__cadence/user', '7']])],
      ['cadence-api-7', new Map([['/api/dashboard', '{}']])],
    ])
    const open = async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map())
      const store = stores.get(name) as Map<string, string>
      return {
        match: async (key: string) => (store.has(key) ? new Response(store.get(key)) : undefined),
        put: async (key: string, res: Response) => void store.set(key, await res.text()),
        delete: async (key: string) => store.delete(key),
      }
    }
    g.caches = {
      open,
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    }
    return stores
  }
  afterEach(() => {
    delete g.caches
  })

  const sessionEnds = async () => {
    // The next user fetch is answered 401: signed out elsewhere, expired or revoked.
    stubFetch(() => json({ error: 'Not signed in' }, 401))
    await fetchUser()
    // endSession runs after the answer; let its IndexedDB work finish.
    for (let i = 0; i < 20 && !sessionEndedState.open; i++)
      await new Promise((r) => setTimeout(r, 5))
  }

  test('drops the cached answers at once and offers the unsent changes for export', async () => {
    const stores = fakeCaches()
    online = false
    offlineNetwork()
    await toggleItem(100, true)
    await updateReport({ title: 'Week 47, on a plane' })
    expect(await allEntries()).toHaveLength(2)
    online = true
    await sessionEnds()

    expect(stores.has('cadence-api-7')).toBe(false)
    expect(stores.get('cadence-meta')?.has('/__cadence/user')).toBe(false)
    expect(authState.status).toBe('signed-out')
    expect(sessionEndedState).toMatchObject({ open: true, count: 2 })
    expect(sessionEndedState.labels).toHaveLength(2)

    const files: Array<[string, string]> = []
    await exportUnsentChanges((name, text) => files.push([name, text]))
    expect(files).toHaveLength(1)
    expect(files[0][0]).toMatch(/^cadence-unsent-changes-\d{4}-\d{2}-\d{2}\.json$/)
    const exported = JSON.parse(files[0][1])
    expect(exported.changes.map((c: { request: { path: string } }) => c.request.path)).toEqual([
      '/api/section-items/100',
      `/api/reports/${REPORT_UUID}`,
    ])
    expect(exported.changes[1].request.body).toEqual({ title: 'Week 47, on a plane' })
    // Gone from the device, and the offer is closed.
    expect(await allEntries()).toEqual([])
    expect(sessionEndedState.open).toBe(false)
  })

  test('discarding removes the unsent changes without a file', async () => {
    online = false
    offlineNetwork()
    await toggleItem(101, true)
    online = true
    await sessionEnds()
    expect(sessionEndedState).toMatchObject({ open: true, count: 1 })
    await discardUnsentChanges()
    expect(await allEntries()).toEqual([])
    expect(sessionEndedState.open).toBe(false)
  })

  test('with nothing unsent there is no offer, and the queue is emptied', async () => {
    await sessionEnds()
    expect(sessionEndedState.open).toBe(false)
    expect(await allEntries()).toEqual([])
  })
})
