/**
 * A report as an e-mail: HTML that looks like the draft preview (ui/src/screens/draft.tsx) with
 * inline styles only (mail clients drop <style> and classes), plus a plain-text part with the same
 * content and order. Pure: the caller resolves project and team member names.
 */
import type { BriefAsk, BriefDecision } from '@cadence/contract'
import { dayParts, weekEnd } from '@cadence/core'
import type { Weekday } from '../../lib/weeks'
import { asksHtml, asksText } from '../asks/mail'
import { decisionsHtml, decisionsText } from '../decisions/mail'
import { type MetricLine, metricCells } from '../report-metrics/cells'

export type MailItem = {
  content: string
  is_completed: boolean
  project_id: number | null
  assignee: string | null
  /** Team roll-up: pulled from this teammate's report ('from Tom's report'). */
  from?: string | null
}
export type MailSection = {
  section_name: string
  section_type: 'standard' | 'tasks' | 'followups'
  content: string | null
  items: MailItem[]
}
export type MailHealth = {
  project_name: string
  health: 'on_track' | 'at_risk' | 'off_track' | null
  note: string | null
  previous_health: 'on_track' | 'at_risk' | 'off_track' | null
}
export type MailReport = {
  week_start_date: string
  title: string | null
  summary: string | null
  sections: MailSection[]
  /** The project health table (projects with a health set). */
  project_health?: MailHealth[]
  /** An update ('Send update'): when and its note; the e-mail says 'Updated <date>: <note>'. */
  updated?: { sent_at: string; note: string | null } | null
  /** Metrics: each metric's value, change and flag (the brief's table; no line in a mail). */
  metrics?: MetricLine[]
  /** Decided this week: the decisions dated in the report's week. */
  decisions?: BriefDecision[]
  /** Asks: the brief's open asks of its readers, right after the health table. */
  asks?: BriefAsk[]
}

const HEALTH_LABEL = { on_track: 'On track', at_risk: 'At risk', off_track: 'Off track' } as const

/** A row's change since last week: 'was On track', 'new', or 'same'. */
function healthChange(h: MailHealth) {
  if (!h.health) return ''
  if (!h.previous_health) return 'new'
  return h.previous_health === h.health ? 'same' : `was ${HEALTH_LABEL[h.previous_health]}`
}

const healthRows = (report: MailReport) => (report.project_health ?? []).filter((h) => h.health)

/** 'Updated Nov 25: <note>' (or without the note), or null for a first Send. */
export function updatedLine(report: Pick<MailReport, 'updated'>) {
  if (!report.updated) return null
  const [, m, d] = report.updated.sent_at.slice(0, 10).split('-').map(Number)
  const date = `${MONTHS[m - 1]} ${d}`
  return report.updated.note ? `Updated ${date}: ${report.updated.note}` : `Updated ${date}`
}
export type MailContext = {
  startDay: Weekday
  endDay: Weekday
  /** Project names by id; an unknown id reads 'Project' like the draft. */
  projectName: (id: number) => string | undefined
}

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

/** Items by project, no-project first, then projects in order of first appearance; open first. */
function groups(items: MailItem[], ctx: MailContext) {
  const byProject = Map.groupBy(items, (i) => i.project_id)
  const keys = [...byProject.keys()].sort((a, b) => (a === null ? -1 : b === null ? 1 : 0))
  return keys.map((k) => ({
    name: k === null ? null : (ctx.projectName(k) ?? 'Project'),
    items: (byProject.get(k) ?? []).toSorted(
      (a, b) => Number(a.is_completed) - Number(b.is_completed),
    ),
  }))
}

const mark = (section: MailSection, item: MailItem) =>
  section.section_type === 'standard' ? '•' : item.is_completed ? '☑' : '☐'

/** Section notes are shown for tasks and follow-ups sections, as in the draft. */
const notesOf = (s: MailSection) => (s.section_type !== 'standard' && s.content?.trim()) || null

