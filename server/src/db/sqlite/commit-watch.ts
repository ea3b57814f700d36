import { toArrayBuffer } from 'bun:ffi'
import type { Database } from 'bun:sqlite'
import { readFileSync, statSync } from 'node:fs'

/**
 * Sees a commit to a WAL-mode database by any connection of any process, without a read
 * transaction: it reads the WAL-index header at the start of the `-shm` file
 * (https://www.sqlite.org/walformat.html), which every commit rewrites.
 *
 * Why this is needed: on SQLite, opening a read transaction costs two fcntl locks and an fstat,
 * most of the cost of a one-row lookup. A per-request lookup whose answer rarely changes (the
 * session peek of the cached GETs) can remember its row while `epoch()` stays the same.
 *
 * Why it is safe:
 * - The header is two 48-byte copies of WalIndexHdr (iVersion, iChange, isInit, szPage, mxFrame,
 *   nPage, aFrameCksum, aSalt, aCksum). A commit appends frames, so mxFrame and the frame and
 *   header checksums change; a WAL restart changes the salts (salt-1 counts up, salt-2 is random)
 *   and mxFrame goes back to 0. Committed content is a function of these bytes, so while all 96
 *   are the same, nothing was committed. A passive checkpoint moves pages into the database file
 *   and writes only the checkpoint info after the header (nBackfill): the content and the header
 *   are unchanged, and nothing remembered is dropped for it.
 * - A writer writes copy 2 first, then copy 1; SQLite's readers read copy 1 then copy 2 and
 *   accept them only when equal. This reads them in the same order: when they differ a write is
 *   under way and `epoch()` answers -1 (read the database). Any byte unlike the last header seen
 *   makes a new epoch; a torn read can only make one too early, never hide a finished commit:
 *   every word of a header whose commit finished before this request holds that commit's value
 *   or a later one (safety does not rest on the order of the loads, which JavaScript does not
 *   fence; the copies' check only keeps a header being written from being remembered).
 * - The caller reads the epoch *before* its statement and files the row under that epoch. The
 *   statement's read transaction starts later and sees that state or a newer one; a newer one
 *   shows as a new epoch on the next call, which drops the row. So a commit racing the read is
 *   never missed.
 * - The bytes read are SQLite's own mapping of the `-shm` in this process (found in
 *   /proc/self/maps), not a second mapping: `Bun.mmap` would open the file and close its
 *   descriptor, and closing any descriptor of a file drops every POSIX lock this process holds on
 *   it (fcntl semantics), SQLite's dead-man-switch lock on the `-shm` included; another process
 *   opening the database would then take itself for the first one and truncate the `-shm` under
 *   us. Nothing here opens or closes the `-shm` or the database file.
 * - That mapping lives while any connection of this process has the database open (SQLite unmaps
 *   a `-shm` when the last one closes; its first 32 KB region never moves). `stop()` runs before
 *   the connection closes (the watch wraps the connection's `close`), after which `epoch()`
 *   answers -1.
 * - SQLite never unlinks or truncates the `-shm` while a connection is open: a closing connection
 *   deletes the WAL and its index only when it gets an EXCLUSIVE lock on the database file, which
 *   the SHARED lock a WAL-mode connection holds for its whole life forbids; and only a first
 *   opener (nobody holding the dead-man-switch lock) truncates it. Even a `-shm` deleted by hand
 *   would not mislead this: the bytes are those of the index this connection itself uses.
 *
 * Undefined (no watch: read every time) for an in-memory database, a database not in WAL mode,
 * or where the mapping cannot be found (not Linux, no /proc).
 */
export type CommitWatch = {
  /** A number that changes when anything is committed; -1 when that cannot be told now. */
  epoch(): number
  stop(): void
}

/** The header: two copies of WalIndexHdr, 48 bytes (12 words) each. */
const WORDS = 12
/** WalIndexHdr.iVersion of every SQLite 3.7.0 and later. */
const WALINDEX_VERSION = 3007000
/** Byte 12 of the header: isInit. */
const IS_INIT_WORD = 3

/** Linux's dev_t as /proc/<pid>/maps writes it ("major:minor", hex). */
const deviceName = (dev: number) => {
  const major = ((dev >>> 8) & 0xfff) | (Math.floor(dev / 2 ** 32) & ~0xfff)
  const minor = (dev & 0xff) | ((dev >>> 12) & 0xfff00)
  return `${major.toString(16).padStart(2, '0')}:${minor.toString(16).padStart(2, '0')}`
}

/** The address of this process's one shared mapping of the file's first bytes, if exactly one. */
function mappingOf(file: string): number | undefined {
  const { dev, ino } = statSync(file)
  const device = deviceName(dev)
  const found: number[] = []
  for (const line of readFileSync('/proc/self/maps', 'utf8').split('\n')) {
    // address perms offset dev inode path
    const [range, perms, offset, lineDev, inode] = line.split(/\s+/)
    if (inode !== String(ino) || lineDev !== device || !perms?.includes('s')) continue
    if (Number.parseInt(offset, 16) !== 0) continue
    const [start, end] = range.split('-').map((hex) => Number.parseInt(hex, 16))
    if (end - start >= WORDS * 8) found.push(start)
  }
  return found.length === 1 ? found[0] : undefined
}

/** A watch on the database at `path`, opened by `sqlite` (which has read it once at least). */
export function watchCommits(sqlite: Database, path: string): CommitWatch | undefined {
  if (process.platform !== 'linux' || path === ':memory:' || path === '') return
  try {
    const mode = sqlite.query('PRAGMA journal_mode').get() as { journal_mode: string } | null
    if (mode?.journal_mode !== 'wal') return
    // A read maps the index's first region, if no statement has yet.
    sqlite.query('SELECT count(*) FROM sqlite_master').get()
    const address = mappingOf(`${path}-shm`)
    if (address === undefined) return
    const words = new Uint32Array(toArrayBuffer(address, 0, WORDS * 2 * 4))
    if (words[0] !== WALINDEX_VERSION) return
    const commits = watch(words)
    // Closing may unmap the index: the watch stops first, however the connection is closed.
    const close = sqlite.close.bind(sqlite)
    sqlite.close = (...args: Parameters<Database['close']>) => {
      commits.stop()
      return close(...args)
    }
    return commits
  } catch {
    return
  }
}

function watch(shared: Uint32Array): CommitWatch {
  let words: Uint32Array | undefined = shared
  const first = new Uint32Array(WORDS)
  const last = new Uint32Array(WORDS)
  let epoch = 0
  return {
    epoch() {
      if (!words) return -1
      for (let i = 0; i < WORDS; i++) first[i] = words[i]
      let changed = false
      for (let i = 0; i < WORDS; i++) {
        const word = first[i]
        if (words[WORDS + i] !== word) return -1
        if (word !== last[i]) changed = true
      }
      // isInit is 0 until a reader has rebuilt the index (after a crash): nothing is known.
      if ((first[IS_INIT_WORD] & 0xff) === 0) return -1
      if (changed) {
        last.set(first)
        epoch++
      }
      return epoch
    },
    stop() {
      words = undefined
    },
  }
}
