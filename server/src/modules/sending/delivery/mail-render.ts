/**
 * The brief as an e-mail, rendered from its one composition (core/src/brief.ts): HTML with inline
 * styles (mail clients drop classes; the one <style> only turns the metrics table into rows on a
 * narrow screen, where clients that drop it still show the table), and a plain-text part with the
 * same facts in the same order. Links are the recipient's own: "Read online" and each ask's
 * "Answer" open the reader's page; no link changes anything by itself (mail scanners open links).
 * Also the short notice e-mails (reminders, questions, invitations). Pure.
 */
import {
  type BriefBlock,
  type ComposedBrief,
  dayParts,
  itemLine,
  LABELS,
  metricLine,
  oneLine,
  TONE_COLOURS,
  type Tone,
  weekEnd,
} from '@cadence/core'
import { joinChunks, textChunks } from '../../../lib/sliced-text'
import type { Weekday } from '../../../lib/weeks'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const monthDay = (d: { month: number; day: number }) => `${MONTHS[d.month - 1]} ${d.day}`

/**
 * The week from its start to the user's end day, en-US short: 'Nov 16 - Nov 20, 2026'; both
 * years when the week crosses New Year. The same label as ui/src/lib/dates.ts formatWeekRange.
 * The days are weekdays (mail.ts's weekSettings falls back to Monday and Friday).
 */
export function formatWeekRange(weekStart: string, startDay: Weekday, endDay: Weekday): string {
  const start = dayParts(weekStart)
  const end = dayParts(weekEnd(weekStart, startDay, endDay))
  if (start.year !== end.year) {
    return `${monthDay(start)}, ${start.year} - ${monthDay(end)}, ${end.year}`
  }
  return `${monthDay(start)} - ${monthDay(end)}, ${end.year}`
}

export function escapeHtml(text: string) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/**
 * A short notice e-mail (the reminders, readers' questions, an invitation): the page around
 * `body`, a paragraph, the link to act on, and the small print saying why it came. Text is escaped
 * here; `body` parts are HTML.
 */
