// The memo's PDF on a thread of its own (pdf-off-thread.ts): pdfkit lays a page out in one long
// turn, so it never runs on the server's thread.
import type { ComposedBrief } from '@cadence/core'
import { memoPdf, type PdfOptions } from './pdf'

declare const self: Worker

self.onmessage = async (event: MessageEvent<{ composed: ComposedBrief; options: PdfOptions }>) => {
  try {
    const bytes = await memoPdf(event.data.composed, event.data.options)
    postMessage({ bytes }, [bytes.buffer])
  } catch (error) {
    postMessage({ error: String(error) })
  }
}
