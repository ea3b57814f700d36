import { afterAll, beforeAll, beforeEach, expect, test } from 'bun:test'
import {
  leaveForSignIn,
  nextOfSearch,
  rememberedNext,
  rememberNext,
  safeNext,
  takeRememberedNext,
} from './auth-next'

const origin = 'http://localhost:3000'

// Bun has no window: a sessionStorage over a Map and this origin's location, for these tests.
const saved = { location: globalThis.location, sessionStorage: globalThis.sessionStorage }
beforeAll(() => {
  const map = new Map<string, string>()
  globalThis.sessionStorage = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  } as Storage
  globalThis.location = { origin } as Location
})
afterAll(() => {
  globalThis.sessionStorage = saved.sessionStorage
  globalThis.location = saved.location
})
beforeEach(() => rememberNext(null))

test('a path of this origin is kept with its query and hash', () => {
  expect(safeNext('/reports/4f1c?tab=questions#q-3', origin)).toBe(
    '/reports/4f1c?tab=questions#q-3',
  )
  expect(safeNext('/settings?tab=metrics', origin)).toBe('/settings?tab=metrics')
})

test('anything that could leave the origin or is not a path is refused', () => {
  for (const bad of [
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'http://evil.example/',
    'https:evil.example',
    'javascript:alert(1)',
    'reports/1',
    '/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n'),
    '/\tevil',
    '',
    null,
    undefined,
    `/${'a'.repeat(2001)}`,
  ])
    expect(safeNext(bad, origin)).toBeNull()
})

test('the landing page and the sign-in callback are not places to go back to', () => {
  expect(safeNext('/', origin)).toBeNull()
  expect(safeNext('/?next=/x', origin)).toBeNull()
  expect(safeNext('/auth/callback?code=1', origin)).toBeNull()
})

test('a signed-out visit is sent to / exactly, and the page is remembered for after sign-in', () => {
  rememberNext(null)
  expect(leaveForSignIn('/reports/4f1c?tab=questions')).toBe('/')
  expect(rememberedNext()).toBe('/reports/4f1c?tab=questions')
  expect(takeRememberedNext()).toBe('/reports/4f1c?tab=questions')
  expect(leaveForSignIn('//evil.example')).toBe('/')
  expect(rememberedNext()).toBeNull()
  expect(nextOfSearch('?next=%2Freports%2F4f1c')).toBe('/reports/4f1c')
  expect(nextOfSearch('?next=%2F%2Fevil.example')).toBeNull()
  expect(nextOfSearch('?next=http%3A%2F%2Fevil.example%2F')).toBeNull()
})

test('the remembered page is given once, and checked again when read', () => {
  rememberNext('/decisions?query=Meridian')
  expect(takeRememberedNext()).toBe('/decisions?query=Meridian')
  expect(takeRememberedNext()).toBeNull()
  sessionStorage.setItem('cadence.next', '//evil.example')
  expect(takeRememberedNext()).toBeNull()
})
