// The one place that knows how to launch Debian's Chromium on these machines.
// A test tool's own browser download fails here, so every browser test uses this.
import { testFontEnv } from './fonts'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Every test browser sees the repository's pinned fonts only (scripts/fonts.ts). */
export const launchOptions = {
  executablePath: chromiumPath,
  args: chromiumArgs,
  headless: true,
  env: testFontEnv(),
}
