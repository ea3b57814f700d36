import { describe, expect, test } from 'bun:test'
import { countTurns } from '../test/turns'
import { decodeInPieces, LARGE_BODY, PIECE_BYTES, readBody, readJsonBody } from './body'

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers })

describe('readBody', () => {
  test('a body framed by its Content-Length is read whole, UTF-8 decoded', async () => {
    const text = JSON.stringify({ content: 'Résumé — 日本 ✓' })
    const bytes = new TextEncoder().encode(text)
    const request = post(bytes, { 'content-length': String(bytes.byteLength) })
    expect(await readBody(request, bytes.byteLength)).toBe(text)
  })

  test('bytes beyond the limit are refused even when the Content-Length claims fewer', async () => {
    const request = post('x'.repeat(2000), { 'content-length': '10' })
    await expect(readBody(request, 100)).rejects.toThrow('Request body too large')
  })

  test('a streamed body (no length) is counted as it arrives and refused past the limit', async () => {
    const chunks = ['a'.repeat(60), 'b'.repeat(60)]
    const stream = () =>
      new ReadableStream({
        start(c) {
          for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk))
          c.close()
        },
      })
    expect(await readBody(post(stream()), 200)).toBe(chunks.join(''))
    await expect(readBody(post(stream()), 100)).rejects.toThrow('Request body too large')
  })
})

describe('a large body, in pieces', () => {
  // A three-byte character every 7 bytes, so that piece boundaries cut characters.
  const text = `[${Array.from({ length: 120_000 }, (_, k) => `"é✓${k % 10}"`).join(',')}]`
  const bytes = new TextEncoder().encode(text)

  test('decoded a piece of at most PIECE_BYTES a turn, characters cut between pieces whole', async () => {
    // From several chunks, as a streamed body arrives.
    const chunks = [
      bytes.subarray(0, 100_001),
      bytes.subarray(100_001, 700_003),
      bytes.subarray(700_003),
    ]
    const turnsSoFar = countTurns()
    const pieces = await decodeInPieces(chunks)
    const turns = turnsSoFar()
    expect(pieces.join('')).toBe(text)
    expect(pieces.length).toBeGreaterThanOrEqual(Math.ceil(bytes.byteLength / PIECE_BYTES))
    for (const piece of pieces)
      expect(new TextEncoder().encode(piece).byteLength).toBeLessThanOrEqual(PIECE_BYTES + 3)
    // The loop turned between the pieces.
    expect(turns).toBeGreaterThanOrEqual(pieces.length - 2)
  })

  test('parsed from its pieces to the value JSON.parse gives; a blank one is no value', async () => {
    expect(bytes.byteLength).toBeGreaterThan(LARGE_BODY)
    const request = post(bytes, { 'content-length': String(bytes.byteLength) })
    expect(await readJsonBody(request, bytes.byteLength)).toEqual(JSON.parse(text))
    const blank = new TextEncoder().encode(' '.repeat(LARGE_BODY + 10))
    expect(await readJsonBody(post(blank), blank.byteLength)).toBeNull()
  })
})

describe('storableText', () => {
  test('a NUL anywhere (escaped in the JSON) is 400; half a surrogate pair becomes U+FFFD', async () => {
    const { storableText, NUL_IN_TEXT } = await import('./body')
    const parse = (text: string) => storableText(JSON.parse(text), text)
    expect(() => parse('{"content":"a\\u0000b"}')).toThrow(NUL_IN_TEXT)
    expect(() => parse('{"list":[{"k\\u0000":1}]}')).toThrow(NUL_IN_TEXT)
    expect(parse('{"content":"x\\ud800y","ok":"\\ud83d\\ude00","n":[1,"\\udc00"]}')).toEqual({
      content: 'x\ufffdy',
      ok: '😀',
      n: [1, '\ufffd'],
    })
    // An escaped backslash before "u0000" is text, not a NUL.
    expect(parse('{"content":"\\\\u0000"}')).toEqual({ content: '\\u0000' })
    // Nothing escaped: the value as parsed, not walked.
    const plain = JSON.parse('{"a":{"b":"c"}}')
    expect(storableText(plain, '{"a":{"b":"c"}}')).toBe(plain)
  })
})
