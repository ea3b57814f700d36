// The memo's PDF made off the server's thread, on workers (pdf-worker.ts): at most PDF_WORKERS
// at a time, each PDF within PDF_TIME_BUDGET_MS. Past the budget the worker is ended and the
// request answers 503 with a sentence saying so; more than PDF_QUEUE waiting answer 503 at once.
// The server's thread only posts the composed brief and gets the bytes. A worker that finished is
// kept for the next PDF for PDF_WORKER_IDLE_MS: starting one (loading pdfkit and the fonts) costs
// several times a short PDF's own layout; an idle worker never keeps the process alive.
import type { ComposedBrief } from '@cadence/core'
import { assets } from '../../../lib/assets'
import { HttpError } from '../../../lib/errors'
import type { PdfOptions } from './pdf'

export const PDF_TIME_BUDGET_MS = 10_000
export const PDF_WORKERS = 2
export const PDF_QUEUE = 16
export const PDF_WORKER_IDLE_MS = 60_000

/** 503: the PDF could not be made in time (or too many are being made). */
export class PdfUnavailable extends HttpError {
  constructor(message: string) {
    super(503, message)
  }
}

/** How many PDFs the workers made and how many workers were started (the tests' proof). */
export const pdfWorkerStats = { made: 0, started: 0 }

/** The time budget, changeable by tests only. */
export const pdfLimits = { budgetMs: PDF_TIME_BUDGET_MS }

let running = 0
const waiting: (() => void)[] = []

async function slot() {
  if (running < PDF_WORKERS) {
    running++
    return
  }
  if (waiting.length >= PDF_QUEUE)
    throw new PdfUnavailable('Too many PDFs are being made right now: try again in a minute')
  await new Promise<void>((resolve) => waiting.push(resolve))
}

function release() {
  const next = waiting.shift()
  if (next) next()
  else running--
}

/** The composed brief as a PDF, made on a worker within the time budget. */
export async function memoPdfOffThread(
  composed: ComposedBrief,
  options: PdfOptions,
): Promise<Uint8Array> {
  const started = performance.now()
  await slot()
  try {
    const left = pdfLimits.budgetMs - (performance.now() - started)
    if (left <= 0) throw tooSlow()
    return await onWorker(composed, options, left)
  } finally {
    release()
  }
}

const tooSlow = () =>
  new PdfUnavailable(
    `The PDF took longer than ${pdfLimits.budgetMs / 1000} s to make and was stopped: shorten the report's longest texts`,
  )

/** Bun's Worker: `unref()` lets the process exit while the worker waits, `ref()` undoes it. */
type PdfWorker = Worker & { ref(): void; unref(): void }

/** Workers that finished a PDF and wait for the next one, each with its end timer. */
const idle: { worker: PdfWorker; timer: ReturnType<typeof setTimeout> }[] = []

function takeWorker(): PdfWorker {
  const kept = idle.pop()
  if (kept) {
    clearTimeout(kept.timer)
    kept.worker.ref()
    return kept.worker
  }
  pdfWorkerStats.started++
  return new Worker(assets.pdfWorker ?? new URL('./pdf-worker.ts', import.meta.url), {
    smol: true,
  }) as PdfWorker
}

/** Keeps a worker that answered for the next PDF, or ends it when enough are kept. */
function keepWorker(worker: PdfWorker) {
  if (idle.length >= PDF_WORKERS) {
    worker.terminate()
    return
  }
  worker.unref()
  const timer = setTimeout(() => {
    const at = idle.findIndex((k) => k.worker === worker)
    if (at >= 0) idle.splice(at, 1)
    worker.terminate()
  }, PDF_WORKER_IDLE_MS)
  timer.unref?.()
  idle.push({ worker, timer })
}

function onWorker(composed: ComposedBrief, options: PdfOptions, budgetMs: number) {
  const worker = takeWorker()
  return new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.terminate()
      reject(tooSlow())
    }, budgetMs)
    worker.onmessage = (event: MessageEvent<{ bytes?: Uint8Array; error?: string }>) => {
      clearTimeout(timer)
      keepWorker(worker)
      if (event.data.bytes) {
        pdfWorkerStats.made++
        resolve(event.data.bytes)
      } else reject(new Error(`The PDF could not be made: ${event.data.error}`))
    }
    worker.onerror = (event) => {
      clearTimeout(timer)
      worker.terminate()
      reject(new Error(`The PDF worker stopped: ${event.message}`))
    }
    worker.postMessage({ composed, options })
  })
}
