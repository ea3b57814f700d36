import { describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { gzipChunks, streamedResponse } from './sliced-text'

async function* from(chunks: string[]) {
  for (const chunk of chunks) yield chunk
}

async function gathered(chunks: AsyncIterable<Uint8Array>) {
  const parts: Uint8Array[] = []
  for await (const part of chunks) parts.push(part)
  return Buffer.concat(parts)
}

describe('gzipChunks: a stream gzipped off the event loop, a piece at a time', () => {
  test('decodes to the chunks joined, across pieces, empty chunks and multi-byte characters', async () => {
    const chunks = [
      '',
      '{"a":',
      'é€😀'.repeat(50_000), // 450 KB of UTF-8: several pieces, a character across a piece's end
      '',
      ',"b":[1,2,3]}',
      'x'.repeat(1_000_000),
    ]
    const gz = await gathered(gzipChunks(from(chunks)))
    expect(gz.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
    expect(gunzipSync(gz).toString('utf8')).toBe(chunks.join(''))
    // What a browser decodes with: the web's DecompressionStream.
    const web = new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip')))
    expect(await web.text()).toBe(chunks.join(''))
  })

  test('no chunks at all: an empty gzip', async () => {
    expect(gunzipSync(await gathered(gzipChunks(from([])))).length).toBe(0)
  })

  test('a corrupted stream fails its checksum (the trailer is the text’s CRC-32 and length)', async () => {
    const gz = await gathered(gzipChunks(from(['hello ', 'world'])))
    expect(gunzipSync(gz).toString()).toBe('hello world')
    const bad = Buffer.from(gz)
    bad[bad.length - 8] ^= 1
    expect(() => gunzipSync(bad)).toThrow()
  })
})

describe('streamedResponse', () => {
  const text = ['# Week', '\n', '- item\n'.repeat(10_000)]
  test('gzipped when the client accepts it, with its encoding named', async () => {
    const req = new Request('http://x/', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    const res = streamedResponse(req, from(text), { 'content-type': 'text/markdown' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toBe('text/markdown')
    expect(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString()).toBe(text.join(''))
  })

  test('as written otherwise', async () => {
    const res = streamedResponse(new Request('http://x/'), from(text), {
      'content-type': 'text/plain',
    })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toBe(text.join(''))
  })
})
