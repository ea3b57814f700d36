import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { restoreFetch, stubFetch } from '../test/fetch'
import { type ClipboardLike, copyAsMarkdown, copyForEmail } from './export-copy'
import { clearToasts, toastState } from './toasts'

const text = (body: string, type: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': `${type}; charset=utf-8` } })

function exportServer({ htmlFails = false, all = 200 } = {}) {
  return stubFetch(({ path }) => {
    if (all !== 200)
      return new Response(JSON.stringify({ error: 'Report not found' }), {
        status: all,
        headers: { 'content-type': 'application/json' },
      })
    if (path.endsWith('format=md')) return text('# Week of Nov 16', 'text/markdown')
    if (path.endsWith('format=html'))
      return htmlFails ? text('', 'text/plain', 500) : text('<h1>Week</h1>', 'text/html')
    if (path.endsWith('format=text')) return text('Week\n====', 'text/plain')
    return text('', 'text/plain', 404)
  })
}

/** A clipboard that records what was written; ClipboardItem stand-in keeps its parts. */
class FakeItem {
  constructor(public parts: Record<string, Blob | Promise<Blob>>) {}
}
function fakeClipboard({ writeFails = false } = {}) {
  const written: { plain?: string; items?: FakeItem[] } = {}
  const clipboard: ClipboardLike = {
    writeText: async (value: string) => {
      written.plain = value
    },
    write: async (items: ClipboardItems) => {
      if (writeFails) throw new Error('NotAllowedError')
      written.items = items as unknown as FakeItem[]
      for (const item of written.items) await Promise.all(Object.values(item.parts))
    },
  }
  return { clipboard, written }
}

const messages = () => toastState.toasts.map((t) => `${t.type}: ${t.message}`)
let errorSpy: ReturnType<typeof spyOn>
beforeEach(() => {
  clearToasts()
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  restoreFetch()
  errorSpy.mockRestore()
})

describe('Copy as Markdown', () => {
  test('copies the format=md export as text', async () => {
    const calls = exportServer()
    const { clipboard, written } = fakeClipboard()
    expect(await copyAsMarkdown('r1', { clipboard })).toBe(true)
    expect(calls.map((c) => c.path)).toEqual(['/api/reports/r1/export?format=md'])
    expect(written.plain).toBe('# Week of Nov 16')
    expect(messages()).toEqual(['success: Copied as Markdown'])
  })

  test('a failed export or no clipboard is "Failed to copy"', async () => {
    exportServer({ all: 404 })
    const { clipboard, written } = fakeClipboard()
    expect(await copyAsMarkdown('r1', { clipboard })).toBe(false)
    expect(written.plain).toBeUndefined()
    expect(await copyAsMarkdown('r1', { clipboard: null })).toBe(false)
    expect(messages()).toEqual(['error: Failed to copy', 'error: Failed to copy'])
  })
})

describe('Copy for e-mail', () => {
  test('writes one item with the html and text exports', async () => {
    const calls = exportServer()
    const { clipboard, written } = fakeClipboard()
    const ok = await copyForEmail('r1', { clipboard, ClipboardItem: FakeItem as never })
    expect(ok).toBe(true)
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/api/reports/r1/export?format=html',
      '/api/reports/r1/export?format=text',
    ])
    const parts = written.items?.[0].parts ?? {}
    expect(Object.keys(parts).sort()).toEqual(['text/html', 'text/plain'])
    expect(await (await parts['text/html']).text()).toBe('<h1>Week</h1>')
    expect((await parts['text/html']).type).toStartWith('text/html')
    expect(await (await parts['text/plain']).text()).toBe('Week\n====')
    expect(written.plain).toBeUndefined()
    expect(messages()).toEqual(['success: Copied for e-mail'])
  })

  test('falls back to plain text without ClipboardItem, when rich copy is refused or html fails', async () => {
    exportServer()
    let clip = fakeClipboard()
    expect(await copyForEmail('r1', { clipboard: clip.clipboard, ClipboardItem: null })).toBe(true)
    expect(clip.written.plain).toBe('Week\n====')
    clip = fakeClipboard({ writeFails: true })
    await copyForEmail('r1', { clipboard: clip.clipboard, ClipboardItem: FakeItem as never })
    expect(clip.written.plain).toBe('Week\n====')
    exportServer({ htmlFails: true })
    clip = fakeClipboard()
    await copyForEmail('r1', { clipboard: clip.clipboard, ClipboardItem: FakeItem as never })
    expect(clip.written.plain).toBe('Week\n====')
    expect(messages()).toEqual([
      'success: Copied for e-mail',
      'success: Copied for e-mail',
      'success: Copied for e-mail',
    ])
  })

  test('nothing to copy is "Failed to copy"', async () => {
    exportServer({ all: 404 })
    const { clipboard, written } = fakeClipboard()
    expect(await copyForEmail('r1', { clipboard, ClipboardItem: FakeItem as never })).toBe(false)
    expect(written.plain).toBeUndefined()
    expect(messages()).toEqual(['error: Failed to copy'])
  })
})
