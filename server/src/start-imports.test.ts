import { expect, test } from 'bun:test'
import { join } from 'node:path'

// Server start is mostly module loading (docs/benchmarks.md): nodemailer (~35 ms) and
// openid-client load on first use, so neither is on the start path of src/index.ts.
test('the start path loads neither nodemailer nor openid-client', () => {
  const script = `
    await import('./src/app')
    await import('./src/modules/sending/delivery/mail-worker')
    const loaded = Object.keys(require.cache)
    console.log(JSON.stringify({
      total: loaded.length,
      lazy: loaded.filter((k) => /node_modules\\/(nodemailer|openid-client)\\//.test(k)),
    }))`
  const run = Bun.spawnSync(['bun', '-e', script], { cwd: join(import.meta.dir, '..') })
  expect(run.exitCode).toBe(0)
  const out = JSON.parse(run.stdout.toString().trim().split('\n').at(-1) ?? '{}')
  expect(out.total).toBeGreaterThan(50)
  expect(out.lazy).toEqual([])
})
