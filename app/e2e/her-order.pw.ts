// Her order (issue 46): an item moved by keyboard alone (its handle, Space, ArrowDown, Space)
// keeps focus on its handle, and stays where she put it after a reload, in the memo (the
// draft) and in what readers see (a private link); Settings' new order of sections is offered
// on the draft and applied with one click; a mouse drag by the handle moves an item into
// another section, and a finger's on a phone moves one within its section.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, drag, expect, monday, newContext, signedInPage, step } from './helpers'

let browser: Browser
let page: Page
let uuid = ''
const templates: Record<string, number> = {}

const ITEMS = ['Close Q3 books', 'Signed the EMEA reseller', 'Hired a head of design']

/** The rows of the editor's first section, by their handles' names. */
const editorOrder = () =>
  page.evaluate(() =>
    Array.from(
      document
        .querySelector('[data-slot="section-card"]')
        ?.querySelectorAll('[data-slot="move-handle"]') ?? [],
    ).map((h) => (h.getAttribute('aria-label') ?? '').replace(/^Move /, '')),
  )

/** The order in which `texts` appear in the page's text. */
const textOrder = (texts: string[]) =>
  page.evaluate((wanted) => {
    const body = document.body.textContent ?? ''
    return wanted
      .map((t) => ({ t, at: body.indexOf(t) }))
      .filter((x) => x.at >= 0)
      .sort((a, b) => a.at - b.at)
      .map((x) => x.t)
  }, texts)

/** The section headings of the editor, in order. */
const sectionNames = () =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-slot="section-card"] h2')).map(
      (h) => h.textContent ?? '',
    ),
  )

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await signedInPage(browser, 'her-order')
  for (const [name, type] of [
    ['Accomplishments', 'standard'],
    ['Action Items', 'tasks'],
  ] as const)
    templates[name] = (await api(page, 'POST', '/api/section-templates', { name, type })).json.id
  const report = (
    await api(page, 'POST', '/api/reports', { week_start_date: monday(), title: 'Her order' })
  ).json
  uuid = report.uuid
  const section = (report.sections as { id: number }[])[0]
  for (const content of ITEMS)
    await api(page, 'POST', '/api/section-items', {
      section_id: section.id,
      content,
      project_id: null,
      assigned_to_team_member_id: null,
    })
})
afterAll(async () => {
  await browser?.close()
})

