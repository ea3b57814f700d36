import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { pathAndQuery } from './request-path'

describe('pathAndQuery', () => {
  test('reads what URL reads', () => {
    for (const url of [
      'http://localhost/api/reports',
      'http://localhost:3000/api/search?query=a%20b&type=task',
      'https://cadence.example.com/',
      'http://localhost',
      'http://localhost/api/reports?',
      'http://localhost/r/abc#top',
      'http://localhost/a?b=c#d?e',
    ]) {
      const parsed = new URL(url)
      expect(pathAndQuery(url)).toEqual({ pathname: parsed.pathname, search: parsed.search })
    }
  })

  test('agrees with URL on any path and query a client can send', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/)
    const query = fc.stringMatching(/^[A-Za-z0-9=&%+._-]{0,20}$/)
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), fc.option(query), (segments, q) => {
        const url = `http://127.0.0.1:8080/${segments.join('/')}${q === null ? '' : `?${q}`}`
        const parsed = new URL(url)
        const mine = pathAndQuery(url)
        // URL normalises dot segments; a request URL from Bun already has them resolved.
        if (segments.some((s) => s === '.' || s === '..' || /%2e/i.test(s))) return
        expect(mine).toEqual({ pathname: parsed.pathname, search: parsed.search })
      }),
    )
  })
})
