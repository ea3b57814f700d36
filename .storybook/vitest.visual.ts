// Visual regression (VISUAL=1): after each story's play has passed, the whole story is compared
// with its baseline in stories/__screenshots__/<file>/<story>-chromium-linux.png. The viewport
// (1280×800, or the story's own, e.g. mobile 390×844) is first made as tall as the content, so a
// long story is painted and compared to its end, and is put back afterwards. Portalled dialogs
// and menus are in <body> and are included.
//
// A baseline shows what our CSS draws, never what one Chromium build decides on its own, so the
// same baselines pass with every build Debian serves (checked with 150 and 156). Before each
// snapshot:
// - the browser's own control chrome is hidden (the stylesheet below);
// - focus is set on purpose: none, unless the story is about focus (`parameters: { visual:
//   { showFocus: true } }`), and then shown as a keyboard user sees it. Left to the build, both
//   where a script's click leaves focus and whether script focus draws the focus ring
//   (:focus-visible) differ between builds (a dialog's default button, a button the play clicked);
// - animations are finished (CSS ones are already off, .storybook/vitest.setup.ts) and the web
//   fonts have loaded.
import { afterEach, expect } from 'vitest'
import { page } from 'vitest/browser'

/** Tallest screenshot taken; a runaway story cannot make a giant image. */
const MAX_HEIGHT = 10_000

const style = document.createElement('style')
// Native control chrome, drawn by the browser build rather than by our CSS: the caret (it also
// blinks), scrollbars (the page is captured whole, and a page scrollbar would narrow the layout
// only while the content is taller than the viewport), a textarea's resize grip, the date
// field's calendar icon, the search field's clear button, number spinners. Each keeps or loses
// its layout box the same way in every build, so nothing of ours moves.
style.textContent = `
*, *::before, *::after { caret-color: transparent !important; scrollbar-width: none !important; }
textarea { resize: none !important; }
input::-webkit-calendar-picker-indicator,
input::-webkit-inner-spin-button,
input::-webkit-outer-spin-button { visibility: hidden !important; }
input::-webkit-search-cancel-button { -webkit-appearance: none !important; appearance: none !important; }
body { min-height: 100vh; }
`
document.head.appendChild(style)

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))
const contentHeight = () =>
  Math.min(
    MAX_HEIGHT,
    Math.ceil(
      Math.max(
        document.documentElement.scrollHeight,
        document.body.scrollHeight,
        document.body.getBoundingClientRect().height,
      ),
    ),
  )

/** Grows the viewport to the content (again while the content still changes with it). */
async function fitToContent(width: number, height: number) {
  let target = height
  for (let attempt = 0; attempt < 3; attempt++) {
    const content = contentHeight()
    if (content <= target) return
    target = content
    await page.viewport(width, target)
    // the runner resizes the frame: wait until this document has the new size, then a paint
    for (let i = 0; i < 50 && window.innerHeight < target; i++) await frame()
    await frame()
    await frame()
  }
}

const FOCUS_EVENTS = ['focus', 'blur', 'focusin', 'focusout'] as const

/** What a story can ask of its snapshot. */
type VisualParameters = { showFocus?: boolean }

/**
 * Sets the snapshot's focus: the focused element loses it, or, for a story about focus, keeps it
 * with its keyboard focus ring. No focus event reaches the story (each is stopped at the window
 * in the capture phase), so an inline edit stays open and a dialog or menu keeps its state.
 */
function setFocus(showFocus: boolean) {
  const focused = document.activeElement
  if (!(focused instanceof HTMLElement) || focused === document.body) return
  if (showFocus && focused.matches(':focus-visible')) return
  const stop = (event: Event) => event.stopImmediatePropagation()
  for (const type of FOCUS_EVENTS) window.addEventListener(type, stop, true)
  try {
    focused.blur()
    if (showFocus) focused.focus({ preventScroll: true, focusVisible: true } as FocusOptions)
  } finally {
    for (const type of FOCUS_EVENTS) window.removeEventListener(type, stop, true)
  }
}

/** Finishes every running animation (a finite one at its end, an endless one removed). */
function finishAnimations() {
  for (const animation of document.getAnimations()) {
    try {
      animation.finish()
    } catch {
      animation.cancel()
    }
  }
}

/** Waits until no web font is still loading (layout can start new loads, so checked again). */
async function fontsLoaded() {
  for (let i = 0; i < 10; i++) {
    void document.body.offsetHeight
    await document.fonts.ready
    await frame()
    if (document.fonts.status === 'loaded') return
  }
}

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return
  // @storybook/addon-vitest puts the composed story on the test's context
  const story = (context as { story?: { parameters?: { visual?: VisualParameters } } }).story
  const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
  const width = window.innerWidth
  const height = window.innerHeight
  try {
    setFocus(story?.parameters?.visual?.showFocus === true)
    finishAnimations()
    await fontsLoaded()
    await fitToContent(width, height)
    await fontsLoaded()
    await expect
      .element(page.elementLocator(document.body))
      .toMatchScreenshot(name, { timeout: 30_000 })
  } finally {
    if (window.innerHeight !== height) await page.viewport(width, height)
  }
})
