import { expect, test } from 'bun:test'
import { join } from 'node:path'
import { FLUSH_MS } from './log'

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

// A failed statement's error names its parameters (Drizzle: `Failed query: …\nparams: …`): an
// item's text, a whole edition's brief. The log keeps the statement and drops the parameters,
// in both formats and through console, on the engine under test.
test('a failed query is logged without its parameters (both formats, console too)', async () => {
  const { createTestApp } = await import('../test/helpers')
  const { reportEditions } = await import('../db/schema')
  const { createLogger, routeConsole } = await import('./log')
  const { db } = await createTestApp()
  const secret = `SECRET-BRIEF ${'x'.repeat(2000)}`
  // No such report: the foreign key refuses it, on either engine.
  const error = await db.orm
    .insert(reportEditions)
    .values({
      report_id: 987654,
      user_id: 987654,
      number: 1,
      sent_at: '2026-11-23T00:00:00.000Z',
      brief: secret,
    })
    .then(
      () => null,
      (e: unknown) => e as Error,
    )
  expect(error).toBeInstanceOf(Error)
  // What it was: the parameters are in the error's message and stack.
  expect(`${error!.message}${error!.stack}`).toContain('SECRET-BRIEF')
  for (const format of ['json', 'text'] as const) {
    const lines: string[] = []
    createLogger(format, (line) => lines.push(line)).error('request failed', error)
    const written = lines.join('\n')
    expect(written).toContain('request failed')
    expect(written.toLowerCase()).toContain('insert into')
    expect(written).toContain('params: (not logged)')
    expect(written).not.toContain('SECRET-BRIEF')
  }
  // Through console (text mode: the mailer's and the workers' own error lines).
  const original = { error: console.error, warn: console.warn }
  const said: unknown[][] = []
  console.error = (...args: unknown[]) => said.push(args)
  console.warn = console.error
  try {
    routeConsole(createLogger('text', () => {}))
    console.error('Mailer: sending failed', error)
  } finally {
    console.error = original.error
    console.warn = original.warn
  }
  expect(said).toHaveLength(1)
  expect(String(said[0][1])).toContain('params: (not logged)')
  expect(JSON.stringify(said)).not.toContain('SECRET-BRIEF')
})

// The default sink writes info lines at most FLUSH_MS after the first of them (or at FLUSH_BYTES),
// not once per event-loop turn: a write costs ~15 µs whatever its length. Lines logged over many
// turns still arrive whole and in order, without the process exiting; console's own lines in text
// mode (routeConsole) and warnings come after the info lines logged before them.
test('info lines of many turns go out in few writes, in order, console and warnings after them', () => {
  const script = `
    import { createLogger, routeConsole } from ${JSON.stringify(join(import.meta.dir, 'log.ts'))}
    const writes = []
    const write = process.stdout.write.bind(process.stdout)
    process.stdout.write = (chunk, ...rest) => {
      writes.push(String(chunk))
      return write(chunk, ...rest)
    }
    const log = createLogger('text')
    routeConsole(log)
    for (let turn = 0; turn < 40; turn++) {
      for (let i = 0; i < 10; i++) log.info('line', { n: turn * 10 + i })
      await new Promise((resolve) => setImmediate(resolve))
    }
    console.log('from console')
    log.info('before the warning')
    log.warn('a warning')
    log.info('late')
    await Bun.sleep(${FLUSH_MS * 4})
    // Written by the timer, the process still running.
    const late = writes.join('').includes('INFO late')
    process.stderr.write(JSON.stringify({ writes: writes.length, late }) + '\\n')
  `
  const run = Bun.spawnSync(['bun', '-e', script], { stdout: 'pipe', stderr: 'pipe' })
  expect(run.exitCode).toBe(0)
  const out = run.stdout.toString().trim().split('\n')
  expect(out.length).toBe(403)
  expect(out.slice(0, 400).map((l) => Number(/ n=(\d+)$/.exec(l)?.[1]))).toEqual(
    Array.from({ length: 400 }, (_, i) => i),
  )
  expect(out[400]).toBe('from console')
  expect(out[401]).toMatch(/ INFO before the warning$/)
  expect(out[402]).toMatch(/ INFO late$/)
  const err = run.stderr.toString().trim().split('\n')
  expect(err[0]).toMatch(/ WARN a warning$/)
  const seen = JSON.parse(err[1])
  expect(seen.late).toBe(true)
  // 40 turns of lines, then three flushes (console, the warning, the timer): not one per turn.
  expect(seen.writes).toBeLessThan(20)
})
