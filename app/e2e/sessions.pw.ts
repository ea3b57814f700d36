// Sign out everywhere (issue 42): from Settings, every session of hers ends, on this browser and
// on another one signed in as her; another user's session is untouched.
import { afterAll, beforeAll, test } from 'bun:test'
import { type Browser, chromium } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'
import { api, base, expect, journey, newPage, signIn, skipTour, unique } from './helpers'

let browser: Browser

beforeAll(async () => {
  browser = await chromium.launch(launchOptions)
})
afterAll(async () => {
  await browser.close()
})

test('Sign out everywhere ends her sessions on every browser, and no one else’s', async () => {
  await journey(browser, 'sessions-sign-out-everywhere', async () => {
    const email = unique('everywhere')
    const laptop = await newPage(browser)
    await signIn(laptop, email)
    await skipTour(laptop)
    const phone = await newPage(browser)
    await signIn(phone, email)
    const other = await newPage(browser)
    await signIn(other, unique('everywhere-other'))
    expect((await api(phone, 'GET', '/api/users/me')).status).toBe(200)

    await laptop.goto(`${base}/settings`)
    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click()
    await laptop.getByRole('button', { name: 'Yes, sign out everywhere' }).click()
    await laptop.waitForURL(`${base}/`)
    await laptop.getByRole('button', { name: 'Sign In' }).first().waitFor()

    expect((await api(laptop, 'GET', '/api/users/me')).status).toBe(401)
    expect((await api(phone, 'GET', '/api/users/me')).status).toBe(401)
    expect((await api(other, 'GET', '/api/users/me')).status).toBe(200)
    // The phone's open app meets the 401 on its next page and goes to the landing page.
    await phone.goto(`${base}/dashboard`)
    await phone.waitForURL(`${base}/`)
  })
})
