// Renders the PWA icons from the one SVG source (public/icons/favicon.svg) with Chromium.
// Run: bun scripts/icons.ts (from app/). The PNGs are committed; rerun after editing the SVG.
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { launchOptions } from '../../scripts/chromium'

const dir = join(import.meta.dir, '..', 'public', 'icons')
const svg = await Bun.file(join(dir, 'favicon.svg')).text()

// A maskable icon keeps its content inside the central 80 % safe zone on a full-bleed background.
const targets = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
]

const browser = await chromium.launch(launchOptions)
try {
  for (const { file, size, maskable } of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    const inner = maskable ? Math.round(size * 0.8) : size
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? '#2f54eb' : 'transparent'}">
        <img src="${src}" width="${inner}" height="${inner}" alt=""></body></html>`,
    )
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
    await page.screenshot({ path: join(dir, file), omitBackground: !maskable })
    await page.close()
    console.log(`wrote ${file}`)
  }
} finally {
  await browser.close()
}
