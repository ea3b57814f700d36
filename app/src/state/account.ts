// The user's whole account as one JSON file: download (GET /api/export) and restore (POST /api/import).
import { api, call, messageOf } from '../api/client'
import { cache } from './cache'
import { showToast } from './toasts'

/** Reads a chosen file as a Cadence export; anything else is refused before it reaches the server. */
export function parseExport(text: string): object {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch {
    throw new Error('The file is not a Cadence export (it is not JSON)')
  }
  if (
    !doc ||
    typeof doc !== 'object' ||
    (doc as { format?: unknown }).format !== 'cadence-export'
  ) {
    throw new Error('The file is not a Cadence export')
  }
  return doc
}

export async function downloadExport(now = new Date()) {
  try {
    const doc = await call(api.api.export.get())
    const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' })
    const url = URL.createObjectURL(blob)
    const a = document.createElement('a')
    a.href = url
    a.download = `cadence-export-${now.toISOString().slice(0, 10)}.json`
    document.body.append(a)
    a.click()
    a.remove()
    URL.revokeObjectURL(url)
    showToast('Your data was downloaded', 'success')
  } catch (error) {
    showToast(`Failed to download your data: ${messageOf(error)}`, 'error')
  }
}

export async function importAccount(file: Blob) {
  try {
    const doc = parseExport(await file.text())
    // The file is checked by the server (its body is any JSON); the answer is typed.
    const counts = await call(api.api.import.post(doc))
    await Promise.all(
      [
        cache.projects,
        cache.sectionTemplates,
        cache.teamMembers,
        cache.settings,
        cache.dashboard,
      ].map((r) => r.load({ force: true }).catch(() => {})),
    )
    showToast(`Data imported successfully (${counts.reports} reports)`, 'success')
    return counts
  } catch (error) {
    showToast(`Failed to import data: ${messageOf(error)}`, 'error')
    return null
  }
}
