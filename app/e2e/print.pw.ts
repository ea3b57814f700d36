// Paper: the seeded month's latest brief (6 projects, about 28 items, 4 metrics, 2 asks and a
// decision) printed by Chromium from the draft preview in print media, on Letter and on A4 — at
// most 2 pages, none but the last more than a third empty, 'Page N of M' and the confidentiality
// line in the footer, the page size the account's paper setting, the memo header and section
// icons drawn, not typed, and the browser's title '<title> — Weekly Report — <week>'.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { seedCeoMonth } from './fixtures/ceo-month'
import { api, base, expect, newPage, shot, shots, signInTourSkipped, step, unique } from './helpers'

let browser: Browser
let page: Page
let latest = ''

type PdfPage = { height: number; top: number; bottom: number }

const CONFIDENTIAL = 'Confidential: Northwind board only'

async function call(method: string, path: string, body?: unknown) {
  const res = await api(page, method, path, body)
  if (res.status >= 400)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`)
  return res.json
}

/**
 * A board's week on top of the seeded month: 4 metrics with a value in every week (the latest
 * misses ARR's target), 2 asks and a decision in the latest report, the confidentiality line.
 */
async function seedBoardWeek(latestUuid: string) {
  await call('PUT', '/api/settings', { confidentiality_line: CONFIDENTIAL })
  const reports: { uuid: string; week_start_date: string }[] = await call('GET', '/api/reports')
  const weeks = reports.toSorted((a, b) => a.week_start_date.localeCompare(b.week_start_date))
  const metrics = [
    { name: 'ARR', unit: '$M', direction: 'up', target: 18, values: [16.4, 16.8, 17.1, 17.9] },
    { name: 'Net revenue retention', unit: '%', direction: 'up', values: [117, 118, 118, 119] },
    { name: 'Monthly burn', unit: '$M', direction: 'down', values: [1.3, 1.2, 1.2, 1.1] },
    { name: 'Open support tickets', direction: 'down', values: [88, 64, 41, 97] },
  ]
  for (const m of metrics) {
    const { values, ...definition } = m
    const created = await call('POST', '/api/metrics', definition)
    for (const [i, r] of weeks.slice(-values.length).entries())
      await call('PUT', `/api/reports/${r.uuid}/metric-values/${created.id}`, { value: values[i] })
  }
  const latest = await call('GET', `/api/reports/${latestUuid}`)
  const items: { id: number; content: string; project_id: number | null }[] =
    latest.sections.flatMap((s: { items: unknown[] }) => s.items)
  const asks = items.filter((i) =>
    /^(Board deck: financials|Decide grandfathering policy)/.test(i.content),
  )
  expect(asks).toHaveLength(2)
  for (const a of asks) await call('PUT', `/api/section-items/${a.id}`, { is_ask: true })
  await call('POST', '/api/decisions', {
    title: 'Go with Meridian Capital as Series B lead',
    decided_on: latest.week_start_date,
    rationale: 'Best terms and a board seat we want; Harbor stays as follow-on.',
  })
}

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
    return {
      pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
      size: /Page size:\s+(.*)/.exec(info)?.[1] ?? '',
      text,
      layout: pages,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  page = await newPage(browser)
  await signInTourSkipped(page, unique('print'), 'Dana Whitfield')
  latest = await seedCeoMonth(page)
  await seedBoardWeek(latest)
})
afterAll(async () => {
  await browser?.close()
})

describe('the brief on paper', () => {
  for (const format of ['Letter', 'A4'] as const)
    test(`the seeded month's latest brief prints on at most 2 ${format} pages, none but the last more than a third empty`, () =>
      step(page, `print-${format.toLowerCase()}`, async () => {
        // The account's paper size is the print's page size.
        await call('PUT', '/api/settings', { paper_size: format === 'A4' ? 'a4' : 'letter' })
        await page.goto(`${base}/reports/${latest}/draft`)
        const memo = page.locator('[data-slot="report-memo"]')
        await memo.getByText('End of Report').waitFor()
        await memo.getByRole('heading', { name: 'Since last week' }).waitFor()
        await memo.getByText('From Dana Whitfield, Chief Executive').waitFor()
        await memo.getByRole('heading', { name: 'Metrics', exact: true }).waitFor()
        await memo.getByRole('heading', { name: 'Asks of you' }).waitFor()
        await memo.getByRole('heading', { name: 'Decided this week' }).waitFor()
        await expect(memo.locator('[data-slot="metrics"] tbody tr')).toHaveCount(4)
        // What Save as PDF names the file after.
        await expect(page).toHaveTitle(
          'Negotiating terms, EU cutover go/no-go — Weekly Report — Nov 23 – Nov 27, 2026',
        )
        // About 28 items in the body: the carried ones and this week's.
        await expect
          .poll(() => memo.locator('.cad-draft__items li').count())
          .toBeGreaterThanOrEqual(28)
        await page.emulateMedia({ media: 'print' })
        const bytes = await page.pdf({ preferCSSPageSize: true, printBackground: false })
        const pdf = readPdf(bytes)
        await page.emulateMedia({ media: 'screen' })
        writeFileSync(`${shots}/print-${format.toLowerCase()}.pdf`, bytes)
        expect(pdf.pages).toBeGreaterThanOrEqual(1)
        expect(pdf.pages).toBeLessThanOrEqual(2)
        expect(pdf.size).toContain(format === 'A4' ? '(A4)' : '(letter)')
        // Every page says which of how many, with the confidentiality line.
        for (let n = 1; n <= pdf.pages; n++) expect(pdf.text).toContain(`Page ${n} of ${pdf.pages}`)
        expect(pdf.text.split(CONFIDENTIAL).length - 1).toBe(pdf.pages)
        expect(pdf.layout).toHaveLength(pdf.pages)
        // The @page margins are 14 mm top and bottom: the printable height runs between them.
        const margin = (14 / 25.4) * 72
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
          'Metrics',
          'Missed target',
          'Asks of you',
          'Decided this week',
          'Go with Meridian Capital as Series B lead',
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
