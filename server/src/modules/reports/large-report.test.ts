// A report past ITEM_PAGE items is answered as JSON written in time slices (lib/sliced-json.ts):
// the same document as a small report's path gives, cached under an ETag (304 on revalidation),
// gzipped when asked, and fresh after a write. Both engines.
import { expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { adaWithLargeReport, cookieHeader, createTestApp, ORIGIN } from '../../test/helpers'
import { ITEM_PAGE } from './read/find'

test('a large report: the whole document, cached with its ETag, gzipped when asked', async () => {
  const { app, db } = await createTestApp()
  const { ada, report } = await adaWithLargeReport(
    app,
    db,
    ITEM_PAGE + 5,
    (k) => `Item ${k} — “quoted”\nsecond line`,
    (k) => ({ item_type: 'task', is_completed: k % 2 === 0 }),
  )
  const get = (headers: Record<string, string> = {}) =>
    app.handle(
      new Request(`${ORIGIN}/api/reports/${report.uuid}`, {
        headers: { cookie: cookieHeader(ada.jar), ...headers },
      }),
    )
  const first = await get()
  expect(first.status).toBe(200)
  expect(first.headers.get('content-type')).toStartWith('application/json')
  const etag = first.headers.get('etag')
  expect(etag).toBeTruthy()
  const doc = await first.json()
  const items = doc.sections[0].items
  expect(items).toHaveLength(ITEM_PAGE + 5)
  expect(items[0]).toMatchObject({ content: 'Item 0 — “quoted”\nsecond line', is_completed: true })
  expect(items.at(-1).content).toStartWith(`Item ${ITEM_PAGE + 4}`)
  // The typed client reads it as it reads any report.
  const typed = await ada.api.reports({ uuid: report.uuid }).get()
  expect(typed.data!.sections[0].items).toHaveLength(ITEM_PAGE + 5)
  expect(typed.data!.uuid).toBe(report.uuid)

  expect((await get({ 'if-none-match': etag as string })).status).toBe(304)
  const zipped = await get({ 'accept-encoding': 'gzip' })
  expect(zipped.headers.get('content-encoding')).toBe('gzip')
  const text = gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString()
  expect(JSON.parse(text)).toEqual(doc)

  // A write: a new ETag and the new item.
  await ada.api['section-items'].post({ section_id: report.sections[0].id, content: 'Newest' })
  const after = await get({ 'if-none-match': etag as string })
  expect(after.status).toBe(200)
  expect(after.headers.get('etag')).not.toBe(etag)
  expect((await after.json()).sections[0].items.at(-1).content).toBe('Newest')
}, 60_000)
