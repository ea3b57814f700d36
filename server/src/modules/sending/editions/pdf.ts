/**
 * The memo as a PDF (pdfkit, no browser), drawn from the brief's one composition
 * (core/src/brief.ts): its blocks in their order, with their labels and dates, in the print's
 * design — DejaVu Sans embedded (every name prints, the text is selectable), health chips and flags
 * in the tones' colours, "Page N of M" and the account's confidentiality line in every page's
 * footer, Letter or A4. Every text has its unbroken runs broken (breakLongWords) before layout,
 * so the cost stays linear in the text's length. Runs on the PDF worker (pdf-off-thread.ts), never
 * on the server's thread.
 */

import {
  type BriefBlock,
  breakLongWords,
  type ComposedBrief,
  TONE_COLOURS,
  type Tone,
} from '@cadence/core'
import regularPath from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf' with { type: 'file' }
// Embedded in the compiled single-file build (`with { type: 'file' }`).
import boldPath from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' with { type: 'file' }
import type PDFKit from 'pdfkit'

/** How many answers each ask has (by item id), for the author's own copy; absent for readers. */
export type AskAnswerCounts = Map<number, number>

export type PdfOptions = {
  paperSize: 'letter' | 'a4'
  /** The account's confidentiality line, in every page's footer (null: none). */
  confidentialityLine: string | null
  answerCounts?: AskAnswerCounts
}

const MARGIN = 48
const FOOTER = 28
const INK = '#111111'
const MUTED = '#555555'
const RULE = '#d1d5db'

type Doc = InstanceType<typeof PDFKit>
/** What every part of the memo draws with: the document, the left edge and the text width. */
type Layout = { doc: Doc; left: number; width: number; bottom: number }

/** Every drawn text: unbroken runs broken first (linear layout). */
const t = (text: string) => breakLongWords(text, 40)

/** A new page when less than `height` is left on this one. */
function ensure(l: Layout, height: number) {
  if (l.doc.y + height > l.bottom) l.doc.addPage()
}

function heading(l: Layout, text: string, size = 11) {
  // Kept with what follows: a heading never ends a page.
  ensure(l, size + 40)
  l.doc
    .moveDown(0.6)
    .font('bold')
    .fontSize(size)
    .fillColor(INK)
    .text(t(text), l.left, undefined, { width: l.width })
  l.doc.moveDown(0.15)
}

function para(
  l: Layout,
  text: string,
  opts: { size?: number; color?: string; indent?: number } = {},
) {
  const indent = opts.indent ?? 0
  l.doc
    .font('regular')
    .fontSize(opts.size ?? 9)
    .fillColor(opts.color ?? INK)
    .text(t(text), l.left + indent, undefined, { width: l.width - indent })
}

/** A rounded chip of `tone` with its label, at (x, y). */
function chip(l: Layout, text: string, tone: Tone, x: number, y: number) {
  if (!text) return
  const { doc } = l
  doc.font('bold').fontSize(8)
  const w = doc.widthOfString(text) + 8
  doc
    .save()
    .roundedRect(x, y - 1, w, 11, 5)
    .fill(TONE_COLOURS[tone].background)
    .restore()
  doc.fillColor(TONE_COLOURS[tone].text).text(text, x + 4, y + 0.5, { lineBreak: false })
}

type Cell = {
  text: string
  tone?: Tone
  chip?: boolean
  bold?: boolean
  draw?: (x: number, y: number, w: number) => void
}

/** One table row: each cell in its column, the next row below the tallest cell; never split. */
function tableRow(l: Layout, cols: number[], cells: Cell[], header = false) {
  const { doc } = l
  // Each cell measured in the font it is drawn in: a bold name wraps sooner than regular text.
  const heights = cells.map((c, i) =>
    c.chip || c.draw
      ? 11
      : doc
          .font(header || c.bold ? 'bold' : 'regular')
          .fontSize(header ? 8.5 : 9)
          .heightOfString(t(c.text) || ' ', { width: cols[i] - 6 }),
  )
  const height = Math.max(...heights) + 4
  ensure(l, height)
  const y = doc.y
  let x = l.left
  cells.forEach((c, i) => {
    if (c.draw) c.draw(x, y, cols[i] - 8)
    else if (c.chip) chip(l, c.text, c.tone ?? 'neutral', x, y)
    else
      doc
        .font(header || c.bold ? 'bold' : 'regular')
        .fontSize(header ? 8.5 : 9)
        .fillColor(
          header ? '#374151' : c.tone && c.tone !== 'neutral' ? TONE_COLOURS[c.tone].text : INK,
        )
        .text(t(c.text), x, y, { width: cols[i] - 6 })
    x += cols[i]
  })
  doc
    .save()
    .moveTo(l.left, y + height - 1.5)
    .lineTo(l.left + l.width, y + height - 1.5)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
    .restore()
  doc.x = l.left
  doc.y = y + height + 1
}

