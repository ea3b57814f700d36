// The report import's Markdown parse on a thread of its own (parse-off-thread.ts): parsing the
// largest import in one turn would hold the server's event loop for every other user.
import { type ParseOptions, parseReportText } from './parser'

declare const self: Worker

self.onmessage = (event: MessageEvent<{ id: number; text: string; options: ParseOptions }>) => {
  const { id, text, options } = event.data
  try {
    postMessage({ id, parsed: parseReportText(text, options) })
  } catch (error) {
    postMessage({ id, error: String(error) })
  }
}
