import { constants, crc32, deflateRaw } from 'node:zlib'
import { nextTurn, SLICE_MS } from './time-slices'

/**
 * A text made of lines (`lines.join('\n')`), written a slice of the event loop at a time (issue
 * 42: no request holds it more than 50 ms). Each chunk is the lines made within `sliceMs` (or
 * `maxLines` of them), joined there: joining a whole report's 20,000 lines at once cost 20–90 ms
 * in one turn, since each line is a rope of its parts that the join flattens. The chunks, put end
 * to end, are `lines.join('\n') + end`; the thread is given back between two chunks.
 */
export async function* textChunks(
  lines: Iterable<string>,
  { sliceMs = SLICE_MS, maxLines = 250, end = '' } = {},
): AsyncGenerator<string> {
  let batch: string[] = []
  let first = true
  let started = performance.now()
  const chunk = () => {
    const text = `${first ? '' : '\n'}${batch.join('\n')}`
    first = false
    batch = []
    return text
  }
  for (const line of lines) {
    batch.push(line)
    if (batch.length >= maxLines || performance.now() - started >= sliceMs) {
      yield chunk()
      await nextTurn()
      started = performance.now()
    }
  }
  yield `${batch.length || first ? chunk() : ''}${end}`
}

/**
 * The chunks' text with its end trimmed and one line break after it (`${text.trimEnd()}\n`), as
 * chunks: what is whitespace at the end of the text so far is held back until text follows it.
 */
export async function* trimmedEnd(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let held = ''
  for await (const chunk of chunks) {
    const text = held + chunk
    const kept = text.trimEnd()
    held = text.slice(kept.length)
    if (kept) yield kept
  }
  yield '\n'
}

/** The chunks joined into one string (each chunk is flat, so this join is a copy). */
export async function joinChunks(chunks: AsyncIterable<string>): Promise<string> {
  const parts: string[] = []
  for await (const chunk of chunks) parts.push(chunk)
  return parts.join('')
}

/**
 * A response body written as the chunks come (a report's Markdown, its e-mail parts): encoded a
 * chunk at a time, never whole in one turn. A client that goes away stops the writing.
 */
export function chunkStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else if (next.value) controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}

/** Text gathered into one piece before it is compressed: each piece is compressed on its own. */
const GZIP_PIECE = 128 * 1024
const GZIP_LEVEL = 4

/** Raw deflate of one piece on libuv's thread pool, ending on a byte boundary (a sync flush). */
const deflatePiece = (piece: Uint8Array) =>
  new Promise<Uint8Array>((resolve, reject) =>
    deflateRaw(piece, { level: GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }, (error, out) =>
      error ? reject(error) : resolve(new Uint8Array(out)),
    ),
  )

/**
 * The chunks (text, or bytes) as one gzip stream (RFC 1952), compressed off the event loop (issue 42): each piece
 * of about GZIP_PIECE bytes is deflated on libuv's thread pool and ends with a sync flush, so the
 * pieces put end to end are one deflate stream, closed by an empty final block; the checksum is
 * taken as the pieces go. Compressing a streamed answer whole (`Bun.gzipSync`, or a zlib stream,
 * which Bun runs on the main thread) held the loop for seconds for a 70 MB account export.
 */
export async function* gzipChunks(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder()
  // The header: deflate, no name, no time, unknown system.
  yield new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255])
  let crc = 0
  let size = 0
  let held: Uint8Array[] = []
  let heldBytes = 0
  const flush = async () => {
    const piece = held.length === 1 ? held[0] : concatBytes(held, heldBytes)
    held = []
    heldBytes = 0
    crc = crc32(piece, crc)
    size = (size + piece.length) % 2 ** 32
    return await deflatePiece(piece)
  }
  for await (const chunk of chunks) {
    if (!chunk) continue
    // Text is encoded here; bytes (a cached answer's pieces, lib/http-cache.ts) are taken as they are.
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk
    // A large chunk (an edition's brief) is compressed a piece at a time.
    for (let at = 0; at < bytes.length; at += GZIP_PIECE) {
      const part = bytes.subarray(at, at + GZIP_PIECE)
      held.push(part)
      heldBytes += part.length
      if (heldBytes >= GZIP_PIECE) yield await flush()
    }
  }
  const last = heldBytes ? await flush() : new Uint8Array(0)
  const tail = new Uint8Array(last.length + 10)
  tail.set(last)
  // An empty final block (fixed codes), then CRC-32 and the length mod 2^32, little-endian.
  tail.set([3, 0], last.length)
  const view = new DataView(tail.buffer)
  view.setUint32(last.length + 2, crc >>> 0, true)
  view.setUint32(last.length + 6, size >>> 0, true)
  yield tail
}

function concatBytes(parts: Uint8Array[], total: number) {
  const out = new Uint8Array(total)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/**
 * A streamed answer (a report's Markdown, the account export): gzipped off the loop when the
 * client accepts it (gzipChunks), as it is written; otherwise as it is written. The answer carries
 * its encoding, so the app's compression (lib/http-cache.ts, which would read the whole body and
 * compress it in one turn) leaves it alone.
 */
export function streamedResponse(
  request: Request,
  chunks: AsyncGenerator<string>,
  headers: Record<string, string>,
): Response {
  if (!/\bgzip\b/i.test(request.headers.get('accept-encoding') ?? ''))
    return new Response(chunkStream(chunks), { headers })
  const gzipped = gzipChunks(chunks)
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await gzipped.next()
      if (next.done) controller.close()
      else if (next.value.length) controller.enqueue(next.value)
    },
    async cancel() {
      await gzipped.return(undefined)
      await chunks.return(undefined)
    },
  })
  return new Response(body, {
    headers: { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' },
  })
}
