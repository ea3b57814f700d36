// Every story of every `*.stories.tsx` here runs as a test under happy-dom: render, run its
// `play`, then check the result with axe. New stories files are picked up automatically.
import { describe, expect, test } from 'bun:test'
import { composeStories, setProjectAnnotations } from '@storybook/react-vite'
import axe from 'axe-core'
import * as previewAnnotations from '../.storybook/preview'

setProjectAnnotations([previewAnnotations])

const files = [...new Bun.Glob('**/*.stories.tsx').scanSync({ cwd: import.meta.dir })].sort()

// happy-dom has no layout: contrast is checked in the browser run. While a Radix modal is open
// it hides the page behind with aria-hidden and traps focus, which axe's aria-hidden-focus
// misreads without real focus handling; the browser run keeps that rule.
const AXE_OPTIONS: axe.RunOptions = {
  rules: {
    'color-contrast': { enabled: false },
    'aria-hidden-focus': { enabled: false },
    region: { enabled: false },
  },
  resultTypes: ['violations'],
  // A frame's document is not this page's (the review step's e-mail is drawn in a sandboxed
  // frame, which runs no script): happy-dom cannot reach into it, and axe checks the frame itself.
  iframes: false,
}

async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, AXE_OPTIONS)
  return result.violations.map(
    (v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  )
}

test('finds the stories files', () => {
  expect(files.length).toBeGreaterThan(0)
})

for (const file of files) {
  const mod = (await import(`./${file}`)) as Parameters<typeof composeStories>[0]
  const stories = composeStories(mod) as Record<string, { run: () => Promise<void> }>
  describe(file.replace('.stories.tsx', ''), () => {
    for (const [name, Story] of Object.entries(stories)) {
      // Radix Select and typing stories take seconds on a loaded 2-core CI machine.
      test(name, async () => {
        await Story.run()
        expect(await axeViolations()).toEqual([])
      }, 20_000)
    }
  })
}
