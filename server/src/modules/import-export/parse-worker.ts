// The report import's Markdown parse on a thread of its own (parse-off-thread.ts): parsing the
// largest import took one 20–35 ms turn of the server's event loop.
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
