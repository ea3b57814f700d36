// The one-file build's temporary folder: one left by a process that was killed outright is
// removed at the next start; one of a process still running, or without the marker, is kept.
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MARKER, removeStaleUnpacked, UNPACK_PREFIX, unpackDir } from './unpack-dir'

const parent = mkdtempSync(join(tmpdir(), 'unpack-test-'))
afterAll(() => rmSync(parent, { recursive: true, force: true }))

/** A pid that ran and is gone: a finished child's. */
function deadPid() {
  const child = Bun.spawnSync(['true'])
  return child.pid
}

function folder(name: string, pid?: number) {
  const dir = join(parent, name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'app.js'), 'x'.repeat(1000))
  if (pid !== undefined) writeFileSync(join(dir, MARKER), String(pid))
  return dir
}

describe('the one-file build unpacks into a folder cleaned at the next start', () => {
  test('a killed process’s folder is removed; a running one’s and unmarked ones are kept', async () => {
    const killed = folder(`${UNPACK_PREFIX}killed`, deadPid())
    const alive = folder(`${UNPACK_PREFIX}alive`, process.ppid)
    const unmarked = folder(`${UNPACK_PREFIX}unmarked`)
    const other = folder('cadence-pg-other', deadPid())
    expect(removeStaleUnpacked(parent)).toBe(1)
    expect(existsSync(killed)).toBe(false)
    for (const kept of [alive, unmarked, other]) expect(existsSync(kept)).toBe(true)
  })

  test('a start marks its own folder and removes what a kill -9 left', async () => {
    const left = folder(`${UNPACK_PREFIX}left`, deadPid())
    const dir = unpackDir(parent)
    expect(existsSync(left)).toBe(false)
    expect(readFileSync(join(dir, MARKER), 'utf8')).toBe(String(process.pid))
    // A later start (another process) keeps it while this one runs.
    expect(removeStaleUnpacked(parent)).toBe(0)
    expect(existsSync(dir)).toBe(true)
  })

  test('a process killed with SIGKILL leaves its folder; the next start removes it', async () => {
    const script = join(parent, 'start.ts')
    writeFileSync(
      script,
      `import { unpackDir } from ${JSON.stringify(join(import.meta.dir, 'unpack-dir.ts'))}
const dir = unpackDir(${JSON.stringify(parent)})
console.log(dir)
setInterval(() => {}, 1000)`,
    )
    const child = Bun.spawn(['bun', script], { stdout: 'pipe' })
    const reader = child.stdout.getReader()
    const dir = new TextDecoder().decode((await reader.read()).value).trim()
    expect(existsSync(dir)).toBe(true)
    child.kill('SIGKILL')
    await child.exited
    expect(existsSync(dir)).toBe(true)
    unpackDir(parent)
    expect(existsSync(dir)).toBe(false)
  })
})
