import { describe, expect, test } from 'bun:test'
import {
  findOfflineWrite,
  findOverlaidRead,
  OFFLINE_OVERLAID_READS,
  OFFLINE_WRITES,
} from '@cadence/contract/offline'
import { NEVER_KEPT_READS } from '@cadence/contract/offline-cache'
import { createTestApp } from '../test/helpers'

// The writes the app's outbox may queue offline are declared in the contract (the app cannot
// import the server); these tests hold the declarations to the server's routes.

const strip = (path: string) => path.replace(/(.)\/$/, '$1')
const MEMBER = '0b7f3a52-9a63-4c1e-8d5e-0f6a2b1c3d4e'
const REPORT = '5d1f0e2a-7c3b-4a9d-8e6f-1a2b3c4d5e6f'

describe('offline-queueable writes (contract/src/offline.ts)', () => {
  test('each names routes of the API, and its onlyFields are fields the route’s body takes', async () => {
    const { app } = await createTestApp()
    const routes = new Map(app.routes.map((r) => [`${r.method} ${strip(r.path)}`, r]))
    const missing: string[] = []
    for (const write of OFFLINE_WRITES) {
      // A parameter with fixed values is one route per value on the server.
      let paths: string[] = [write.path]
      for (const [name, values] of Object.entries(write.oneOf ?? {}))
        paths = paths.flatMap((p) => values.map((v) => p.replace(`:${name}`, v)))
      for (const path of paths) {
        const route = routes.get(`${write.method} ${path}`)
        if (!route) {
          missing.push(`${write.method} ${path}`)
          continue
        }
        const body = (route.hooks as { body?: { properties?: Record<string, unknown> } }).body
        for (const field of write.onlyFields ?? [])
          if (!body?.properties?.[field]) missing.push(`${write.method} ${path} body.${field}`)
      }
    }
    expect(missing).toEqual([])
  })

  test('items, member entries, report title/summary edits and assigned items; nothing else', () => {
    const yes: [string, string, unknown?][] = [
      ['POST', '/api/section-items', { section_id: 1, content: 'x' }],
      ['PUT', '/api/section-items/5', { is_completed: true }],
      ['PUT', '/api/section-items/-17', { content: 'y' }],
      ['DELETE', '/api/section-items/5'],
      ['POST', `/api/team-members/${MEMBER}/talking-points`, { content: 'x' }],
      ['POST', `/api/team-members/${MEMBER}/tasks`, { content: 'x' }],
      ['PUT', '/api/team-members/followups/3', { content: 'x' }],
      ['DELETE', '/api/team-members/tasks/-3'],
      ['PUT', `/api/reports/${REPORT}`, { title: 'T', summary: 'S' }],
      ['PUT', '/api/assigned-to-me/42', { is_completed: true, note: 'Done' }],
    ]
    const no: [string, string, unknown?][] = [
      ['PUT', `/api/reports/${REPORT}`, { is_submitted: true }],
      ['PUT', `/api/reports/${REPORT}`, { title: 'T', sent_date: null }],
      ['PUT', `/api/reports/${REPORT}`, {}],
      ['POST', '/api/reports', { week_start_date: '2026-11-16' }],
      ['DELETE', `/api/reports/${REPORT}`],
      ['POST', '/api/projects', { name: 'Apollo' }],
      ['PUT', `/api/team-members/${MEMBER}`, { name: 'G' }],
      ['DELETE', `/api/team-members/${MEMBER}`],
      ['POST', `/api/team-members/${MEMBER}/notes`, { content: 'x' }],
      ['PUT', '/api/team-members/tasks/abc', { content: 'x' }],
      ['PUT', '/api/report-sections/4', { content: 'x' }],
      ['GET', '/api/section-items/5'],
      ['PUT', '/api/section-items/5/extra', {}],
      ['POST', `/api/reports/${REPORT}/pull`, { source_item_id: 3 }],
      ['POST', '/api/invitations/abc/accept'],
      ['DELETE', '/api/assigned-to-me/42'],
    ]
    const queued = (method: string, path: string, body: unknown) =>
      findOfflineWrite(method, path, body) !== undefined
    for (const [method, path, body] of yes)
      expect([method, path, queued(method, path, body)]).toEqual([method, path, true])
    for (const [method, path, body] of no)
      expect([method, path, queued(method, path, body)]).toEqual([method, path, false])
  })

  test('a match names the path parameters the outbox maps (temporary ids, kinds)', () => {
    expect(findOfflineWrite('DELETE', '/api/team-members/tasks/-3')?.params).toEqual({
      kind: 'tasks',
      id: '-3',
    })
    expect(
      findOfflineWrite('POST', `/api/team-members/${MEMBER}/followups`, { content: 'x' })?.params,
    ).toEqual({ uuid: MEMBER, kind: 'followups' })
    expect(findOfflineWrite('PUT', '/api/section-items/-17', {})?.write.path).toBe(
      '/api/section-items/:id',
    )
  })

  test('the reads the outbox lays queued writes over are GET routes of the API', async () => {
    const { app } = await createTestApp()
    // Parameter names aside: the contract says `:uuid` where a module may say `:id`.
    const shape = (path: string) => strip(path).replace(/:[^/]+/g, ':')
    const gets = new Set(app.routes.filter((r) => r.method === 'GET').map((r) => shape(r.path)))
    expect(OFFLINE_OVERLAID_READS.filter((path) => !gets.has(shape(path)))).toEqual([])
    expect(findOverlaidRead(`/api/team-members/${MEMBER}/prep`)).toBe(
      '/api/team-members/:uuid/prep',
    )
    expect(findOverlaidRead('/api/reports/')).toBe('/api/reports')
    expect(findOverlaidRead(`/api/reports/${REPORT}/changes`)).toBeUndefined()
  })

  test('the reads the app never keeps offline are GET routes of the API', async () => {
    const { app } = await createTestApp()
    const gets = new Set(app.routes.filter((r) => r.method === 'GET').map((r) => strip(r.path)))
    expect(NEVER_KEPT_READS.filter((path) => !gets.has(path))).toEqual([])
  })
})
