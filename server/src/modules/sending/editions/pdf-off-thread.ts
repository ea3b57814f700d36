// The memo's PDF made off the server's thread: each PDF on a worker of its own (pdf-worker.ts),
// at most PDF_WORKERS at a time, each within PDF_TIME_BUDGET_MS. Past the budget the worker is
// ended and the request answers 503 with a sentence saying so; more than PDF_QUEUE waiting
// answer 503 at once. The server's thread only posts the composed brief and gets the bytes.
import type { ComposedBrief } from '@cadence/core'
import { assets } from '../../../lib/assets'
import { HttpError } from '../../../lib/errors'
import type { PdfOptions } from './pdf'

export const PDF_TIME_BUDGET_MS = 10_000
export const PDF_WORKERS = 2
export const PDF_QUEUE = 16

/** 503: the PDF could not be made in time (or too many are being made). */
export class PdfUnavailable extends HttpError {
  constructor(message: string) {
    super(503, message)
  }
}

/** How many PDFs the workers made (the tests' proof that they are used). */
export const pdfWorkerStats = { made: 0 }

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

function onWorker(composed: ComposedBrief, options: PdfOptions, budgetMs: number) {
  const worker = new Worker(assets.pdfWorker ?? new URL('./pdf-worker.ts', import.meta.url), {
    smol: true,
  })
  return new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.terminate()
      reject(tooSlow())
    }, budgetMs)
    const end = () => {
      clearTimeout(timer)
      worker.terminate()
    }
    worker.onmessage = (event: MessageEvent<{ bytes?: Uint8Array; error?: string }>) => {
      end()
      if (event.data.bytes) {
        pdfWorkerStats.made++
        resolve(event.data.bytes)
      } else reject(new Error(`The PDF could not be made: ${event.data.error}`))
    }
    worker.onerror = (event) => {
      end()
      reject(new Error(`The PDF worker stopped: ${event.message}`))
    }
    worker.postMessage({ composed, options })
  })
}
