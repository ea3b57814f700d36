import { describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp } from './test/helpers'

// A build folder with a sibling whose name starts the same (an old build kept beside it).
const root = mkdtempSync(join(tmpdir(), 'cadence-static-'))
mkdirSync(join(root, 'dist'))
mkdirSync(join(root, 'dist-old'))
writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>app</title>')
writeFileSync(join(root, 'dist', 'app.js'), 'console.log(1)')
writeFileSync(join(root, 'dist-old', 'secret.txt'), 'not for the web')

const get = async (path: string) => {
  const { app } = await createTestApp({ APP_DIST: join(root, 'dist') })
  return app.handle(new Request(`http://localhost:3000${path}`))
}

describe('static files', () => {
  test('serves a file of the build and index.html for app routes', async () => {
    expect(await (await get('/app.js')).text()).toBe('console.log(1)')
    expect(await (await get('/reports')).text()).toContain('<title>app</title>')
  })

  test('never reaches a sibling folder whose name starts like the build folder', async () => {
    // %2f is not a path separator to the URL parser, so the dots survive until decoding.
    const res = await get('/%2e%2e%2fdist-old%2fsecret.txt')
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('not for the web')
  })

  test('a malformed escape in the path is a bad request, not a server error', async () => {
    const res = await get('/%E0%A4%A.js')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Malformed path' })
  })
})
