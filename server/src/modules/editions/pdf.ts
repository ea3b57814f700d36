/**
 * The memo as a PDF (pdfkit, no browser): the header (organisation, author and title, week, sent
 * date or 'Draft'), 'Weekly Report', title, summary, the project health table with its change
 * since last week, the asks of the readers (with their answers count on the author's copy),
 * 'Decided this week', the Metrics table (value, change, the last weeks, a vector sparkline, the
 * flag), 'Since last week' as one line of counts (completed, new, carried, stalled)
 * with only the completed and stalled items (frozen with the brief), then the sections in order,
 * items grouped by project (no project first), open before completed. Text is real text
 * (selectable); DejaVu Sans is embedded so every name prints.
 */

import regularPath from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf' with { type: 'file' }
// Embedded in the compiled single-file build (`with { type: 'file' }`).
import boldPath from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' with { type: 'file' }
import type PDFKit from 'pdfkit'
import { decisionMeta } from '../decisions/mail'
import { metricCells } from '../report-metrics/cells'
import type { Brief } from '../reports/brief'

const HEALTH = { on_track: 'On track', at_risk: 'At risk', off_track: 'Off track' } as const
type Health = keyof typeof HEALTH

const oneLine = (text: string) => text.replaceAll(/\s*[\r\n]+\s*/g, ' ').trim()

const change = (h: { health: Health | null; previous_health: Health | null }) =>
  !h.health
    ? ''
    : !h.previous_health
      ? 'new'
      : h.previous_health === h.health
        ? 'same'
        : `was ${HEALTH[h.previous_health]}`

/** How many answers each ask has (by item id), for the author's own copy; absent for readers. */
export type AskAnswerCounts = Map<number, number>

/** What every part of the memo draws with: the document and the text width. */
type Layout = { doc: InstanceType<typeof PDFKit>; width: number }

const muted = ({ doc }: Layout, text: string, size = 9) =>
  doc.font('regular').fontSize(size).fillColor('#555555').text(text)

const heading = ({ doc }: Layout, text: string) =>
  doc.moveDown(0.5).font('bold').fontSize(11).fillColor('#111111').text(text, 54)

/** One table row: each cell in its column, the next row below the tallest cell. */
function tableRow({ doc }: Layout, cols: number[], cells: string[], font: string) {
  const y = doc.y
  let x = 54
  let bottom = y
  cells.forEach((c, i) => {
    doc
      .font(font)
      .fontSize(9)
      .fillColor('#111111')
      .text(c, x, y, { width: cols[i] - 6 })
    bottom = Math.max(bottom, doc.y)
    x += cols[i]
  })
  doc.x = 54
  doc.y = bottom + 2
}

/** The values as a polyline (vector, 8 pt high) from the oldest to the newest; a dot ends it. */
function sparkline({ doc }: Layout, values: number[], x: number, y: number, w: number) {
  if (values.length < 2) return
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

function drawHeader(
  l: Layout,
  brief: Brief,
  edition: { number: number; note: string | null } | null,
) {
  const { doc } = l
  const header = [
    brief.organisation_name,
    [brief.author.name, brief.author.title].filter(Boolean).join(', ') || null,
    `Week of ${brief.week_start_date}`,
    brief.sent_date ? `Sent ${brief.sent_date}` : 'Draft',
    edition && edition.number > 1
      ? `Edition ${edition.number}${edition.note ? `: ${edition.note}` : ''}`
      : null,
  ].filter(Boolean)
  muted(l, header.join('  ·  '))
  doc.moveDown(0.4)
  doc.font('bold').fontSize(18).fillColor('#111111').text('Weekly Report')
  if (brief.title?.trim()) doc.font('bold').fontSize(13).text(brief.title.trim())
  if (brief.summary?.trim())
    doc.moveDown(0.2).font('regular').fontSize(10).text(brief.summary.trim())
}

function drawHealthTable(l: Layout, brief: Brief) {
  const rows = brief.project_health.filter((h) => h.health)
  if (!rows.length) return
  l.doc.moveDown(0.5).font('bold').fontSize(11).text('Project health')
  const cols = [0.28, 0.14, 0.16, 0.42].map((f) => f * l.width)
  tableRow(l, cols, ['Project', 'Health', 'Since last week', 'Why'], 'bold')
  for (const h of rows)
    tableRow(
      l,
      cols,
      [h.project_name, h.health ? HEALTH[h.health] : '', change(h), h.note ?? ''],
      'regular',
    )
}

/** Asks of the readers, right after the health table (absent in briefs frozen before asks). */
function drawAsks(l: Layout, brief: Brief, answerCounts?: AskAnswerCounts) {
  const asks = brief.asks ?? []
  if (!asks.length) return
  heading(l, 'Asks of you')
  asks.forEach((a, i) => {
    const count = answerCounts?.get(a.id)
    const about = [
      a.project_name,
      count === undefined ? null : `${count} ${count === 1 ? 'answer' : 'answers'}`,
    ].filter(Boolean)
    l.doc
      .font('regular')
      .fontSize(9)
      .fillColor('#111111')
      .text(
        `${i + 1}. ${oneLine(a.content)}${about.length ? `  (${about.join(' · ')})` : ''}`,
        62,
        undefined,
        { width: l.width - 8 },
      )
  })
}

/** Decided this week: what, who, when, the project, the revisit date and the why. */
function drawDecisions(l: Layout, brief: Brief) {
  const { doc, width } = l
  const decisions = brief.decisions ?? []
  if (!decisions.length) return
  heading(l, 'Decided this week')
  for (const d of decisions) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('#111111')
      .text(`• ${oneLine(d.title)}  (${decisionMeta(d)})`, 62, undefined, { width: width - 8 })
    if (d.rationale?.trim())
      doc
        .fillColor('#555555')
        .text(`Why: ${oneLine(d.rationale)}`, 70, undefined, { width: width - 16 })
  }
  doc.x = 54
}

