import { gzip } from 'node:zlib'
import { timeSlices } from './time-slices'

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

/**
 * `JSON.stringify(value)`, built in time slices (lib/time-slices.ts): a report at its item limit is
 * megabytes of JSON, which one JSON.stringify writes in one turn of the event loop (issue 42: no
 * request holds it more than 50 ms). Arrays are written an element at a time, down to `depth`
 * arrays deep (a report's sections, then their items); what lies deeper is written by
 * JSON.stringify whole. The text is JSON.stringify's, byte for byte.
 */
export async function slicedStringify(
  value: unknown,
  depth = 2,
  slices = timeSlices(),
): Promise<string> {
  return (await slicedJsonPieces(value, depth, slices)).join('')
}

/**
 * slicedStringify's text as the flat pieces it is written in (put end to end, JSON.stringify's
 * text): a report at its item limit is 6 MB, and joining or encoding it whole costs 25–40 ms in
 * one turn on a virtual machine (the first touch of fresh memory), so the answer keeps the pieces.
 */
export async function slicedJsonPieces(
  value: unknown,
  depth = 2,
  slices = timeSlices(),
): Promise<string[]> {
  // The text so far: `done` holds flat pieces, each made of PIECE parts joined as they come (one
  // join of a whole report's 40,000 parts, ropes of their own, held the loop 70-90 ms at the end).
  const done: string[] = []
  let parts: string[] = []
  const PIECE = 512
  const write = async (v: unknown, left: number): Promise<void> => {
    if (left > 0 && Array.isArray(v)) {
      parts.push('[')
      for (let i = 0; i < v.length; i++) {
        if (parts.length >= PIECE) {
          done.push(parts.join(''))
          parts = []
        }
        await slices.pause()
        if (i) parts.push(',')
        await write(v[i], left - 1)
      }
      parts.push(']')
      return
    }
    if (left > 0 && isPlain(v)) {
      parts.push('{')
      let first = true
      for (const key of Object.keys(v)) {
        const x = v[key]
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue
        parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`)
        first = false
        await write(x, left)
      }
      parts.push('}')
      return
    }
    // Object members that JSON leaves out are skipped above; in an array they are `null`.
    parts.push(JSON.stringify(v) ?? 'null')
  }
  await write(value, depth)
  done.push(parts.join(''))
  return done
}

/**
 * The bytes of each answer made by slicedJsonResponse, as its pieces: the response cache
 * (lib/http-cache.ts) keeps them, answers them a piece at a time and compresses them a piece at a
 * time, never the whole body in one turn.
 */
export const jsonPieces = new WeakMap<Response, Uint8Array<ArrayBuffer>[]>()

/**
 * A JSON answer whose text was built in slices (slicedJsonPieces), encoded a piece at a time in
 * slices too, its body the stream of those pieces (its bytes: JSON.stringify's text, as UTF-8).
 */
export async function slicedJsonResponse(value: unknown, depth = 2): Promise<Response> {
  const slices = timeSlices()
  const text = await slicedJsonPieces(value, depth, slices)
  const encoder = new TextEncoder()
  const pieces: Uint8Array<ArrayBuffer>[] = []
  for (const piece of text) {
    await slices.pause()
    pieces.push(encoder.encode(piece))
  }
  const response = new Response(piecesStream(pieces), {
    headers: { 'content-type': 'application/json' },
  })
  jsonPieces.set(response, pieces)
  return response
}

/**
 * A body of bytes already made, as a stream of its pieces: each piece is written as it is (a
 * Response of one Uint8Array copies it, 25–40 ms for 6 MB of fresh memory).
 */
export function piecesStream(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0
  return new ReadableStream({
    pull(controller) {
      if (next < pieces.length) controller.enqueue(pieces[next++])
      else controller.close()
    },
  })
}

/** gzip on libuv's thread pool: a large body (megabytes) never compresses on the event loop. */
export function gzipOffLoop(body: Uint8Array, level: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) =>
    gzip(body, { level }, (error, out) => (error ? reject(error) : resolve(new Uint8Array(out)))),
  )
}
