import path from 'node:path'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { launchOptions } from './scripts/chromium'

// Node 20 has no Map.groupBy, which Vitest's reporter calls when it prints failures.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => {
    const groups = new Map<K, T[]>()
    let i = 0
    for (const item of items) {
      const k = key(item, i++)
      const group = groups.get(k)
      if (group) group.push(item)
      else groups.set(k, [item])
    }
    return groups
  }
}

const configDir = path.join(import.meta.dirname, '.storybook')

// Visual regression is opt-in: `VISUAL=1 bunx vitest run` compares every story with its baseline
// in stories/__screenshots__/, `VISUAL=1 bunx vitest run -u` refreshes them.
const visual = process.env.VISUAL === '1'

// `bunx vitest run`: every story (stories/**/*.stories.tsx, via .storybook/main.ts) runs as a test
// in Debian's Chromium: render, play, then the a11y addon's axe check (a11y.test = 'error').
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir })],
        test: {
          name: 'storybook',
          // Bounds on a failure only (a story waits on conditions): a busy 2-core machine can take
          // seconds for a render and its whole-page screenshot.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            // Locale and time zone fixed, so dates and the date field read alike on any machine.
            provider: playwright({
              launchOptions,
              contextOptions: { locale: 'en-US', timezoneId: 'UTC' },
            }),
            instances: [{ browser: 'chromium' }],
            viewport: { width: 1280, height: 800 },
            screenshotFailures: false,
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                // Pinned fonts, and nothing a browser build draws on its own in the snapshot
                // (.storybook/vitest.visual.ts): rendering is the same on any machine and any
                // Chromium build Debian serves. Pixels pixelmatch
                // finds to be anti-aliasing are ignored (includeAA false) and up to 8 others may
                // differ, on any image size (a count, not a share of the now full-height image):
                // one changed letter in a 14 px label is ~16 pixels, a new button row thousands.
                comparatorOptions: { threshold: 0.1, includeAA: false, allowedMismatchedPixels: 8 },
              },
            },
          },
          setupFiles: [
            './.storybook/vitest.setup.ts',
            ...(visual ? ['./.storybook/vitest.visual.ts'] : []),
          ],
        },
      },
    ],
  },
})