/** The values as a polyline (vector, 8 pt high) from the oldest to the newest; a dot ends it. */
function sparkline({ doc }: Layout, raw: number[], x: number, y: number, w: number) {
  // Scaled to at most 1 first: values near ±1e308 would make the span infinite (and a point NaN).
  const scale = Math.max(...raw.map(Math.abs)) || 1
  const values = raw.map((v) => v / scale)
  if (values.length < 2 || !values.every(Number.isFinite)) return
  const min = Math.min(...values)
  const span = Math.max(...values) - min || 1
  const h = 8
  const at = (v: number, i: number) =>
    [x + (i * w) / (values.length - 1), y + h - ((v - min) / span) * h] as const
  doc.save().lineWidth(0.8).strokeColor('#333333')
  values.forEach((v, i) => {
    const [px, py] = at(v, i)
    if (i === 0) doc.moveTo(px, py)
    else doc.lineTo(px, py)
  })
  doc.stroke()
  const [lx, ly] = at(values[values.length - 1], values.length - 1)
  doc.circle(lx, ly, 1.2).fill('#333333').restore()
}

function drawBlock(l: Layout, b: BriefBlock, options: PdfOptions) {
  const { doc } = l
  const fr = (fractions: number[]) => fractions.map((f) => f * l.width)
  switch (b.kind) {
    case 'changes': {
      heading(l, b.heading, 10)
      for (const line of b.lines) para(l, `• ${line.text}`, { indent: 8 })
      if (b.note) para(l, b.note)
      doc.moveDown(0.4)
      return
    }
    case 'header': {
      const masthead = [b.organisation, b.status.label, b.edition?.label]
        .filter(Boolean)
        .join('  ·  ')
      para(l, masthead, { color: MUTED })
      doc.moveDown(0.2).font('bold').fontSize(18).fillColor(INK).text(b.heading, l.left)
      para(l, [b.week, b.from].filter(Boolean).join('  ·  '), { size: 10, color: MUTED })
      if (b.updated) {
        doc.moveDown(0.2)
        doc
          .font('bold')
          .fontSize(9.5)
          .fillColor(INK)
          .text(t(b.updated), l.left, undefined, { width: l.width })
      }
      return
    }
    case 'title':
      if (b.title) {
        doc.moveDown(0.4).font('bold').fontSize(14).fillColor(INK)
        doc.text(t(b.title), l.left, undefined, { width: l.width })
      }
      if (b.summary) {
        doc.moveDown(0.2)
        para(l, b.summary, { size: 10 })
      }
      return
    case 'health': {
      heading(l, b.heading)
      const cols = fr([0.26, 0.14, 0.16, 0.44])
      tableRow(
        l,
        cols,
        b.columns.map((text) => ({ text })),
        true,
      )
      for (const r of b.rows)
        tableRow(l, cols, [
          { text: r.project, bold: true },
          { text: r.label, tone: r.tone, chip: true },
          { text: r.change },
          { text: r.why },
        ])
      return
    }
    case 'asks':
      heading(l, b.heading)
      for (const a of b.asks) {
        const count = options.answerCounts?.get(a.id)
        const about = [
          a.project,
          count === undefined ? null : `${count} ${count === 1 ? 'answer' : 'answers'}`,
        ].filter(Boolean)
        para(l, `${a.number}. ${a.content}${about.length ? `  (${about.join(' · ')})` : ''}`, {
          indent: 8,
        })
      }
      return
    case 'decisions':
      heading(l, b.heading)
      for (const d of b.decisions) {
        para(l, `• ${d.title}  (${d.meta})`, { indent: 8 })
        if (d.why) para(l, d.why, { indent: 16, color: MUTED })
      }
      return
    case 'metrics': {
      heading(l, b.heading)
      const cols = fr([0.2, 0.14, 0.13, 0.19, 0.16, 0.18])
      const titles = ['Metric', 'This week', 'Previous', 'Since last week', 'Trend', 'Flag']
      tableRow(
        l,
        cols,
        titles.map((text) => ({ text })),
        true,
      )
      for (const m of b.rows)
        tableRow(l, cols, [
          { text: m.name, bold: true },
          { text: m.value },
          { text: m.previous },
          { text: m.change, tone: m.change_tone },
          { text: m.trend, draw: (x, y, w) => sparkline(l, m.history, x, y + 1, Math.min(w, 60)) },
          { text: m.flag_label, tone: m.flag_tone, chip: true },
        ])
      return
    }
    case 'since':
      heading(l, b.heading)
      para(l, b.empty ?? b.counts_line, { color: b.empty ? MUTED : INK })
      for (const i of b.completed) para(l, `✓ ${i.content}  ${i.about}`, { indent: 8 })
      for (const i of b.stalled)
        para(l, `Stalled: ${i.content}  ${[i.about, i.open].filter(Boolean).join(' · ')}`, {
          indent: 8,
        })
      return
    case 'section':
      heading(l, b.heading, 12)
      if (b.notes) para(l, b.notes)
      if (b.empty) para(l, b.empty, { color: MUTED })
      for (const g of b.groups) {
        if (g.project) {
          ensure(l, 28)
          doc.moveDown(0.15).font('bold').fontSize(9.5).fillColor('#333333')
          doc.text(t(g.project), l.left, undefined, { width: l.width })
        }
        for (const i of g.items) {
          const parts = [
            `${i.marker} ${i.content}`,
            i.completed_label,
            i.assignee_label,
            i.from_label,
          ]
          para(l, parts.filter(Boolean).join('  '), {
            indent: 8,
            color: i.completed ? MUTED : INK,
          })
        }
      }
      return
    case 'end':
      doc.moveDown(0.8)
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(MUTED)
        .text(b.label, l.left, undefined, { align: 'center', width: l.width })
      return
  }
}

