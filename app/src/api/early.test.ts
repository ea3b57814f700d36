import { afterEach, describe, expect, test } from 'bun:test'
import { takeEarlyAnswer } from './early'

const g = globalThis as { __cadenceEarly?: unknown; location?: unknown }
const origin = 'http://localhost:5173'

function early(answers: Record<string, Promise<Response>>, at = Date.now()) {
  g.location = { origin }
  g.__cadenceEarly = { at, answers }
}

afterEach(() => {
  delete g.__cadenceEarly
  delete g.location
})

describe('takeEarlyAnswer', () => {
  test('hands the early response to the first GET of its path and query, once', async () => {
    const answer = Promise.resolve(new Response('{"a":1}'))
    early({ '/api/dashboard': answer })
    expect(takeEarlyAnswer(new URL(`${origin}/api/dashboard?x=1`))).toBeNull()
    expect(takeEarlyAnswer(new URL(`${origin}/api/dashboard`))).toBe(answer)
    expect(takeEarlyAnswer(new URL(`${origin}/api/dashboard`))).toBeNull()
  })

  test('nothing for another origin, without the script, or once 20 s have passed', () => {
    expect(takeEarlyAnswer(new URL(`${origin}/api/dashboard`))).toBeNull()
    early({ '/api/dashboard': Promise.resolve(new Response('{}')) })
    expect(takeEarlyAnswer(new URL('http://elsewhere/api/dashboard'))).toBeNull()
    early({ '/api/reports/r': Promise.resolve(new Response('{}')) }, Date.now() - 20_000)
    expect(takeEarlyAnswer(new URL(`${origin}/api/reports/r`))).toBeNull()
  })
})
