// Visual regression (VISUAL=1): after each story's play has passed, the whole story is compared
// with its baseline in stories/__screenshots__/<file>/<story>-chromium-linux.png. The viewport
// (1200×900, or the story's own, e.g. mobile 390×844) is first made as tall as the content, so a
// long story is painted and compared to its end, and is put back afterwards. Portalled dialogs
// and menus are in <body> and are included.
import { afterEach, expect } from 'vitest'
import { page } from 'vitest/browser'

/** Tallest screenshot taken; a runaway story cannot make a giant image. */
const MAX_HEIGHT = 10_000

const style = document.createElement('style')
// A blinking caret would make focused inputs differ between runs; the page's own scrollbar would
// narrow the layout only while the content is taller than the viewport (the page is captured
// whole anyway), so it is hidden and the width is the same before and after the resize.
style.textContent =
  '*{caret-color:transparent!important}html{scrollbar-width:none}body{min-height:100vh}'
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

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return
  await document.fonts.ready
  const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
  const width = window.innerWidth
  const height = window.innerHeight
  try {
    await fitToContent(width, height)
    await expect
      .element(page.elementLocator(document.body))
      .toMatchScreenshot(name, { timeout: 10_000 })
  } finally {
    if (window.innerHeight !== height) await page.viewport(width, height)
  }
})
