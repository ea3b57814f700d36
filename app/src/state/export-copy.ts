import { downloadText } from '../api/client'
import { toast } from './toasts'

// The draft's 'Copy as Markdown' and 'Copy for e-mail' (docs/week-over-week.md), built on
// GET /api/reports/{uuid}/export?format=md|html|text.

/** The part of the Clipboard API the copy actions use (navigator.clipboard by default). */
type ClipboardLike = Pick<Clipboard, 'writeText'> & Partial<Pick<Clipboard, 'write'>>
type ClipboardItemCtor = new (items: Record<string, Blob | Promise<Blob>>) => ClipboardItem

type CopyEnv = { clipboard?: ClipboardLike | null; ClipboardItem?: ClipboardItemCtor | null }

type ExportFormat = 'md' | 'html' | 'text'

function exportPath(uuid: string, format: ExportFormat) {
  return `/api/reports/${encodeURIComponent(uuid)}/export?format=${format}` as const
}

/** The export in one format, as text. */
function exportText(uuid: string, format: ExportFormat): Promise<string> {
  return downloadText(exportPath(uuid, format))
}

function defaults(env: CopyEnv) {
  const clipboard =
    env.clipboard !== undefined
      ? env.clipboard
      : typeof navigator !== 'undefined'
        ? (navigator.clipboard ?? null)
        : null
  const Item =
    env.ClipboardItem !== undefined
      ? env.ClipboardItem
      : typeof ClipboardItem !== 'undefined'
        ? (ClipboardItem as ClipboardItemCtor)
        : null
  return { clipboard, Item }
}

/** Copies the report as Markdown (format=md); 'Copied as Markdown' or 'Failed to copy'. */
async function copyAsMarkdown(uuid: string, env: CopyEnv = {}): Promise<boolean> {
  const { clipboard } = defaults(env)
  try {
    if (!clipboard) throw new Error('Clipboard is not available')
    const text = await exportText(uuid, 'md')
    await clipboard.writeText(text)
    toast.success('Copied as Markdown')
    return true
  } catch (error) {
    console.error(error)
    toast.error('Failed to copy')
    return false
  }
}

/**
 * Copies the report for an e-mail: one clipboard item with the e-mail's HTML (format=html) and
 * plain-text (format=text) parts; where rich copy is unavailable or refused, the plain text only.
 * The item is handed to the clipboard at once with the parts still loading, so the click's user
 * activation is not lost while they download.
 */
async function copyForEmail(uuid: string, env: CopyEnv = {}): Promise<boolean> {
  const { clipboard, Item } = defaults(env)
  const text = exportText(uuid, 'text')
  // Either part failing is reported by the awaits below; never as an unhandled rejection.
  text.catch(() => {})
  try {
    if (!clipboard) throw new Error('Clipboard is not available')
    let copied = false
    if (Item && clipboard.write) {
      const html = exportText(uuid, 'html')
      html.catch(() => {})
      const blob = (part: Promise<string>, type: string) =>
        part.then((value) => new Blob([value], { type }))
      try {
        await clipboard.write([
          new Item({
            'text/html': blob(html, 'text/html'),
            'text/plain': blob(text, 'text/plain'),
          }),
        ])
        // A part that failed to load is a failure even if the browser accepted the item.
        await Promise.all([html, text])
        copied = true
      } catch (error) {
        console.error(error)
      }
    }
    if (!copied) await clipboard.writeText(await text)
    toast.success('Copied for e-mail')
    return true
  } catch (error) {
    console.error(error)
    toast.error('Failed to copy')
    return false
  }
}

export type { ClipboardLike, CopyEnv }
export { copyAsMarkdown, copyForEmail, exportPath, exportText }
