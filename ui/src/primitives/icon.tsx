import type { LucideIcon, LucideProps } from 'lucide-react'
import * as React from 'react'

/**
 * lucide's icons, drawn with less work (issue 45: a cold dashboard spent 80–140 ms at 4× CPU in
 * lucide's `buildLucideIconNode`, and the CEO's report drew 704 SVG shapes in 197 icons, 46% of
 * its 1,529 elements).
 *
 * lucide-react builds each icon's attributes and one element per shape on every render.
 * `icon(Lucide)` reads the lucide component's shapes once and puts them, the first time the icon
 * is drawn, in one hidden `<svg>` at the end of the body (`<g id="cad-icon-<name>">`); each icon is
 * then lucide's own `<svg>` (the same attributes, class names, size, stroke and currentColor,
 * aria-hidden unless labelled) holding one `<use href="#cad-icon-<name>">`. The browser draws the
 * `<use>` as a copy of the shapes inside that `<svg>`, which inherit its stroke: the same pixels
 * (the tests compare the markup with lucide's, icon by icon). lucide stays the only source of
 * the drawings. The component is memoised: a row that renders again with the same icon props
 * does not render its icons again.
 *
 * Without a document (a string render) the icon carries its shapes, as lucide's does. Props the
 * app does not use here (`color`, `width`/`height`, `absoluteStrokeWidth`, `nonScalingStroke`,
 * children) go to lucide's own component, as does an icon whose shapes could not be read. No
 * `LucideProvider` is used by the app (its context would be ignored).
 */

type Shape = [string, Record<string, unknown>, ...unknown[]]
type IconData = { name?: string; aliases?: unknown[]; size?: number; node: Shape[] }

/** The data lucide's component passes to its `Icon` (its render, called once, without a ref). */
function readIconData(Lucide: LucideIcon): IconData | null {
  const render = (Lucide as unknown as { render?: (props: object, ref: null) => unknown }).render
  if (typeof render !== 'function') return null
  const element = render({}, null) as { props?: { icon?: IconData } } | null
  const data = element?.props?.icon
  return data && Array.isArray(data.node) ? data : null
}

/** lucide's class names: 'lucide lucide-<name> lucide-<alias>…', then the caller's, deduplicated. */
function mergeClasses(base: string, extra: string | undefined): string {
  if (!extra) return base
  const tokens = new Set(base.split(' '))
  for (const token of extra.split(/\s+/)) if (token) tokens.add(token)
  return [...tokens].join(' ')
}

/** lucide's own test for a label: any aria-*, role or title prop that is set. */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const prop in props) {
    if (
      Object.hasOwn(props, prop) &&
      (prop.startsWith('aria-') || prop === 'role' || prop === 'title') &&
      props[prop] != null
    )
      return true
  }
  return false
}

const SVG_NS = 'http://www.w3.org/2000/svg'

/** The document's one hidden `<svg>` of shapes (`<g id="cad-icon-…">`), and which it holds. */
let sprite: { svg: SVGSVGElement; defs: SVGDefsElement; ids: Set<string> } | null = null

/**
 * Puts the shapes of `id` in the document's sprite once, making the sprite when there is none
 * (or it left the document). Idempotent, so it may run during render. False without a document
 * (rendered to a string): the icon then carries its own shapes.
 */
function defineShapes(id: string, node: Shape[]): boolean {
  if (typeof document === 'undefined' || !document.body) return false
  if (!sprite?.svg.isConnected) {
    const svg = document.createElementNS(SVG_NS, 'svg')
    svg.setAttribute('data-slot', 'icon-sprite')
    svg.setAttribute('aria-hidden', 'true')
    // Not rendered itself: each <use> draws a copy of the shapes in its own <svg>.
    svg.setAttribute('style', 'display:none')
    const defs = document.createElementNS(SVG_NS, 'defs')
    svg.appendChild(defs)
    document.body.appendChild(svg)
    sprite = { svg, defs, ids: new Set() }
  }
  if (sprite.ids.has(id)) return true
  const group = document.createElementNS(SVG_NS, 'g')
  group.setAttribute('id', id)
  for (const [tag, attrs] of node) {
    const shape = document.createElementNS(SVG_NS, tag)
    for (const [name, value] of Object.entries(attrs))
      if (name !== 'key' && value !== undefined && value !== null)
        shape.setAttribute(name, String(value))
    group.appendChild(shape)
  }
  sprite.defs.appendChild(group)
  sprite.ids.add(id)
  return true
}

/** One drawn icon per lucide icon, however many files wrap it (each wraps what it imports). */
const made = new WeakMap<LucideIcon, LucideIcon>()

function icon(Lucide: LucideIcon): LucideIcon {
  let drawn = made.get(Lucide)
  if (!drawn) {
    drawn = drawnIcon(Lucide)
    made.set(Lucide, drawn)
  }
  return drawn
}

function drawnIcon(Lucide: LucideIcon): LucideIcon {
  const data = readIconData(Lucide)
  if (!data) return Lucide
  const box = data.size ?? 24
  const viewBox = `0 0 ${box} ${box}`
  const names = [
    'lucide',
    ...(data.name ? [`lucide-${data.name}`] : []),
    ...(data.aliases ?? [])
      .filter((alias): alias is string => typeof alias === 'string' && alias.trim() !== '')
      .map((alias) => `lucide-${alias}`),
  ]
  const baseClass = [...new Set(names)].join(' ')
  // The shapes' elements, made once and shared by every instance (elements are immutable):
  // without a document (a string render), each icon carries them.
  const shapes = data.node.map(([tag, attrs]) => React.createElement(tag, attrs))
  const id = `cad-icon-${data.name ?? baseClass.replace(/\s+/g, '-')}`
  const use = React.createElement('use', { href: `#${id}` })
  const Fast = React.forwardRef<SVGSVGElement, LucideProps>(function Fast(props, ref) {
    const {
      size,
      strokeWidth,
      className,
      color,
      width,
      height,
      absoluteStrokeWidth,
      nonScalingStroke,
      children,
      ...rest
    } = props
    if (
      color !== undefined ||
      width !== undefined ||
      height !== undefined ||
      absoluteStrokeWidth !== undefined ||
      nonScalingStroke !== undefined ||
      children !== undefined
    )
      return <Lucide ref={ref} {...props} />
    const side = size ?? 24
    const attributes: Record<string, unknown> = {
      ref,
      xmlns: 'http://www.w3.org/2000/svg',
      width: side,
      height: side,
      viewBox,
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: strokeWidth ?? 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: mergeClasses(baseClass, className),
    }
    if (!hasA11yProp(rest)) attributes['aria-hidden'] = 'true'
    Object.assign(attributes, rest)
    return defineShapes(id, data.node)
      ? React.createElement('svg', attributes, use)
      : React.createElement('svg', attributes, ...shapes)
  })
  const Memo = React.memo(Fast)
  Memo.displayName = (Lucide as { displayName?: string }).displayName
  return Memo as unknown as LucideIcon
}

export { icon }
