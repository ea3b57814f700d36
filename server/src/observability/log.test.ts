import { expect, test } from 'bun:test'
import { join } from 'node:path'

// The default sink writes info lines together once per turn; none may be lost or reordered, also
// when the process exits in the same turn that logged them.
test('info lines written together arrive whole and in order, also when the process exits at once', () => {
  const script = `
    import { createLogger } from ${JSON.stringify(join(import.meta.dir, 'log.ts'))}
    const log = createLogger('json')
    for (let i = 0; i < 3000; i++) log.info('line', { i })
    log.warn('a warning')
    log.info('last')
    process.exit(0)
  `
  const run = Bun.spawnSync(['bun', '-e', script], { stdout: 'pipe', stderr: 'pipe' })
  expect(run.exitCode).toBe(0)
  const lines = run.stdout
    .toString()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
  expect(lines.length).toBe(3001)
  expect(lines.slice(0, 3000).map((l) => l.i)).toEqual(Array.from({ length: 3000 }, (_, i) => i))
  expect(lines[3000].msg).toBe('last')
  expect(JSON.parse(run.stderr.toString().trim()).msg).toBe('a warning')
})
