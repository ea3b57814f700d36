import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Whether a database has every migration this version knows: the newest applied one (drizzle's
 * `created_at`, the journal's `when`) is at least the folder's newest. A database migrated by a
 * newer version is current too: during a rolling upgrade the older instances keep serving.
 */
export function migrationsCurrent(folder: string, lastApplied: unknown): boolean {
  if (lastApplied === null || lastApplied === undefined) return false
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  const newest = journal.entries.at(-1)?.when
  return newest !== undefined && Number(lastApplied) >= newest
}
