// Visual regression (VISUAL=1): after each story's play has passed, the whole 1280×800 body
// (portalled dialogs and menus included) is compared with its baseline in
// stories/__screenshots__/<file>/<story>-chromium-linux.png.
import { afterEach, expect } from 'vitest'
import { page } from 'vitest/browser'

const style = document.createElement('style')
// a blinking caret would make focused inputs differ between runs
style.textContent = '*{caret-color:transparent!important}body{min-height:100vh}'
document.head.appendChild(style)

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return
  await document.fonts.ready
  const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
  await expect
    .element(page.elementLocator(document.body))
    .toMatchScreenshot(name, { timeout: 10_000 })
})
