// One brief, addressed to each reader (issue 41): with mail set up (a real SMTP server on
// loopback), the review step shows the e-mail itself in a sandboxed frame and says it reaches two
// people; 'Send now' sends one message to each recipient alone, from "<author> via Cadence", each
// with a reader link of its own; each link opens the brief from the author, and the report page
// lists both readers with the edition they opened.
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { leaves, type Received, startTestSmtp, type TestSmtp } from '@cadence/server/testing'
import { type Browser, chromium, type Page } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import {
  api,
  expect,
  monday,
  newPage,
  signInTourSkipped,
  startOwnServer,
  step,
  unique,
} from './helpers'

const RECIPIENTS = ['maria.alvarez@board.example', 'rob.chen@harbor.example']

let browser: Browser
let smtp: TestSmtp
let own: Awaited<ReturnType<typeof startOwnServer>>
let page: Page

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
  smtp = await startTestSmtp()
  const keys = ['SMTP_URL', 'MAIL_FROM', 'SMTP_REQUIRE_TLS'] as const
  const saved = keys.map((k) => [k, process.env[k]] as const)
  process.env.SMTP_URL = smtp.url
  process.env.MAIL_FROM = 'Cadence <reports@example.com>'
  // The loopback test server offers no STARTTLS: the explicit opt-out a deployment would need.
  process.env.SMTP_REQUIRE_TLS = 'off'
  own = await startOwnServer().finally(() => {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  })
  page = await newPage(browser)
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await own?.dispose()
  await smtp?.close()
})