describe('her order', () => {
  test('a keyboard move keeps focus on the handle and the order everywhere', () =>
    step(page, 'her-order-keyboard', async () => {
      await page.goto(`${base}/reports/${uuid}`)
      const handle = page.getByRole('button', { name: 'Move Close Q3 books' })
      await handle.waitFor()
      await expect.poll(() => editorOrder()).toEqual(ITEMS)
      await handle.focus()
      // Each key waits for the list's answer. dnd-kit takes the arrows only once it has
      // measured the list after the pick-up; an arrow before that is lost, so it is pressed again
      // while the item is not yet over its new place.
      await page.keyboard.press('Space')
      await expect(handle).toHaveAttribute('aria-pressed', 'true')
      const over = page
        .locator('[aria-live]')
        .getByText("'Close Q3 books' is over position 2 of 3 in Accomplishments.")
      await expect(async () => {
        if (!(await over.count())) await page.keyboard.press('ArrowDown')
        await expect(over).toBeAttached({ timeout: 5000 })
      }).toPass({ timeout: 60_000 })
      await page.keyboard.press('Space')
      const moved = ['Signed the EMEA reseller', 'Close Q3 books', 'Hired a head of design']
      await expect.poll(editorOrder).toEqual(moved)
      // Focus stays on the moved item's handle.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null))
        .toEqual('Move Close Q3 books')
      // Announced in plain English.
      await expect
        .poll(() =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll('[role="status"], [aria-live]')).some((el) =>
              el.textContent?.includes(
                "Moved 'Close Q3 books' to position 2 of 3 in Accomplishments.",
              ),
            ),
          ),
        )
        .toEqual(true)
      // Saved: the server's order is hers.
      await expect
        .poll(async () =>
          (await api(page, 'GET', `/api/reports/${uuid}`)).json.sections[0].items.map(
            (i: { content: string }) => i.content,
          ),
        )
        .toEqual(moved)
      await page.reload()
      await page.getByRole('button', { name: 'Move Close Q3 books' }).waitFor()
      await expect.poll(() => editorOrder()).toEqual(moved)
      // The memo (the draft preview) in the same order.
      await page.goto(`${base}/reports/${uuid}/draft`)
      await page.getByText('Hired a head of design').first().waitFor()
      await expect.poll(() => textOrder(ITEMS)).toEqual(moved)
      // What readers see through a private link, in the same order.
      const share = (await api(page, 'POST', `/api/reports/${uuid}/shares`, {})).json
      await page.goto(share.url)
      await page.getByText('Hired a head of design').first().waitFor()
      await expect.poll(() => textOrder(ITEMS)).toEqual(moved)
    }))

  test("Settings' new order of sections is offered on the draft and applied", () =>
    step(page, 'her-order-sections', async () => {
      const reordered = await api(page, 'PUT', '/api/section-templates/reorder', {
        sections: [
          { id: templates['Action Items'], sort_order: 0 },
          { id: templates.Accomplishments, sort_order: 1 },
        ],
      })
      expect(reordered.status).toBe(200)
      await page.goto(`${base}/reports/${uuid}`)
      await page.getByText('Your sections are in a new order in Settings.').waitFor()
      await expect.poll(() => sectionNames()).toEqual(['Accomplishments', 'Action Items'])
      await page.getByRole('button', { name: 'Apply to this report' }).click()
      await expect.poll(sectionNames).toEqual(['Action Items', 'Accomplishments'])
      await page
        .getByText('Your sections are in a new order in Settings.')
        .waitFor({ state: 'detached' })
      await page.reload()
      await page.getByRole('button', { name: 'Move Close Q3 books' }).waitFor()
      await expect.poll(() => sectionNames()).toEqual(['Action Items', 'Accomplishments'])
      await expect(page.getByText('Your sections are in a new order in Settings.')).toHaveCount(0)
    }))

  test('a mouse drag by the handle moves an item into another section', () =>
    step(page, 'her-order-mouse', async () => {
      // Both sections on screen: a real pointer drags only within the viewport.
      await page.setViewportSize({ width: 1280, height: 1600 })
      await page.goto(`${base}/reports/${uuid}`)
      const handle = page.getByRole('button', { name: 'Move Hired a head of design' })
      await handle.waitFor()
      // Onto the end of Action Items (its 'Add an item' line): last there.
      await drag(page, handle, page.getByRole('combobox', { name: 'Add an item to Action Items' }))
      const contents = async () =>
        (await api(page, 'GET', `/api/reports/${uuid}`)).json.sections.map(
          (s: { section_name: string; items: { content: string }[] }) => [
            s.section_name,
            s.items.map((i) => i.content),
          ],
        )
      await expect.poll(contents).toEqual([
        ['Action Items', ['Hired a head of design']],
        ['Accomplishments', ['Signed the EMEA reseller', 'Close Q3 books']],
      ])
      await page.reload()
      const actionItems = page.locator('[data-slot="section-card"]').first()
      await actionItems.getByText('Hired a head of design').waitFor()
    }))

  test('on a phone, a finger drags an item by its handle', async () => {
    // Her session on a touch screen at 390 px; the finger's events go in through the browser's
    // own touch input (CDP), as a phone's would.
    const phone = await newContext(browser, {
      storageState: await page.context().storageState(),
      viewport: { width: 390, height: 1400 },
      hasTouch: true,
      isMobile: true,
    })
    const touch = await phone.newPage()
    try {
      await step(touch, 'her-order-touch', async () => {
        await touch.goto(`${base}/reports/${uuid}`)
        const from = touch.getByRole('button', { name: 'Move Close Q3 books' })
        const onto = touch.getByRole('button', { name: 'Move Signed the EMEA reseller' })
        await from.waitFor()
        const a = await from.boundingBox()
        const b = await onto.boundingBox()
        if (!a || !b) throw new Error('a handle is not on screen')
        const cdp = await phone.newCDPSession(touch)
        const at = (x: number, y: number) => [{ x, y, id: 1 }]
        const x = a.x + a.width / 2
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchStart',
          touchPoints: at(x, a.y + a.height / 2),
        })
        // Past the 8 px activation distance, then in steps to above the other item's middle.
        const startY = a.y + a.height / 2
        const endY = b.y + b.height / 4
        for (let i = 1; i <= 20; i++)
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchMove',
            touchPoints: at(x, startY + ((endY - startY) * i) / 20),
          })
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
        const accomplishments = async () =>
          (await api(touch, 'GET', `/api/reports/${uuid}`)).json.sections
            .find((s: { section_name: string }) => s.section_name === 'Accomplishments')
            .items.map((i: { content: string }) => i.content)
        await expect.poll(accomplishments).toEqual(['Close Q3 books', 'Signed the EMEA reseller'])
      })
    } finally {
      await phone.close()
    }
  })
})
