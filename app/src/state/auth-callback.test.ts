import { afterEach, beforeEach, expect, spyOn, test } from 'bun:test'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { authState, exchangeCode, NO_CODE, resetAuth } from './auth'

let errorSpy: ReturnType<typeof spyOn>
beforeEach(() => {
  resetAuth()
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  restoreFetch()
  errorSpy.mockRestore()
})

const settle = () => new Promise((r) => setTimeout(r, 10))

test('a refused code exchange settles the session, so the landing page does not spin', async () => {
  const calls = stubFetch(({ path }) =>
    path === '/api/sessions' ? json({ error: 'Invalid code' }, 400) : json({ error: 'no' }, 401),
  )
  await expect(exchangeCode('?code=bad&state=bad')).rejects.toThrow(
    'Failed to exchange code for session token: API responded with HTTP status 400',
  )
  await settle()
  expect(calls.map((c) => c.path)).toEqual(['/api/sessions', '/api/users/me'])
  expect(authState.status).toBe('signed-out')
})

test('a callback without a code settles the session too', async () => {
  stubFetch(() => json({ error: 'no' }, 401))
  await expect(exchangeCode('?state=x')).rejects.toThrow(NO_CODE)
  await settle()
  expect(authState.status).toBe('signed-out')
})

test('a failed exchange of a still signed-in user keeps them signed in', async () => {
  const user = { id: 7, email: 'ada@example.com', name: 'Ada', provider_user_id: 'dev:ada' }
  stubFetch(({ path }) =>
    path === '/api/sessions' ? json({ error: 'Invalid code' }, 400) : json(user),
  )
  await expect(exchangeCode('?code=old&state=s')).rejects.toThrow()
  await settle()
  expect(authState.status).toBe('signed-in')
})