/** An API call that must succeed. */
async function call(method: string, path: string, body?: unknown) {
  const res = await api(page, method, path, body)
  if (res.status >= 400)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`)
  return res
}

/** The message's text part (its plain-text alternative). */
const textOf = (mail: Received) =>
  leaves(mail.message).find((p) => p.contentType.startsWith('text/plain'))?.body ?? ''

describe('a brief addressed to each reader', () => {
  let uuid = ''
  const links: string[] = []

  test(
    'the review shows the e-mail itself; Send now sends one message per recipient, each with its own link',
    () =>
      step(page, 'reader-links-send', async () => {
        await signInTourSkipped(page, unique('dana'), 'Dana Whitfield', own.baseUrl)
        await call('PUT', '/api/users/me', { display_title: 'Chief Executive' })
        await call('PUT', '/api/settings', {
          organisation_name: 'Northwind',
          report_recipients: RECIPIENTS,
        })
        await call('POST', '/api/section-templates', { name: 'Action Items', type: 'tasks' })
        const report = await call('POST', '/api/reports', {
          week_start_date: monday(),
          title: 'Series B terms',
        })
        uuid = report.json.uuid
        await call('POST', '/api/section-items', {
          section_id: report.json.sections[0].id,
          content: 'Redline the Meridian term sheet',
        })
        await page.goto(`${own.baseUrl}/reports/${uuid}`)
        await page.getByRole('button', { name: 'Title: Series B terms' }).waitFor()
        await page.getByRole('button', { name: 'Send', exact: true }).click()
        const review = page.getByRole('dialog', { name: 'Review and send' })
        // The e-mail as the server renders it, drawn in a frame that runs nothing.
        const frame = review.locator('iframe[title="The e-mail as recipients get it"]')
        await frame.waitFor()
        await expect(frame).toHaveAttribute('sandbox', '')
        const inFrame = review.frameLocator('iframe[title="The e-mail as recipients get it"]')
        await inFrame.getByText('Redline the Meridian term sheet').waitFor()
        await inFrame.getByText('Read online').first().waitFor()
        await expect(review).toContainText('Reaches 2 people by e-mail')
        // Mail is set up and two people are mailed: the button says so.
        await review.getByRole('button', { name: 'Send now' }).click()
        await review.waitFor({ state: 'hidden' })

        const mails = await smtp.waitFor(2, 60_000)
        expect(mails).toHaveLength(2)
        for (const mail of mails) {
          // One recipient a message: nobody sees another's address.
          expect(mail.rcptTo).toHaveLength(1)
          const to = mail.message.headers.get('to') ?? ''
          for (const other of RECIPIENTS.filter((r) => r !== mail.rcptTo[0]))
            expect(to).not.toContain(other)
          expect(mail.message.headers.get('from')).toContain('Dana Whitfield via Cadence')
          const link = new RegExp(`${own.baseUrl}/r/[A-Za-z0-9_-]+`).exec(textOf(mail))?.[0]
          expect(link).toBeDefined()
          links.push(link as string)
        }
        expect(mails.map((m) => m.rcptTo[0]).toSorted()).toEqual(RECIPIENTS.toSorted())
        expect(new Set(links).size).toBe(2)
      }),
    120_000,
  )

  test(
    "each reader's link opens the brief from its author, and the report page lists who opened it",
    () =>
      step(page, 'reader-links-open', async () => {
        expect(links).toHaveLength(2)
        for (const link of links) {
          const reader = await newPage(browser)
          try {
            await reader.goto(link)
            const header = reader.locator('[data-slot="memo-header"]')
            await header.waitFor()
            await expect(header).toContainText('From Dana Whitfield, Chief Executive')
            await expect(header).toContainText('Sent')
            await reader.getByText('Redline the Meridian term sheet').waitFor()
          } finally {
            await reader.context().close()
          }
        }
        // An open is recorded as the reader's page loads its brief: both, once recorded.
        await expect
          .poll(
            async () =>
              (await call('GET', `/api/reports/${uuid}/readers`)).json.readers.filter(
                (r: { opened_at: string | null }) => r.opened_at !== null,
              ).length,
          )
          .toEqual(2)
        await page.goto(`${own.baseUrl}/reports/${uuid}`)
        const readers = page.getByRole('region', { name: 'Readers' })
        await readers.waitFor()
        for (const r of RECIPIENTS) {
          const row = readers.getByRole('row').filter({ hasText: r })
          await row.waitFor()
          await expect(row).toContainText('Edition 1')
        }
        // An edit after sending: 'Changes not sent' until 'Send update'; the draft preview is the
        // live text, 'Not sent yet', never stamped with the date it was sent.
        // Added on the page: the notice follows without a reload.
        const add = page.getByRole('combobox', { name: 'Add an item to Action Items' })
        await add.fill('Board call moved to Thursday')
        await add.press('Enter')
        const unsent = page.getByRole('region', { name: 'Changes not sent' })
        await unsent.waitFor()
        await expect(unsent).toContainText('Readers have edition 1; since then: 1 item added')
        await page.goto(`${own.baseUrl}/reports/${uuid}/draft`)
        const header = page.locator('[data-slot="memo-header"]')
        await header.getByText('Not sent yet').waitFor()
        await expect(header).not.toContainText('Sent ')
        await expect(page).toHaveTitle(/Series B terms — Weekly Report — /)

        // 'Send update' e-mails each reader again, saying what changed; nothing is left unsent.
        await page.goto(`${own.baseUrl}/reports/${uuid}`)
        await page.getByRole('region', { name: 'Changes not sent' }).waitFor()
        await page.getByRole('button', { name: 'Send update' }).click()
        const review = page.getByRole('dialog', { name: 'Send an update' })
        await review.getByRole('textbox', { name: 'What changed (optional)' }).fill('Board call')
        await review.getByRole('button', { name: 'Send update' }).click()
        await review.waitFor({ state: 'hidden' })
        await page.getByRole('region', { name: 'Changes not sent' }).waitFor({ state: 'detached' })
        const mails = await smtp.waitFor(4, 60_000)
        for (const mail of mails.slice(2)) {
          expect(mail.rcptTo).toHaveLength(1)
          expect(textOf(mail)).toContain('Changed since edition 1')
          expect(textOf(mail)).toContain('Board call moved to Thursday')
        }
      }),
    120_000,
  )
})
