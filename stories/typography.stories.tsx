import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Foundations/Typography',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const samples: Array<[string, string]> = [
  ['Latin', 'Weekly brief — Apollo beta and Q4 hiring'],
  ['Accents', 'Anne-Sophie Müller-Lüdenscheidt · Łukasz Ó’Brien · Tâche · Zürich · Ωmega'],
  ['CJK', '東京 の 日本語 レポート'],
  ['Symbols', '✓ ☑ ☐ ↑ ↓ ↻ • × § … “quoted”'],
  ['Emoji', '🚀 ✅ 📈 ⚠️'],
]

const textWidth = (font: string, text: string) => {
  const context = document.createElement('canvas').getContext('2d')
  if (!context) return null
  context.font = font
  return context.measureText(text).width
}

/** Every script the fixtures use, in the app's font stack, with its monospace. */
export const Scripts: Story = {
  render: () => (
    <dl className="cad-typography-sample" style={{ display: 'grid', gap: 12, margin: 0 }}>
      {samples.map(([label, text]) => (
        <div key={label}>
          <dt style={{ fontSize: 12, color: 'var(--cad-text-muted)' }}>{label}</dt>
          <dd style={{ margin: 0, fontSize: 16 }}>{text}</dd>
          <dd style={{ margin: 0, fontSize: 13, fontFamily: 'var(--cad-font-mono)' }}>{text}</dd>
        </div>
      ))}
    </dl>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('東京 の 日本語 レポート')).toHaveLength(2)
    // In the test browser only the repository's fonts exist (scripts/fonts.ts): a family the
    // machine has (Liberation Sans comes with Debian's Chromium) must fall back like an unknown
    // one. happy-dom has no canvas text metrics; the browser run is where this holds.
    const probe = 'Wide WWW and narrow iii'
    const machineFont = textWidth('20px "Liberation Sans", monospace', probe)
    const unknownFont = textWidth('20px "No Such Family", monospace', probe)
    if (machineFont !== null && machineFont > 0) await expect(machineFont).toBe(unknownFont)
  },
}