export const notice = {
  html: (body: string[]) =>
    [
      '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head>',
      '<body style="margin:0;padding:24px;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;color:#111827">',
      ...body,
      '</body></html>',
    ].join('\n'),
  paragraph: (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`,
  link: (url: string, label: string, after = '') =>
    `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="color:#2563eb">${escapeHtml(label)}</a>${escapeHtml(after)}</p>`,
  smallPrint: (text: string) =>
    `<p style="margin:0;color:#6b7280;font-size:12px">${escapeHtml(text)}</p>`,
}

/** The recipient's links: the reader's page and each ask on it (null: no links, e.g. a copy). */
export type MailLinks = { readOnline: string; ask: (id: number) => string } | null

/** A recipient's links from their reader page's address (`<PUBLIC_URL>/r/<token>`). */
export function readerLinks(url: string): NonNullable<MailLinks> {
  return { readOnline: url, ask: (id) => `${url}?ask=${id}#ask-${id}` }
}

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
const S = {
  body: `margin:0;padding:24px 12px;background:#ffffff;color:#111827;${FONT};font-size:14px;line-height:1.5`,
  article: 'max-width:680px;margin:0 auto',
  masthead: 'margin:0 0 4px;color:#4b5563;font-size:13px',
  h1: 'margin:0 0 4px;font-size:24px;font-weight:700;color:#111827',
  muted: 'margin:0 0 12px;color:#4b5563;font-size:14px',
  h2: 'margin:16px 0 8px;font-size:20px;font-weight:700;color:#111827',
  p: 'margin:0 0 12px;white-space:pre-wrap;overflow-wrap:anywhere',
  section: 'margin:20px 0 0;padding:16px 0 0;border-top:1px solid #e5e7eb',
  h3: 'margin:20px 0 8px;font-size:16px;font-weight:600;color:#111827',
  h4: 'margin:12px 0 4px;font-size:14px;font-weight:600;color:#374151',
  ul: 'margin:0 0 8px;padding:0;list-style:none',
  li: 'margin:0 0 4px;padding:0;overflow-wrap:anywhere',
  liDone: 'margin:0 0 4px;padding:0;color:#4b5563;overflow-wrap:anywhere',
  strike: 'text-decoration:line-through',
  small: 'color:#4b5563;font-size:12px',
  table: 'border-collapse:collapse;width:100%;font-size:14px',
  cell: 'padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top;overflow-wrap:break-word',
  th: 'padding:6px 8px;border-bottom:1px solid #d1d5db;text-align:left;vertical-align:top;font-weight:600;color:#374151;font-size:13px',
  button:
    'display:inline-block;padding:8px 16px;border-radius:6px;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600',
  small_button:
    'display:inline-block;margin-left:8px;padding:2px 10px;border-radius:4px;border:1px solid #1d4ed8;color:#1d4ed8;text-decoration:none;font-size:12px;font-weight:600',
  changes: 'margin:0 0 20px;padding:12px 16px;border-left:4px solid #1d4ed8;background:#eff6ff',
  end: 'margin:24px 0 0;padding:16px 0 0;border-top:1px solid #e5e7eb;color:#4b5563;text-align:center',
  foot: 'margin:16px 0 0;color:#6b7280;font-size:12px;text-align:center',
}

/** At ≤ 640 px the metrics table becomes one row per metric (a label before each value). */
const NARROW = `@media only screen and (max-width:640px){
.cad-metrics thead{display:none !important}
.cad-metrics tr,.cad-metrics td{display:block !important;width:auto !important}
.cad-metrics tr{padding:8px 0;border-bottom:1px solid #e5e7eb}
.cad-metrics td{border:0 !important;padding:2px 8px !important}
.cad-label{display:inline !important}
}`

const lines = (text: string) => escapeHtml(text.trim()).replaceAll(/\r?\n/g, '<br>')

const chip = (text: string, tone: Tone) =>
  text
    ? `<span style="display:inline-block;padding:1px 8px;border-radius:9999px;background:${TONE_COLOURS[tone].background};color:${TONE_COLOURS[tone].text};font-weight:600;font-size:12px;white-space:nowrap">${escapeHtml(text)}</span>`
    : ''

const toned = (text: string, tone: Tone) =>
  tone === 'neutral'
    ? escapeHtml(text)
    : `<span style="color:${TONE_COLOURS[tone].text}">${escapeHtml(text)}</span>`

const link = (href: string, label: string, style: string) =>
  `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`

function* blockHtml(b: BriefBlock, links: MailLinks): Generator<string> {
  switch (b.kind) {
    case 'changes':
      return yield* [
        `<div style="${S.changes}">`,
        `<p style="margin:0 0 6px;font-weight:700">${escapeHtml(b.heading)}</p>`,
        `<ul style="margin:0 0 6px;padding-left:18px">`,
        ...b.lines.map((l) => `<li style="${S.li}">${escapeHtml(l.text)}</li>`),
        '</ul>',
        ...(b.note ? [`<p style="margin:0">${lines(b.note)}</p>`] : []),
        '</div>',
      ]
    case 'header': {
      const masthead = [b.organisation, b.status.label, b.edition?.label].filter((x): x is string =>
        Boolean(x),
      )
      return yield* [
        `<p style="${S.masthead}">${masthead.map(escapeHtml).join(' &middot; ')}</p>`,
        `<h1 style="${S.h1}">${escapeHtml(b.heading)}</h1>`,
        `<p style="${S.muted}">${escapeHtml(b.week)}${b.from ? `<br>${escapeHtml(b.from)}` : ''}</p>`,
        ...(b.updated ? [`<p style="${S.p}"><strong>${escapeHtml(b.updated)}</strong></p>`] : []),
        ...(links
          ? [
              `<p style="margin:0 0 16px">${link(links.readOnline, LABELS.readOnline, S.button)}</p>`,
            ]
          : []),
      ]
    }
    case 'title':
      return yield* [
        ...(b.title ? [`<h2 style="${S.h2}">${escapeHtml(b.title)}</h2>`] : []),
        ...(b.summary ? [`<p style="${S.p}">${lines(b.summary)}</p>`] : []),
      ]
    case 'health':
      return yield* [
        `<h3 style="${S.h3}">${escapeHtml(b.heading)}</h3>`,
        `<table role="presentation" style="${S.table}">`,
        `<tr>${b.columns.map((c) => `<th style="${S.th}">${c}</th>`).join('')}</tr>`,
        ...b.rows.map(
          (r) =>
            `<tr><td style="${S.cell}">${escapeHtml(r.project)}</td><td style="${S.cell}">${chip(r.label, r.tone)}</td><td style="${S.cell}">${escapeHtml(r.change)}</td><td style="${S.cell}">${escapeHtml(r.why)}</td></tr>`,
        ),
        '</table>',
      ]
    case 'asks':
      return yield* [
        `<h3 style="${S.h3}">${escapeHtml(b.heading)}</h3>`,
        '<ol style="margin:0 0 8px;padding-left:20px">',
        ...b.asks.map(
          (a) =>
            `<li style="margin:0 0 8px;overflow-wrap:anywhere">${escapeHtml(a.content)}${
              a.project ? ` <small style="${S.small}">${escapeHtml(a.project)}</small>` : ''
            }${links ? link(links.ask(a.id), LABELS.answer, S.small_button) : ''}</li>`,
        ),
        '</ol>',
      ]
    case 'decisions':
      return yield* [
        `<h3 style="${S.h3}">${escapeHtml(b.heading)}</h3>`,
        `<ul style="${S.ul}">`,
        ...b.decisions.map(
          (d) =>
            `<li style="${S.li}">${escapeHtml(d.title)} <small style="${S.small}">${escapeHtml(d.meta)}</small>${
              d.why ? `<br><small style="${S.small}">${escapeHtml(d.why)}</small>` : ''
            }</li>`,
        ),
        '</ul>',
      ]
    case 'metrics': {
      const label = (i: number) =>
        `<span class="cad-label" style="display:none;color:#4b5563">${b.columns[i]}: </span>`
      return yield* [
        `<h3 style="${S.h3}">${escapeHtml(b.heading)}</h3>`,
        `<table role="presentation" class="cad-metrics" style="${S.table}">`,
        `<thead><tr>${b.columns.map((c) => `<th style="${S.th}">${c}</th>`).join('')}</tr></thead>`,
        '<tbody>',
        ...b.rows.map(
          (m) =>
            `<tr><td style="${S.cell};font-weight:600">${escapeHtml(m.name)}</td><td style="${S.cell}">${label(1)}${escapeHtml(m.value)}</td><td style="${S.cell}">${label(2)}${escapeHtml(m.previous)}</td><td style="${S.cell}">${label(3)}${toned(m.change, m.change_tone)}</td><td style="${S.cell}">${m.trend ? `${label(4)}${escapeHtml(m.trend)}` : ''}</td><td style="${S.cell}">${chip(m.flag_label, m.flag_tone)}</td></tr>`,
        ),
        '</tbody></table>',
      ]
    }
    case 'since':
      return yield* [
        `<h3 style="${S.h3}">${escapeHtml(b.heading)}</h3>`,
        `<p style="${S.muted}">${escapeHtml(b.empty ?? b.counts_line)}</p>`,
        ...(b.completed.length || b.stalled.length
          ? [
              `<ul style="${S.ul}">`,
              ...b.completed.map(
                (i) =>
                  `<li style="${S.li}">✓ ${escapeHtml(i.content)} <small style="${S.small}">${escapeHtml(i.about)}</small></li>`,
              ),
              ...b.stalled.map(
                (i) =>
                  `<li style="${S.li}">${toned('Stalled:', 'warn')} ${escapeHtml(i.content)} <small style="${S.small}">${escapeHtml([i.about, i.open].filter(Boolean).join(' · '))}</small></li>`,
              ),
              '</ul>',
            ]
          : []),
      ]
    case 'section': {
      // One item at a time: a sliced render gives the thread back between them.
      yield `<div style="${S.section}">`
      yield `<h3 style="margin:0 0 8px;font-size:16px;font-weight:600">${escapeHtml(b.heading)}</h3>`
      if (b.notes) yield `<p style="${S.p}">${lines(b.notes)}</p>`
      if (b.empty) yield `<p style="${S.muted}">${escapeHtml(b.empty)}</p>`
      for (const g of b.groups) {
        if (g.project) yield `<h4 style="${S.h4}">${escapeHtml(g.project)}</h4>`
        yield `<ul style="${S.ul}">`
        for (const i of g.items) {
          const parts = [
            `${i.marker} `,
            i.completed
              ? `<span style="${S.strike}">${escapeHtml(i.content)}</span> ${toned(i.completed_label ?? '', 'good')}`
              : escapeHtml(i.content),
          ]
          if (i.assignee_label)
            parts.push(` <small style="${S.small}">${escapeHtml(i.assignee_label)}</small>`)
          if (i.from_label)
            parts.push(` <small style="${S.small}">${escapeHtml(i.from_label)}</small>`)
          yield `<li style="${i.completed ? S.liDone : S.li}">${parts.join('')}</li>`
        }
        yield '</ul>'
      }
      yield '</div>'
      return
    }
    case 'end':
      return yield* [`<p style="${S.end}">${escapeHtml(b.label)}</p>`]
  }
}

/** The small print under the brief: why it came, and that its links are the reader's own. */
function footNote(c: ComposedBrief, links: MailLinks) {
  const who = c.header.author_name ?? 'The author'
  return links
    ? `${who} sends you this weekly report with Cadence. Its links are yours alone: please do not forward this e-mail.`
    : null
}

/** The e-mail's HTML part, line by line (an item a line). */
function* htmlLines(c: ComposedBrief, links: MailLinks): Generator<string> {
  const foot = footNote(c, links)
  yield* [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light only">',
    `<title>${escapeHtml(c.document_title)}</title>`,
    `<style>${NARROW}</style></head>`,
    `<body style="${S.body}"><div style="${S.article}">`,
  ]
  for (const b of c.blocks) yield* blockHtml(b, links)
  if (foot) yield `<p style="${S.foot}">${escapeHtml(foot)}</p>`
  yield '</div></body></html>'
}

/** The e-mail's HTML part. */
export function renderBriefHtml(c: ComposedBrief, links: MailLinks): string {
  return `${[...htmlLines(c, links)].join('\n')}\n`
}

const underline = (heading: string) => [heading, '-'.repeat(Math.max(3, heading.length))]

function* blockText(b: BriefBlock, links: MailLinks): Generator<string> {
  switch (b.kind) {
    case 'changes':
      return yield* [
        ...underline(b.heading),
        ...b.lines.map((l) => `- ${l.text}`),
        ...(b.note ? ['', b.note] : []),
        '',
      ]
    case 'header':
      return yield* [
        [b.organisation, b.status.label, b.edition?.label].filter(Boolean).join(' · '),
        b.heading,
        b.week,
        ...(b.from ? [b.from] : []),
        ...(b.updated ? [b.updated] : []),
        ...(links ? [`${LABELS.readOnline}: ${links.readOnline}`] : []),
        '',
      ]
    case 'title':
      return yield* [...(b.title ? [b.title, ''] : []), ...(b.summary ? [b.summary, ''] : [])]
    case 'health':
      return yield* [
        ...underline(b.heading),
        ...b.rows.map(
          (r) =>
            `${r.project}: ${r.label}${r.change ? ` (${r.change})` : ''}${r.why ? ` — ${oneLine(r.why)}` : ''}`,
        ),
        '',
      ]
    case 'asks':
      return yield* [
        ...underline(b.heading),
        ...b.asks.flatMap((a) => [
          `${a.number}. ${oneLine(a.content)}${a.project ? ` (${a.project})` : ''}`,
          ...(links ? [`   ${LABELS.answer}: ${links.ask(a.id)}`] : []),
        ]),
        '',
      ]
    case 'decisions':
      return yield* [
        ...underline(b.heading),
        ...b.decisions.flatMap((d) => [
          `- ${oneLine(d.title)} (${d.meta})`,
          ...(d.why ? [`  ${oneLine(d.why)}`] : []),
        ]),
        '',
      ]
    case 'metrics':
      return yield* [...underline(b.heading), ...b.rows.map(metricLine), '']
    case 'since':
      return yield* [
        ...underline(b.heading),
        b.empty ?? b.counts_line,
        ...b.completed.map((i) => `✓ ${oneLine(i.content)} — ${i.about}`),
        ...b.stalled.map(
          (i) =>
            `Stalled: ${oneLine(i.content)} — ${[i.about, i.open].filter(Boolean).join(' · ')}`,
        ),
        '',
      ]
    case 'section': {
      yield* underline(b.heading.trim())
      if (b.notes) yield b.notes
      if (b.empty) yield b.empty
      for (const g of b.groups) {
        if (g.project) yield* ['', `${g.project}:`]
        for (const i of g.items) yield itemLine(i)
      }
      yield ''
      return
    }
    case 'end':
      return yield* [b.label]
  }
}

/** The e-mail's plain-text part, line by line. */
function* textLines(c: ComposedBrief, links: MailLinks): Generator<string> {
  const foot = footNote(c, links)
  for (const b of c.blocks) yield* blockText(b, links)
  if (foot) yield* ['', foot]
}

/** The e-mail's plain-text part: the same facts in the same order as the HTML. */
export function renderBriefText(c: ComposedBrief, links: MailLinks): string {
  return `${[...textLines(c, links)].join('\n')}\n`
}

/**
 * One part in chunks made in slices of the event loop (an item a line, the thread given back
 * every 10 ms, lib/sliced-text.ts): the html/text export streams them.
 */
export function briefPartChunks(c: ComposedBrief, links: MailLinks, part: 'html' | 'text') {
  return textChunks(part === 'html' ? htmlLines(c, links) : textLines(c, links), { end: '\n' })
}

/** Both parts made so: what the mailer and the routes use, whatever the brief's size. */
export async function renderBriefSliced(c: ComposedBrief, links: MailLinks) {
  const html = await joinChunks(briefPartChunks(c, links, 'html'))
  const text = await joinChunks(briefPartChunks(c, links, 'text'))
  return { html, text }
}
