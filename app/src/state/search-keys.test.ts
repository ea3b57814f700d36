import { describe, expect, test } from 'bun:test'
import { BUFFER_LIMIT_MS, createKeyBuffer, isSearchShortcut } from './search-keys'

const key = (k: string, mods: Partial<{ ctrl: boolean; meta: boolean; alt: boolean }> = {}) => ({
  key: k,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  altKey: !!mods.alt,
})

describe('search shortcut', () => {
  test('Ctrl+K, Cmd+K, Ctrl+/ and Cmd+/ open search; K or / alone and Alt combinations do not', () => {
    expect(isSearchShortcut(key('k', { ctrl: true }))).toBe(true)
    expect(isSearchShortcut(key('K', { meta: true }))).toBe(true)
    expect(isSearchShortcut(key('/', { ctrl: true }))).toBe(true)
    expect(isSearchShortcut(key('/', { meta: true }))).toBe(true)
    expect(isSearchShortcut(key('k'))).toBe(false)
    expect(isSearchShortcut(key('/'))).toBe(false)
    expect(isSearchShortcut(key('k', { ctrl: true, alt: true }))).toBe(false)
    expect(isSearchShortcut(key('j', { ctrl: true }))).toBe(false)
  })
})

describe('key buffer', () => {
  test('keeps every character typed after the shortcut, in order, until flushed', () => {
    const buffer = createKeyBuffer()
    expect(buffer.take(key('x'))).toBe(false)
    buffer.start()
    for (const c of 'Atlas') expect(buffer.take(key(c))).toBe(true)
    expect(buffer.flush()).toBe('Atlas')
    // Flushed: buffering stopped, the next keys go where the focus is.
    expect(buffer.active()).toBe(false)
    expect(buffer.take(key('y'))).toBe(false)
    expect(buffer.flush()).toBe('')
  })

  test('Backspace edits the buffer; spaces and non-Latin characters are kept', () => {
    const buffer = createKeyBuffer()
    buffer.start()
    for (const k of ['A', 't', 'x', 'Backspace', 'l', ' ', 'é', '東']) buffer.take(key(k))
    expect(buffer.flush()).toBe('Atl é東')
  })

  test('named keys and shortcuts pass through untaken', () => {
    const buffer = createKeyBuffer()
    buffer.start()
    expect(buffer.take(key('Shift'))).toBe(false)
    expect(buffer.take(key('Tab'))).toBe(false)
    expect(buffer.take(key('ArrowDown'))).toBe(false)
    expect(buffer.take(key('c', { ctrl: true }))).toBe(false)
    expect(buffer.take(key('v', { meta: true }))).toBe(false)
    expect(buffer.take(key('a'))).toBe(true)
    expect(buffer.flush()).toBe('a')
  })

  test('a shortcut pressed again starts afresh', () => {
    const buffer = createKeyBuffer()
    buffer.start()
    buffer.take(key('a'))
    buffer.start()
    buffer.take(key('b'))
    expect(buffer.flush()).toBe('b')
  })

  test('a buffer the dialog never claimed stops taking keys after its limit', () => {
    let now = 1000
    const buffer = createKeyBuffer(() => now)
    buffer.start()
    buffer.take(key('a'))
    now += BUFFER_LIMIT_MS
    expect(buffer.active()).toBe(false)
    expect(buffer.take(key('b'))).toBe(false)
    expect(buffer.flush()).toBe('')
  })
})