export function reportSubject(report: MailReport, ctx: MailContext) {
  const range = formatWeekRange(report.week_start_date, ctx.startDay, ctx.endDay)
  const title = report.title?.trim()
  const subject = title ? `Weekly Report: ${title} (${range})` : `Weekly Report (${range})`
  const updated = updatedLine(report)
  return updated ? `${subject} — ${updated}` : subject
}

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
const S = {
  body: `margin:0;padding:24px;background:#ffffff;color:#111827;${FONT};font-size:14px;line-height:1.5`,
  article: 'max-width:680px;margin:0 auto',
  h1: 'margin:0 0 4px;font-size:24px;font-weight:700;color:#111827',
  muted: 'margin:0 0 16px;color:#6b7280;font-size:14px',
  h2: 'margin:16px 0 8px;font-size:18px;font-weight:600;color:#111827',
  p: 'margin:0 0 12px;white-space:pre-wrap',
  section: 'margin:20px 0 0;padding:16px 0 0;border-top:1px solid #e5e7eb',
  h3: 'margin:0 0 8px;font-size:16px;font-weight:600;color:#111827',
  h4: 'margin:12px 0 4px;font-size:14px;font-weight:600;color:#374151',
  ul: 'margin:0 0 8px;padding:0;list-style:none',
  li: 'margin:0 0 4px;padding:0',
  liDone: 'margin:0 0 4px;padding:0;color:#6b7280',
  strike: 'text-decoration:line-through',
  done: 'color:#15803d',
  small: 'color:#6b7280;font-size:12px',
  end: 'margin:24px 0 0;padding:16px 0 0;border-top:1px solid #e5e7eb;color:#6b7280;text-align:center',
}

const lines = (text: string) => escapeHtml(text.trim()).replaceAll(/\r?\n/g, '<br>')

export function renderReportHtml(report: MailReport, ctx: MailContext): string {
  const range = formatWeekRange(report.week_start_date, ctx.startDay, ctx.endDay)
  const out: string[] = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(reportSubject(report, ctx))}</title></head>`,
    `<body style="${S.body}"><div style="${S.article}">`,
    `<h1 style="${S.h1}">Weekly Report</h1>`,
    `<p style="${S.muted}">${escapeHtml(range)}</p>`,
  ]
  if (report.title?.trim()) out.push(`<h2 style="${S.h2}">${escapeHtml(report.title.trim())}</h2>`)
  const updated = updatedLine(report)
  if (updated) out.push(`<p style="${S.p}"><strong>${escapeHtml(updated)}</strong></p>`)
  if (report.summary?.trim()) out.push(`<p style="${S.p}">${lines(report.summary)}</p>`)
  const health = healthRows(report)
  if (health.length) {
    const cell =
      'padding:4px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top'
    out.push(
      `<h3 style="${S.h3}">Project health</h3>`,
      '<table style="border-collapse:collapse;width:100%;font-size:14px">',
      `<tr>${['Project', 'Health', 'Since last week', 'Why'].map((h) => `<th style="${cell}">${h}</th>`).join('')}</tr>`,
      ...health.map(
        (h) =>
          `<tr>${[
            h.project_name,
            h.health ? HEALTH_LABEL[h.health] : '',
            healthChange(h),
            h.note ?? '',
          ]
            .map((v) => `<td style="${cell}">${escapeHtml(v)}</td>`)
            .join('')}</tr>`,
      ),
      '</table>',
    )
  }
  out.push(...asksHtml(report.asks, S, escapeHtml))
  if (report.metrics?.length) {
    const cell =
      'padding:4px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top'
    out.push(
      `<h3 style="${S.h3}">Metrics</h3>`,
      '<table style="border-collapse:collapse;width:100%;font-size:14px">',
      `<tr>${['Metric', 'This week', 'Since last week', 'Last weeks', 'Flag'].map((h) => `<th style="${cell}">${h}</th>`).join('')}</tr>`,
      ...report.metrics.map((m) => {
        const c = metricCells(m)
        return `<tr>${[m.name, c.value, c.change, c.trend, c.flag]
          .map((v) => `<td style="${cell}">${escapeHtml(v)}</td>`)
          .join('')}</tr>`
      }),
      '</table>',
    )
  }
  out.push(...decisionsHtml(report.decisions, S, escapeHtml))
  for (const section of report.sections) {
    out.push(
      `<div style="${S.section}">`,
      `<h3 style="${S.h3}">${escapeHtml(section.section_name)}</h3>`,
    )
    const notes = notesOf(section)
    if (notes) out.push(`<p style="${S.p}">${lines(notes)}</p>`)
    if (!section.items.length && !notes) out.push(`<p style="${S.muted}">None</p>`)
    for (const group of groups(section.items, ctx)) {
      if (group.name) out.push(`<h4 style="${S.h4}">${escapeHtml(group.name)}</h4>`)
      out.push(`<ul style="${S.ul}">`)
      for (const item of group.items) {
        const parts = [
          `${mark(section, item)} `,
          item.is_completed
            ? `<span style="${S.strike}">${escapeHtml(item.content)}</span> <span style="${S.done}">✓ Completed</span>`
            : escapeHtml(item.content),
        ]
        if (item.assignee) {
          parts.push(` <small style="${S.small}">Assigned to ${escapeHtml(item.assignee)}</small>`)
        }
        if (item.from) {
          parts.push(` <small style="${S.small}">from ${escapeHtml(item.from)}'s report</small>`)
        }
        out.push(`<li style="${item.is_completed ? S.liDone : S.li}">${parts.join('')}</li>`)
      }
      out.push('</ul>')
    }
    out.push('</div>')
  }
  out.push(`<p style="${S.end}">End of Report</p>`, '</div></body></html>')
  return `${out.join('\n')}\n`
}

