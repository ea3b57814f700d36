import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { Window as HappyWindow } from 'happy-dom'
import { json, restoreFetch, stubFetch } from '../test/fetch'
import { authState, fetchUser, logout, resetAuth } from './auth'
import { helpWidgetUserId, resetHelpWidget, startHelpWidget } from './help-widget'

const user = { id: 42, email: 'ada@example.com', name: 'Ada', provider_user_id: 'dev:ada' }
const widget = { url: 'https://help.example.com/widget.js', siteKey: 'site-123' }

// A page of its own: app tests run without global DOM (happy-dom's globals would replace fetch).
let page: Window
const script = () => page.document.getElementById('cadence-help-widget') as HTMLScriptElement | null
let errorSpy: ReturnType<typeof spyOn>

beforeEach(() => {
  resetAuth()
  resetHelpWidget()
  page = new HappyWindow({ url: 'http://localhost/' }) as unknown as Window
  errorSpy = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  restoreFetch()
  errorSpy.mockRestore()
})

describe('help widget', () => {
  test('user ids are user-{id}, or No User when signed out', () => {
    expect(helpWidgetUserId({ id: 5 })).toBe('user-5')
    expect(helpWidgetUserId(null)).toBe('No User')
  })

  test('is not loaded when the server has no widget configured', async () => {
    const calls = stubFetch(({ path }) =>
      path === '/api/config' ? json({ helpWidget: null, mailEnabled: false }) : json(user),
    )
    await fetchUser()
    await startHelpWidget(page)
    expect(calls.some((c) => c.path === '/api/config')).toBe(true)
    expect(script()).toBeNull()
    expect(page.cadenceHelpWidget).toBeUndefined()
  })

  test('a failed configuration call loads no widget and only logs', async () => {
    stubFetch(({ path }) => (path === '/api/config' ? json({ error: 'down' }, 500) : json(user)))
    await fetchUser()
    await startHelpWidget(page)
    expect(script()).toBeNull()
    expect(errorSpy).toHaveBeenCalled()
  })

  test('loads once with the site key and the signed-in user, and follows sign-out', async () => {
    stubFetch(({ path }) =>
      path === '/api/config'
        ? json({ helpWidget: widget, mailEnabled: false })
        : path === '/api/logout'
          ? json({ success: true })
          : json(user),
    )
    await fetchUser()
    await startHelpWidget(page)
    await startHelpWidget(page)
    expect(page.document.querySelectorAll('#cadence-help-widget')).toHaveLength(1)
    expect(script()?.src).toBe(widget.url)
    expect(script()?.dataset.siteKey).toBe('site-123')
    expect(script()?.dataset.userId).toBe('user-42')
    expect(page.cadenceHelpWidget).toEqual({ siteKey: 'site-123', userId: 'user-42' })

    const events: string[] = []
    const listener = (e: Event) => events.push((e as CustomEvent).detail.userId)
    page.addEventListener('cadence:help-widget-user', listener)
    await logout()
    await Promise.resolve()
    page.removeEventListener('cadence:help-widget-user', listener)
    expect(authState.status).toBe('signed-out')
    expect(script()?.dataset.userId).toBe('No User')
    expect(events).toEqual(['No User'])
  })

  test('never loads on a page whose address carries a secret; loads once the app moves on', async () => {
    stubFetch(({ path }) =>
      path === '/api/config' ? json({ helpWidget: widget, mailEnabled: false }) : json(user),
    )
    for (const path of ['/invite/tok3n', '/r/tok3n', '/auth/callback?code=c&state=s']) {
      resetHelpWidget()
      page = new HappyWindow({ url: `http://localhost${path}` }) as unknown as Window
      await fetchUser()
      await startHelpWidget(page)
      await Promise.resolve()
      expect([path, script()]).toEqual([path, null])
      expect(page.cadenceHelpWidget).toBeUndefined()
    }
    // The app navigates (wouter's pushState event): the widget loads there, for the user.
    page.history.pushState(null, '', '/dashboard')
    page.dispatchEvent(new (page as unknown as { Event: typeof Event }).Event('pushState'))
    expect(script()?.dataset.userId).toBe('user-42')
  })

  test('waits for the session: nothing is loaded while auth is pending', async () => {
    stubFetch(({ path }) =>
      path === '/api/config' ? json({ helpWidget: widget, mailEnabled: false }) : json(user),
    )
    await startHelpWidget(page)
    expect(authState.status).toBe('pending')
    expect(script()).toBeNull()
    await fetchUser()
    await Promise.resolve()
    expect(script()?.dataset.userId).toBe('user-42')
  })
})
