import { afterEach, beforeEach, expect, spyOn, test } from 'bun:test'
import { api, call } from '../api/client'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { authState, fetchUser, resetAuth } from './auth'

const user = { id: 7, email: 'ada@example.com', name: 'Ada', provider_user_id: 'dev:ada' }
let errorSpy: ReturnType<typeof spyOn>
// Online for these tests (another file may leave navigator.onLine false behind).
let onLine: PropertyDescriptor | undefined
beforeEach(() => {
  resetAuth()
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
  onLine = Object.getOwnPropertyDescriptor(globalThis.navigator, 'onLine')
  Object.defineProperty(globalThis.navigator, 'onLine', { value: true, configurable: true })
})
afterEach(() => {
  restoreFetch()
  errorSpy.mockRestore()
  if (onLine) Object.defineProperty(globalThis.navigator, 'onLine', onLine)
})

const settle = () => new Promise((r) => setTimeout(r, 10))

test('a 401 from any call while signed in re-checks the session and signs out', async () => {
  let expired = false
  const calls = stubFetch(({ path }) =>
    expired
      ? json({ error: 'Not signed in' }, 401)
      : path === '/api/users/me'
        ? json(user)
        : json([]),
  )
  await fetchUser()
  expect(authState.status).toBe('signed-in')
  expired = true
  await expect(call(api.api.projects.get())).rejects.toThrow('Not signed in')
  await settle()
  expect(calls.map((c) => c.path)).toEqual(['/api/users/me', '/api/projects', '/api/users/me'])
  expect(authState.status).toBe('signed-out')
  expect(authState.user).toBeNull()
})

test('other failures leave the session alone', async () => {
  let failing = false
  const calls = stubFetch(({ path }) =>
    failing ? json({ error: 'down' }, 500) : path === '/api/users/me' ? json(user) : json([]),
  )
  await fetchUser()
  failing = true
  await expect(call(api.api.projects.get())).rejects.toThrow('down')
  await settle()
  expect(calls.map((c) => c.path)).toEqual(['/api/users/me', '/api/projects'])
  expect(authState.status).toBe('signed-in')
})
