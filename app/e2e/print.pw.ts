// Paper: the seeded month's latest brief (6 projects, about 28 items) printed by Chromium from the
// draft preview in print media, on Letter and on A4 — at most 2 pages, no page but the last more
// than a third empty, with the memo header and section icons drawn, not typed.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { seedCeoMonth } from './fixtures/ceo-month'
import { base, newPage, shot, shots, signIn, skipTour, step, unique } from './helpers'

let browser: Browser
let page: Page
let latest = ''

type PdfPage = { height: number; top: number; bottom: number }

/** Page count, text and where the words of each page start and end (pdfinfo, pdftotext -bbox). */
function readPdf(bytes: Uint8Array) {
  const dir = mkdtempSync(join(tmpdir(), 'cadence-print-'))
  try {
    const file = join(dir, 'brief.pdf')
    writeFileSync(file, bytes)
    const info = Bun.spawnSync(['pdfinfo', file]).stdout.toString()
    const text = Bun.spawnSync(['pdftotext', '-layout', file, '-']).stdout.toString()
    const bbox = Bun.spawnSync(['pdftotext', '-bbox', file, '-']).stdout.toString()
    const pages: PdfPage[] = bbox
      .split('<page ')
      .slice(1)
      .map((chunk) => {
        const height = Number(/height="([\d.]+)"/.exec(chunk)?.[1])
        const words = [...chunk.matchAll(/yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"/g)]
        return {
          height,
          top: Math.min(...words.map((w) => Number(w[1]))),
          bottom: Math.max(...words.map((w) => Number(w[2]))),
        }
      })
    return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), text, layout: pages }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await newPage(browser)
  await signIn(page, unique('print'), 'Dana Whitfield')
  await skipTour(page)
  latest = await seedCeoMonth(page)
})
afterAll(async () => {
  await browser?.close()
})

describe('the brief on paper', () => {
  for (const format of ['Letter', 'A4'] as const)
    test(`the seeded month's latest brief prints on at most 2 ${format} pages, none but the last more than a third empty`, () =>
      step(page, `print-${format.toLowerCase()}`, async () => {
        await page.goto(`${base}/reports/${latest}/draft`)
        const memo = page.locator('[data-slot="report-memo"]')
        await memo.getByText('End of Report').waitFor()
        await memo.getByRole('heading', { name: 'Since last week' }).waitFor()
        await memo.getByText('From Dana Whitfield, Chief Executive').waitFor()
        // About 28 items in the body: the carried ones and this week's.
        const items = await memo.locator('.cad-draft__items li').count()
        expect(items).toBeGreaterThanOrEqual(28)
        await page.emulateMedia({ media: 'print' })
        const bytes = await page.pdf({ format })
        const pdf = readPdf(bytes)
        await page.emulateMedia({ media: 'screen' })
        writeFileSync(`${shots}/print-${format.toLowerCase()}.pdf`, bytes)
        expect(pdf.pages).toBeGreaterThanOrEqual(1)
        expect(pdf.pages).toBeLessThanOrEqual(2)
        expect(pdf.layout).toHaveLength(pdf.pages)
        // The @page margins are 16 mm top and bottom: the printable height runs between them.
        const margin = (16 / 25.4) * 72
        for (const [i, p] of pdf.layout.entries()) {
          if (i === pdf.layout.length - 1) break
          const printable = p.height - 2 * margin
          const empty = (p.height - margin - p.bottom) / printable
          expect(empty).toBeLessThanOrEqual(1 / 3)
        }
        // The masthead prints the organisation in capitals.
        for (const text of [
          'NORTHWIND',
          'Not sent yet',
          'Weekly Report',
          'From Dana Whitfield, Chief Executive',
          'Negotiating terms, EU cutover go/no-go',
          'Project health',
          'Since last week',
          'Board pre-read outline drafted',
          'End of Report',
        ])
          expect(pdf.text).toContain(text)
        // Nothing of the app around the memo, and icons drawn rather than typed as symbols.
        for (const absent of ['Back to Report', 'Print', '▤', '☑', '☐', '↻'])
          expect(pdf.text).not.toContain(absent)
        await shot(page, `print-${format.toLowerCase()}-screen`)
      }))
})