/** Every page's footer: the confidentiality line at the left, "Page N of M" at the right. */
function drawFooters(l: Layout, composed: ComposedBrief, line: string | null) {
  const { doc } = l
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    // Below the bottom margin: no new page from writing there.
    const margin = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    const y = doc.page.height - MARGIN + 8
    doc.font('regular').fontSize(8).fillColor(MUTED)
    const pageLabel = `Page ${i - range.start + 1} of ${range.count}`
    const labelWidth = doc.widthOfString(pageLabel)
    const left = t(line ?? composed.document_title)
    doc.text(left, l.left, y, {
      width: l.width - labelWidth - 16,
      height: 10,
      ellipsis: true,
      lineBreak: false,
    })
    doc.text(pageLabel, l.left + l.width - labelWidth, y, { lineBreak: false })
    doc.page.margins.bottom = margin
  }
}

/** The composed brief as a PDF's bytes (on the PDF worker). */
export async function memoPdf(composed: ComposedBrief, options: PdfOptions) {
  // pdfkit is loaded with the first PDF, not at start (about 100 ms).
  const { default: PDFDocument } = await import('pdfkit')
  const regular = Buffer.from(await Bun.file(regularPath).arrayBuffer())
  const bold = Buffer.from(await Bun.file(boldPath).arrayBuffer())
  // The embedded font from the start: pdfkit's default (Helvetica) would be read from its package
  // folder, which a compiled binary does not have.
  const doc = new PDFDocument({
    size: options.paperSize === 'a4' ? 'A4' : 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    bufferPages: true,
    font: regular as unknown as string,
    info: { Title: composed.document_title },
  })
  const chunks: Uint8Array[] = []
  doc.on('data', (c: Uint8Array) => chunks.push(c))
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()))
  doc.registerFont('regular', regular)
  doc.registerFont('bold', bold)
  const l: Layout = {
    doc,
    left: MARGIN,
    width: doc.page.width - 2 * MARGIN,
    bottom: doc.page.height - MARGIN - FOOTER,
  }
  for (const block of composed.blocks) drawBlock(l, block, options)
  drawFooters(l, composed, options.confidentialityLine)
  doc.end()
  await done
  return new Uint8Array(Buffer.concat(chunks))
}
