import { BadRequest, PayloadTooLarge } from './errors'
import { NUL_IN_TEXT, parseJsonInSteps, storableString } from './json-steps'
import { nextTurn } from './time-slices'

/**
 * Request bodies, read within their route's limit whatever the framing: the bytes are counted as
 * they arrive (Content-Length or chunked), and reading stops at the first byte over the limit
 * (413, nothing parsed). JSON nested deeper than MAX_JSON_DEPTH is refused (400) before it is
 * parsed: no real body nests past a few levels, and a deeply nested one costs the parser, and the
 * validator that walks it, far more than its size says (a stack overflow at 500,000 levels).
 */
export const MAX_JSON_DEPTH = 64

/** The 413 message for a limit: "Request body too large (at most 1 MB)". */
export function bodyTooLarge(limit: number) {
  const size =
    limit >= 1024 * 1024 ? `${+(limit / (1024 * 1024)).toFixed(1)} MB` : `${limit / 1024} KB`
  return `Request body too large (at most ${size})`
}

const decoder = new TextDecoder()

/** The body's bytes, at most `limit`, as they came: over it, 413 and the rest is left unread. */
async function readBytes(request: Request, limit: number): Promise<Uint8Array[]> {
  if (!request.body) return []
  // Framed by a Content-Length within the limit (the server reads that many bytes): read at once,
  // natively, and still counted (a stream reader costs ~20 µs a request on the write path). Not a
  // large body: Bun gathers it into one buffer in a turn that grows with it (72-90 ms of the thread
  // for 7.6 MB, against 33-67 ms read as the chunks come).
  const declared = request.headers.get('content-length')
  if (declared !== null && !request.headers.has('transfer-encoding')) {
    const length = Number(declared)
    if (Number.isSafeInteger(length) && length >= 0 && length <= limit && length < LARGE_BODY) {
      const bytes = await request.arrayBuffer()
      if (bytes.byteLength > limit) throw new PayloadTooLarge(bodyTooLarge(limit))
      return [new Uint8Array(bytes)]
    }
  }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      reader.cancel().catch(() => {})
      throw new PayloadTooLarge(bodyTooLarge(limit))
    }
    chunks.push(value)
  }
  return chunks
}

const sizeOf = (chunks: Uint8Array[]) => chunks.reduce((sum, c) => sum + c.byteLength, 0)

/** Chunks decoded as one text (a small body's). */
const decodeWhole = (chunks: Uint8Array[]) =>
  decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, sizeOf(chunks)))

/** The body as text, at most `limit` bytes: over it, 413 and the rest is left unread. */
export async function readBody(request: Request, limit: number): Promise<string> {
  return decodeWhole(await readBytes(request, limit))
}

/** Bytes decoded in one step of a large body. */
export const PIECE_BYTES = 256 * 1024

/**
 * A large body's text in pieces of PIECE_BYTES, decoded one a turn (a character cut between two
 * pieces is whole in the second): never one string of the whole body, whose making alone held the
 * thread 40-70 ms for an 8 MB import.
 */
export async function decodeInPieces(chunks: Uint8Array[]): Promise<string[]> {
  const streaming = new TextDecoder()
  const pieces: string[] = []
  for (const chunk of chunks)
    for (let at = 0; at < chunk.byteLength; at += PIECE_BYTES) {
      if (pieces.length) await nextTurn()
      pieces.push(streaming.decode(chunk.subarray(at, at + PIECE_BYTES), { stream: true }))
    }
  pieces.push(streaming.decode())
  return pieces
}

/**
 * Whether the JSON text nests arrays and objects at most `max` deep: one pass, strings skipped
 * whole (their brackets are text). Malformed text may pass; the parser refuses it.
 */
export function jsonDepthWithin(text: string, max = MAX_JSON_DEPTH) {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      // To the closing quote: the next one not escaped by an odd run of backslashes.
      for (;;) {
        i = text.indexOf('"', i + 1)
        if (i === -1) return true
        let slashes = 0
        while (text.charCodeAt(i - 1 - slashes) === 0x5c) slashes++
        if (slashes % 2 === 0) break
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return false
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return true
}

/** JSON text as a value (null when blank): 400 when malformed or nested too deep. */
export function parseJson(text: string, depthChecked = false): unknown {
  if (!text.trim()) return null
  if (!depthChecked && !jsonDepthWithin(text))
    throw new BadRequest(`Request body nested too deeply (at most ${MAX_JSON_DEPTH} levels)`)
  try {
    return JSON.parse(text)
  } catch {
    throw new BadRequest('Malformed request body')
  }
}

/**
 * Bodies at least this long are parsed in steps (json-steps.ts): JSON.parse of a large body built
 * to be slow holds the thread in one turn for longer than the 50 ms budget of the event loop.
 */
export const LARGE_BODY = 256 * 1024

export { NUL_IN_TEXT }

/**
 * Every string of a parsed body (keys too) as both engines store it the same: JSON may escape a NUL
 * (\u0000), which PostgreSQL cannot store in text (400, on SQLite too, so both answer alike), or
 * half a surrogate pair (\ud800), which neither can store as UTF-8: it becomes U+FFFD, as it
 * would in the raw bytes. Raw text cannot hold either (JSON refuses a raw control character, and
 * invalid UTF-8 is decoded to U+FFFD), so only a body with such an escape is walked.
 */
export function storableText<T>(value: T, text: string): T {
  if (!/\\u(0000|[dD][89a-fA-F])/.test(text)) return value
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return storableString(v)
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([key, inner]) => [storableString(key), walk(inner)]),
      )
    return v
  }
  return walk(value) as T
}

/**
 * A JSON body read within `limit` bytes and parsed within MAX_JSON_DEPTH levels. A large one (an
 * import) is decoded and parsed in steps that give the event loop back, in pieces (never one
 * string of the whole body), its depth checked and its strings made storable as it is parsed; a
 * small one is parsed at once and then made storable (storableText, which walks it only when it
 * has such an escape).
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const chunks = await readBytes(request, limit)
  if (sizeOf(chunks) < LARGE_BODY) {
    const text = decodeWhole(chunks)
    return storableText(parseJson(text), text)
  }
  const pieces = await decodeInPieces(chunks)
  // Blank, as a small body: no value.
  if (!pieces.some((piece) => /\S/.test(piece))) return null
  return parseJsonInSteps(pieces, MAX_JSON_DEPTH, undefined, true)
}
