// Team: add a member through the dialog, add a talking point, mark it covered (toasts per spec).
import { afterAll, beforeAll, describe, test } from 'bun:test'
import { type Browser, chromium } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { base, journey, newPage, shot, signIn, skipTour, unique } from './helpers'

let browser: Browser
beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
})
afterAll(async () => {
  await browser?.close()
})

describe('team', () => {
  test('add a member, add a talking point, mark it covered', () =>
    journey(browser, 'team', async () => {
      const page = await newPage(browser)
      await signIn(page, unique('team'))
      await skipTour(page)
      await page.goto(`${base}/team`)
      await page.getByRole('button', { name: 'Add Team Member' }).first().click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Name', { exact: true }).fill('Dana Ruiz')
      await dialog.getByLabel('Email').fill('dana@example.com')
      await dialog.getByRole('button', { name: 'Add Team Member' }).click()
      await page.getByText('Team member "Dana Ruiz" added successfully!').waitFor()

      await page.getByRole('link', { name: 'Dana Ruiz' }).click()
      await page.waitForURL(/\/team-members\/[0-9a-f-]{36}$/)
      await page.getByRole('tab', { name: /Talking Points/ }).click()
      await page.getByRole('textbox', { name: 'Content' }).fill('Budget review')
      await page.getByRole('button', { name: 'Add', exact: true }).click()
      await page.getByText('Talking point added successfully').waitFor()
      await page.getByRole('checkbox', { name: 'Toggle Budget review' }).click()
      await page.getByText('Talking point marked as covered').waitFor()
      await shot(page, 'team')
    }))
})
