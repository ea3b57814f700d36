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
