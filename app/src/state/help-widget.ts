import type { PublicConfig } from '@cadence/contract'
import { subscribe } from 'valtio'
import { api, call } from '../api/client'
import { authState } from './auth'
import { createResource } from './resource'

/** What the widget script reads on load, and again on 'cadence:help-widget-user' events. */
type HelpWidgetContext = { siteKey: string; userId: string }

declare global {
  interface Window {
    cadenceHelpWidget?: HelpWidgetContext
  }
}

const SCRIPT_ID = 'cadence-help-widget'

/** The widget's user id is `user-{id}`, or 'No User' when signed out. */
function helpWidgetUserId(user: { id: number } | null): string {
  return user ? `user-${user.id}` : 'No User'
}

/**
 * GET /api/config: what the server has configured for the browser (the help widget, whether it
 * sends e-mail). Asked once per page load and never stale; a failure means "nothing configured".
 */
const publicConfig = createResource(
  (): Promise<PublicConfig | null> =>
    call(api.api.config.get()).catch((error) => {
      console.error(error)
      return null
    }),
  { freshMs: Number.POSITIVE_INFINITY },
)

/** The public configuration, asked once per page load. */
function loadPublicConfig(): Promise<PublicConfig | null> {
  return publicConfig.load()
}

/**
 * Adds the widget's script once, with the site key and user id as data attributes and on
 * `window.cadenceHelpWidget`; later calls only update the user (sign-in, sign-out), and tell the
 * loaded widget through a 'cadence:help-widget-user' event.
 */
function applyHelpWidget(win: Window, widget: { url: string; siteKey: string }, userId: string) {
  win.cadenceHelpWidget = { siteKey: widget.siteKey, userId }
  const existing = win.document.getElementById(SCRIPT_ID) as HTMLScriptElement | null
  if (existing) {
    if (existing.dataset.userId !== userId) {
      existing.dataset.userId = userId
      const CustomEventCtor = (win as Window & { CustomEvent: typeof CustomEvent }).CustomEvent
      win.dispatchEvent(new CustomEventCtor('cadence:help-widget-user', { detail: { userId } }))
    }
    return
  }
  const script = win.document.createElement('script')
  script.id = SCRIPT_ID
  script.src = widget.url
  script.async = true
  script.dataset.siteKey = widget.siteKey
  script.dataset.userId = userId
  win.document.head.appendChild(script)
}

let started = false

/**
 * Pages whose address carries a secret the third-party widget must never read: a shared report
 * (/r/<token>), an invitation (/invite/<token>), and the sign-in callback (its code, and the
 * invitation remembered for after the sign-in). The widget is not loaded while one is open; it
 * loads on the first other page the app moves to (loaded, it cannot be taken back: the app reaches
 * these pages only by a new page load, or from the callback, itself one of them).
 */
const PRIVATE_PAGE = /^\/(r|invite)\/|^\/auth\/callback(\/|$)/
const privatePage = (win: Window) => PRIVATE_PAGE.test(win.location.pathname)

/**
 * Loads the help widget only when the server has one configured (HELP_WIDGET_URL and
 * HELP_WIDGET_SITE_KEY), after the session is known, never on a private page, and keeps its user
 * id current.
 */
function startHelpWidget(win: Window | undefined = globalThis.window): Promise<void> {
  if (started || !win) return Promise.resolve()
  started = true
  return loadPublicConfig().then((config) => {
    const widget = config?.helpWidget
    if (!widget) return
    const sync = () => {
      if (authState.status === 'pending' || privatePage(win)) return
      applyHelpWidget(win, widget, helpWidgetUserId(authState.user))
    }
    sync()
    subscribe(authState, sync)
    // The app's own navigation (wouter announces pushState and replaceState) and Back/Forward.
    for (const event of ['pushState', 'replaceState', 'popstate']) win.addEventListener(event, sync)
  })
}

/** For tests: forget the configuration and the started flag. */
function resetHelpWidget() {
  started = false
  publicConfig.reset()
}

export { helpWidgetUserId, loadPublicConfig, publicConfig, resetHelpWidget, startHelpWidget }