/** The plain-text part: the same content and order as the HTML, one item a line. */
export function renderReportText(report: MailReport, ctx: MailContext): string {
  const range = formatWeekRange(report.week_start_date, ctx.startDay, ctx.endDay)
  const out: string[] = ['Weekly Report', range, '']
  if (report.title?.trim()) out.push(report.title.trim(), '')
  const updated = updatedLine(report)
  if (updated) out.push(updated, '')
  if (report.summary?.trim()) out.push(report.summary.trim(), '')
  const health = healthRows(report)
  if (health.length) {
    out.push('Project health', '--------------')
    for (const h of health) {
      const change = healthChange(h)
      out.push(
        `${h.project_name}: ${h.health ? HEALTH_LABEL[h.health] : ''}${change ? ` (${change})` : ''}${
          h.note ? ` — ${h.note.replaceAll(/\s*[\r\n]+\s*/g, ' ')}` : ''
        }`,
      )
    }
    out.push('')
  }
  out.push(...asksText(report.asks))
  if (report.metrics?.length) {
    out.push('Metrics', '-------')
    for (const m of report.metrics) {
      const c = metricCells(m)
      out.push(
        `${m.name}: ${c.value}${c.change === '—' ? '' : `, ${c.change}`}${c.trend ? ` [${c.trend}]` : ''}${c.flag ? ` — ${c.flag}` : ''}`,
      )
    }
    out.push('')
  }
  out.push(...decisionsText(report.decisions))
  for (const section of report.sections) {
    const heading = section.section_name.trim()
    out.push(heading, '-'.repeat(Math.max(3, heading.length)))
    const notes = notesOf(section)
    if (notes) out.push(notes)
    if (!section.items.length && !notes) out.push('None')
    for (const group of groups(section.items, ctx)) {
      if (group.name) out.push('', `${group.name}:`)
      for (const item of group.items) {
        const content = item.content.replaceAll(/\s*[\r\n]+\s*/g, ' ').trim()
        out.push(
          `${mark(section, item)} ${content}${item.is_completed ? ' ✓ Completed' : ''}${
            item.assignee ? ` (Assigned to ${item.assignee})` : ''
          }${item.from ? ` (from ${item.from}'s report)` : ''}`,
        )
      }
    }
    out.push('')
  }
  out.push('End of Report')
  return `${out.join('\n')}\n`
}
