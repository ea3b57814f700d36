import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { render } from '@testing-library/react'
import { Glob } from 'bun'
import type { LucideIcon, LucideProps } from 'lucide-react'
import * as lucide from 'lucide-react'
import * as React from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { icon } from './icon'

/** Every icon lucide-react exports, once (it exports each as `X`, `XIcon` and `LucideX`). */
const all = Object.entries(lucide).filter(
  (entry): entry is [string, LucideIcon] =>
    /^[A-Z]/.test(entry[0]) &&
    !entry[0].startsWith('Lucide') &&
    !entry[0].endsWith('Icon') &&
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    typeof (entry[1] as { render?: unknown }).render === 'function',
)

/** The icons ui draws through icon() (`icon(LucideX)` in its sources), and every 20th other one. */
const used = new Set<string>()
for (const file of new Glob('**/*.tsx').scanSync(path.join(import.meta.dir, '..'))) {
  const source = readFileSync(path.join(import.meta.dir, '..', file), 'utf8')
  for (const m of source.matchAll(/icon\(Lucide(\w+)\)/g)) used.add(m[1] as string)
}
const icons = all.filter(([name], i) => used.has(name) || i % 20 === 0)

/** The props the app's icons are drawn with (ui/src), and a few it does not use. */
const variants: LucideProps[] = [
  {},
  { 'aria-hidden': true },
  { size: 14, 'aria-hidden': true },
  { size: 12, strokeWidth: 3, 'aria-hidden': 'true' },
  { size: 11, strokeWidth: 2.25 },
  { className: 'cad-icon lucide', size: 16 },
  { className: '  two  spaces ', 'aria-label': 'Named', role: 'img' },
  { style: { color: 'red' }, 'data-x': '1' } as LucideProps,
  { color: 'red', size: 20 },
  { absoluteStrokeWidth: true, size: 48 },
  { width: 10, height: 12 },
]

const open = (markup: string) => /^<svg[^>]*>/.exec(markup)?.[0]
const inner = (markup: string) => markup.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '')

describe('icon(): lucide icons drawn from one sprite', () => {
  test('finds the icons ui uses', () => {
    expect(all.length).toBeGreaterThan(1000)
    expect(used.size).toBeGreaterThan(50)
    for (const name of used) expect(all.some(([n]) => n === name)).toBe(true)
  })

  test('renders the <svg> lucide renders, its shapes in the sprite, for every icon and the props in use', () => {
    const differ: string[] = []
    for (const [name, Lucide] of icons) {
      const Fast = icon(Lucide)
      expect(Fast).not.toBe(Lucide)
      for (const props of variants) {
        const want = renderToStaticMarkup(<Lucide {...props} />)
        const got = renderToStaticMarkup(<Fast {...props} />)
        // Props the fast path leaves to lucide: lucide's own markup.
        if (got === want) continue
        const id = /<use href="#([\w-]+)"><\/use><\/svg>$/.exec(got)?.[1]
        const shapes = id ? document.getElementById(id)?.innerHTML : undefined
        if (
          !id ||
          open(got) !== open(want) ||
          got !== `${open(want)}<use href="#${id}"></use></svg>` ||
          shapes !== inner(want)
        )
          differ.push(`${name} ${JSON.stringify(props)}\n  ${want}\n  ${got}\n  ${shapes}`)
      }
    }
    expect(differ.slice(0, 5)).toEqual([])
  }, 60_000)

  test('one sprite, hidden, made again when the document lost it', () => {
    const Check = icon(lucide.Check)
    const Trash = icon(lucide.Trash2)
    render(
      <>
        <Check size={12} aria-hidden />
        <Check size={14} aria-hidden />
        <Trash size={14} aria-hidden />
      </>,
    )
    const sprites = document.querySelectorAll('[data-slot="icon-sprite"]')
    expect(sprites).toHaveLength(1)
    expect(sprites[0]?.getAttribute('style')).toBe('display:none')
    expect(sprites[0]?.getAttribute('aria-hidden')).toBe('true')
    expect(sprites[0]?.querySelectorAll('g')).toHaveLength(2)
    document.body.innerHTML = ''
    const view = render(<Check size={12} aria-hidden />)
    expect(document.getElementById('cad-icon-check')?.innerHTML).toBe(
      '<path d="M20 6 9 17l-5-5"></path>',
    )
    expect(view.container.querySelector('use')?.getAttribute('href')).toBe('#cad-icon-check')
  })

  test('without a document (a string render) the icon carries its shapes', () => {
    const Check = icon(lucide.Check)
    const saved = globalThis.document
    Object.defineProperty(globalThis, 'document', { value: undefined, configurable: true })
    try {
      expect(renderToStaticMarkup(<Check size={12} aria-hidden />)).toBe(
        renderToStaticMarkup(<lucide.Check size={12} aria-hidden />),
      )
    } finally {
      Object.defineProperty(globalThis, 'document', { value: saved, configurable: true })
    }
  })

  test('the same <svg> in a document, with the ref on it', () => {
    const Fast = icon(lucide.Trash2)
    const ref = React.createRef<SVGSVGElement>()
    const fast = render(<Fast ref={ref} size={14} aria-hidden />)
    const slow = render(<lucide.Trash2 size={14} aria-hidden />)
    const [mine, theirs] = [fast.container.firstElementChild, slow.container.firstElementChild]
    expect(ref.current).toBe(mine as SVGSVGElement)
    expect(mine?.tagName.toLowerCase()).toBe('svg')
    const attrs = (el: Element | null | undefined) =>
      [...(el?.attributes ?? [])].map((a) => `${a.name}=${a.value}`)
    expect(attrs(mine)).toEqual(attrs(theirs))
    // Trash2 is lucide's alias of 'trash': one set of shapes for both names.
    expect(mine?.innerHTML).toBe('<use href="#cad-icon-trash"></use>')
    expect(document.getElementById('cad-icon-trash')?.innerHTML).toBe(theirs?.innerHTML)
  })
})
