import { describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { gzipOffLoop, jsonPieces, slicedJsonResponse, slicedStringify } from './sliced-json'
import { timeSlices } from './time-slices'

describe('slicedStringify', () => {
  test("writes JSON.stringify's text, byte for byte, at every depth", async () => {
    const value = {
      title: 'Week "one" — ünïcödé',
      none: null,
      gone: undefined,
      fn: () => 1,
      when: new Date(Date.UTC(2026, 10, 23)),
      sections: [
        {
          id: 1,
          items: [
            { id: 1, content: 'a\nb', tags: [1, 2] },
            { id: 2, skip: undefined },
          ],
        },
        { id: 2, items: [] },
        [undefined, () => 0, Number.NaN, 'x'],
      ],
      empty: {},
    }
    for (const depth of [0, 1, 2, 3, 5])
      expect(await slicedStringify(value, depth)).toBe(JSON.stringify(value))
    expect(await slicedStringify([1, 'two', null])).toBe('[1,"two",null]')
  })

  test('gives the event loop back while it writes a large document', async () => {
    const big = {
      sections: [
        { items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, text: 'x'.repeat(200) })) },
      ],
    }
    let ticks = 0
    const timer = setInterval(() => ticks++, 0)
    const text = await slicedStringify(big, 2, timeSlices(1))
    clearInterval(timer)
    expect(text).toBe(JSON.stringify(big))
    // A single JSON.stringify would let no timer run until it ended.
    expect(ticks).toBeGreaterThan(1)
  })
})

test('gzipOffLoop compresses what gunzip reads back', async () => {
  const body = new TextEncoder().encode('{"a":"'.concat('b'.repeat(100_000), '"}'))
  const gz = await gzipOffLoop(body, 4)
  expect(gz.length).toBeLessThan(body.length / 10)
  expect(new Uint8Array(gunzipSync(gz))).toEqual(body)
})

test('slicedJsonResponse: the JSON as UTF-8 in pieces, the body those pieces, kept for the cache', async () => {
  const value = {
    title: 'ünïcödé “quoted”',
    sections: [{ items: Array.from({ length: 3_000 }, (_, i) => ({ id: i, text: `é ${i}` })) }],
  }
  const response = await slicedJsonResponse(value)
  const pieces = jsonPieces.get(response) as Uint8Array[]
  expect(pieces.length).toBeGreaterThan(1)
  const want = new TextEncoder().encode(JSON.stringify(value))
  expect(new Uint8Array(Bun.concatArrayBuffers(pieces))).toEqual(want)
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(want)
  expect(response.headers.get('content-type')).toBe('application/json')
})