/**
 * Metrics: value, change, the last weeks' values, a sparkline of the last 13 weeks and the flag
 * (absent in older editions).
 */
function drawMetrics(l: Layout, brief: Brief) {
  const metrics = brief.metrics ?? []
  if (!metrics.length) return
  heading(l, 'Metrics')
  const cols = [0.24, 0.15, 0.21, 0.18, 0.1, 0.12].map((f) => f * l.width)
  tableRow(
    l,
    cols,
    ['Metric', 'This week', 'Since last week', 'Last weeks', 'Trend', 'Flag'],
    'bold',
  )
  const trendX = 54 + cols.slice(0, 4).reduce((a, b) => a + b, 0)
  for (const m of metrics) {
    const c = metricCells(m)
    const top = l.doc.y
    tableRow(l, cols, [m.name, c.value, c.change, c.trend, '', c.flag], 'regular')
    sparkline(
      l,
      m.history.slice(-13).map((p) => p.value),
      trendX,
      top + 1,
      cols[4] - 8,
    )
  }
}

function drawSinceLastWeek(l: Layout, brief: Brief) {
  const { doc } = l
  heading(l, 'Since last week')
  const since = brief.since_last_week
  if (!since) {
    // An edition frozen before 'Since last week' was: its completed items, as it then printed.
    const items = brief.sections.flatMap((s) => s.items)
    const completed = items.filter((i) => i.is_completed)
    doc.font('regular').fontSize(9).text(`${items.length} items · ${completed.length} completed`)
    for (const i of completed) doc.text(`✓ ${i.content}`, { indent: 8 })
    return
  }
  if (!since.previous) {
    muted(l, 'No earlier report to compare with')
    return
  }
  const c = since.counts
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#111111')
    .text(`${c.completed} completed · ${c.new} new · ${c.carried} carried · ${c.stalled} stalled`)
  const about = (i: { project_name: string | null; section_name: string }) =>
    [i.project_name, i.section_name].filter(Boolean).join(' · ')
  for (const i of since.completed)
    doc.fillColor('#111111').text(`✓ ${i.content}  ${about(i)}`, { indent: 8 })
  for (const i of since.stalled) {
    const weeks = `open ${i.open_weeks} ${i.open_weeks === 1 ? 'week' : 'weeks'}`
    doc.fillColor('#111111').text(`Stalled: ${i.content}  ${about(i)} · ${weeks}`, { indent: 8 })
  }
}

/** A section: its text, then its items grouped by project (no project first), open first. */
function drawSection(l: Layout, section: Brief['sections'][number]) {
  const { doc, width } = l
  doc.moveDown(0.5).font('bold').fontSize(12).fillColor('#111111').text(section.section_name, 54)
  if (section.content?.trim()) doc.font('regular').fontSize(9).text(section.content.trim())
  if (!section.items.length) {
    doc.font('regular').fontSize(9).fillColor('#555555').text('None')
    return
  }
  const groups = new Map<string | null, typeof section.items>()
  for (const i of section.items)
    groups.set(i.project_name, [...(groups.get(i.project_name) ?? []), i])
  const names = [...groups.keys()].sort((a, b) => (a === null ? -1 : b === null ? 1 : 0))
  for (const name of names) {
    if (name) doc.font('bold').fontSize(9.5).fillColor('#333333').text(name, 54)
    const list = [...(groups.get(name) ?? [])].sort(
      (a, b) => Number(a.is_completed) - Number(b.is_completed),
    )
    for (const i of list) {
      const parts = [
        `${i.is_completed ? '☑' : section.section_type === 'standard' ? '•' : '☐'} ${i.content}`,
      ]
      if (i.is_completed) parts.push('✓ Completed')
      if (i.assignee_name) parts.push(`Assigned to ${i.assignee_name}`)
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(i.is_completed ? '#555555' : '#111111')
        .text(parts.join('  '), 62, undefined, { width: width - 8 })
    }
  }
}

function drawFooter({ doc, width }: Layout) {
  doc
    .moveDown(0.8)
    .font('regular')
    .fontSize(9)
    .fillColor('#555555')
    .text('End of Report', 54, undefined, { align: 'center', width })
}

export async function memoPdf(
  brief: Brief,
  edition: { number: number; note: string | null } | null,
  answerCounts?: AskAnswerCounts,
) {
  // pdfkit is loaded with the first PDF, not at start (about 100 ms of every server start).
  const { default: PDFDocument } = await import('pdfkit')
  const regular = Buffer.from(await Bun.file(regularPath).arrayBuffer())
  const bold = Buffer.from(await Bun.file(boldPath).arrayBuffer())
  // The embedded font from the start: pdfkit's default (Helvetica) would be read from its package
  // folder, which a compiled binary does not have.
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    font: regular as unknown as string,
    info: { Title: brief.title ?? 'Weekly Report' },
  })
  const chunks: Uint8Array[] = []
  doc.on('data', (c: Uint8Array) => chunks.push(c))
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()))
  doc.registerFont('regular', regular)
  doc.registerFont('bold', bold)
  const l: Layout = { doc, width: doc.page.width - 108 }
  drawHeader(l, brief, edition)
  drawHealthTable(l, brief)
  drawAsks(l, brief, answerCounts)
  drawDecisions(l, brief)
  drawMetrics(l, brief)
  drawSinceLastWeek(l, brief)
  for (const section of brief.sections) drawSection(l, section)
  drawFooter(l)
  doc.end()
  await done
  return new Uint8Array(Buffer.concat(chunks))
}
