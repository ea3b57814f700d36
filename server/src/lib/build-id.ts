import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

declare const CADENCE_BUILD_ID: string | undefined

/**
 * An id of the code that shapes the answers, the same on every instance running the same
 * version and different after an upgrade: ETags carry it (lib/http-cache.ts), so any instance
 * answers 304 for a body another made, and none for a body an older version made. The one-file
 * build bakes it in (scripts/compile.ts); otherwise it is a hash of the server's, the contract's
 * and core's sources, read once at start.
 */
export const buildId: string = (() => {
  if (typeof CADENCE_BUILD_ID === 'string' && CADENCE_BUILD_ID) return CADENCE_BUILD_ID
  const root = join(import.meta.dir, '..', '..', '..')
  const hasher = new Bun.CryptoHasher('sha256')
  for (const dir of ['server/src', 'contract/src', 'core/src']) {
    let files: string[] = []
    try {
      files = readdirSync(join(root, dir), { recursive: true }) as string[]
    } catch {
      continue
    }
    for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort()) {
      hasher.update(file)
      hasher.update(readFileSync(join(root, dir, file)))
    }
  }
  return hasher.digest('hex').slice(0, 12)
})()
