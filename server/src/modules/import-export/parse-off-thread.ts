// Pasted report text parsed off the server's thread: one worker (parse-worker.ts), started on the
// first import, answers the parses one after another. The result is parseReportText's.
import { assets } from '../../lib/assets'
import { type ParsedReport, type ParseOptions, parseReportText } from './parser'

// Bun's Worker can stop or start keeping the process alive.
type ParseWorker = Worker & { ref(): void; unref(): void }
type Answer = { id: number; parsed?: ParsedReport; error?: string }
type Waiting = { resolve: (parsed: ParsedReport) => void; reject: (error: Error) => void }

/** How many parses the worker answered (the tests' proof that it is used). */
export const parseWorkerStats = { parsed: 0 }

let worker: ParseWorker | null = null
const waiting = new Map<number, Waiting>()
let nextId = 0

function startWorker() {
  const started = new Worker(assets.parseWorker ?? new URL('./parse-worker.ts', import.meta.url), {
    ref: false,
    smol: true,
  }) as ParseWorker
  started.onmessage = (event: MessageEvent<Answer>) => {
    const { id, parsed, error } = event.data
    const entry = waiting.get(id)
    waiting.delete(id)
    if (!waiting.size) started.unref()
    if (!entry) return
    if (parsed) {
      parseWorkerStats.parsed++
      entry.resolve(parsed)
    } else entry.reject(new Error(error ?? 'parse failed'))
  }
  started.onerror = (event) => {
    console.error(`Report parse worker stopped: ${event.message}`)
    if (worker === started) worker = null
    started.terminate()
    for (const entry of waiting.values()) entry.reject(new Error(event.message))
    waiting.clear()
  }
  return started
}

/**
 * parseReportText(text, options) on the worker. Should the worker fail, the parse runs here
 * instead: the same answer, one long turn of this thread.
 */
export async function parseOffThread(text: string, options: ParseOptions): Promise<ParsedReport> {
  try {
    worker ??= startWorker()
    const current: ParseWorker = worker
    const id = nextId++
    const answer = new Promise<ParsedReport>((resolve, reject) =>
      waiting.set(id, { resolve, reject }),
    )
    // Kept alive while a parse is waiting; not otherwise.
    current.ref()
    current.postMessage({ id, text, options })
    return await answer
  } catch (error) {
    console.error(`Report parsed on the server's thread: ${error}`)
    return parseReportText(text, options)
  }
}
