/**
 * The one-file build's private folder (scripts/compile.ts): the web app and the migrations are
 * unpacked there at start and removed at exit. A process killed outright (`kill -9`, a crash, the
 * machine's power) cannot remove its own, so each start also removes the folders of its kind
 * whose process is gone: each folder names its process in a marker file, and only folders with a
 * marker naming a process that no longer runs are removed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const UNPACK_PREFIX = 'cadence-app-'
export const MARKER = '.cadence-pid'

const running = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as { code?: string }).code === 'EPERM'
  }
}

/** Removes the folders left by processes that no longer run; answers how many. */
export function removeStaleUnpacked(parent = tmpdir()) {
  let removed = 0
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(UNPACK_PREFIX)) continue
    const dir = join(parent, name)
    let pid: number
    try {
      pid = Number(readFileSync(join(dir, MARKER), 'utf8').trim())
    } catch {
      continue
    }
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || running(pid)) continue
    try {
      rmSync(dir, { recursive: true, force: true })
      removed++
    } catch {}
  }
  return removed
}

/** A new private folder for this process (marked with its pid), removed at exit. */
export function unpackDir(parent = tmpdir()) {
  try {
    removeStaleUnpacked(parent)
  } catch {}
  const dir = mkdtempSync(join(parent, UNPACK_PREFIX))
  writeFileSync(join(dir, MARKER), String(process.pid))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}
