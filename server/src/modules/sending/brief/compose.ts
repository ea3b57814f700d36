/**
 * The server's way to the one composition (core/src/brief.ts): the brief of an edition, or of the
 * live report, composed with the author's week days, and the account's settings every medium of
 * it needs (paper size, confidentiality line, the PDF attachment). Every server medium — e-mail,
 * PDF, Markdown, chat — renders what these answer and nothing else.
 */
import { type BriefChanges, type ComposedBrief, composeBrief, diffBriefs } from '@cadence/core'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { reportEditions, userSettings } from '../../../db/schema'
import { nextTurn } from '../../../lib/time-slices'
import { asWeekday, type Weekday } from '../../../lib/weeks'
import type { Report } from '../../reports/read/find'
import { type Brief, buildBrief, editionBrief, editionMeta } from './build'

/** What the media of a brief read of the author's settings. */
export type BriefSettings = {
  startDay: Weekday
  endDay: Weekday
  paperSize: 'letter' | 'a4'
  confidentialityLine: string | null
  attachPdf: boolean
}

export async function briefSettings(ctx: AppContext, userId: number): Promise<BriefSettings> {
  const [row] = await ctx.db.orm
    .select({
      start: userSettings.weekly_start_day,
      end: userSettings.weekly_end_day,
      paper: userSettings.paper_size,
      line: userSettings.confidentiality_line,
      attach: userSettings.email_attach_pdf,
    })
    .from(userSettings)
    .where(eq(userSettings.user_id, userId))
  return {
    startDay: asWeekday(row?.start, 'monday'),
    endDay: asWeekday(row?.end, 'friday'),
    paperSize: row?.paper === 'a4' ? 'a4' : 'letter',
    confidentialityLine: row?.line?.trim() || null,
    attachPdf: Boolean(row?.attach),
  }
}

export type EditionRow = {
  report_id: number
  user_id: number
  number: number
  sent_at: string
  note: string | null
  brief: string
}

/** A composed brief with the brief it was made of and the author's settings. */
export type Composed = { composed: ComposedBrief; brief: Brief; settings: BriefSettings }

/** The edition before `row` (null for edition 1): numbers are consecutive per report. */
async function editionBefore(ctx: AppContext, row: EditionRow) {
  const [before] = await ctx.db.orm
    .select({ number: reportEditions.number, brief: reportEditions.brief })
    .from(reportEditions)
    .where(
      and(eq(reportEditions.report_id, row.report_id), eq(reportEditions.number, row.number - 1)),
    )
  return before ?? null
}

/**
 * A frozen edition as its readers got it. `withChanges`: an update (edition 2 on) starts with
 * "Changed since edition N" (the e-mail of an update).
 */
export async function composeEdition(
  ctx: AppContext,
  row: EditionRow,
  options: { withChanges?: boolean } = {},
): Promise<Composed> {
  const settings = await briefSettings(ctx, row.user_id)
  const brief = editionBrief(row)
  let changes: BriefChanges | null = null
  if (options.withChanges && row.number > 1) {
    const before = await editionBefore(ctx, row)
    if (before) changes = diffBriefs(editionBrief(before), brief, before.number)
  }
  const composed = composeBrief(brief, {
    edition: editionMeta(row),
    startDay: settings.startDay,
    endDay: settings.endDay,
    changes,
  })
  return { composed, brief, settings }
}

/** The live report: 'Not sent yet', whatever was sent before. */
export async function composeLive(ctx: AppContext, report: Report): Promise<Composed> {
  const settings = await briefSettings(ctx, report.user_id)
  const brief = await buildBrief(ctx, report)
  // Composing a report at its item limit is a turn of its own (issue 42).
  await nextTurn()
  const composed = composeBrief(brief, {
    edition: null,
    startDay: settings.startDay,
    endDay: settings.endDay,
  })
  return { composed, brief, settings }
}

/**
 * The live report as the next Send or 'Send update' would deliver it (the review's e-mail
 * preview): edition 1 for a draft never sent, else the edition after the latest, with what
 * changed since it.
 */
export async function composeNext(
  ctx: AppContext,
  report: Report,
  latest: EditionRow | null,
  now = new Date().toISOString(),
): Promise<Composed> {
  const settings = await briefSettings(ctx, report.user_id)
  const brief = await buildBrief(ctx, report)
  const number = (latest?.number ?? 0) + 1
  const composed = composeBrief(
    { ...brief, sent_date: now.slice(0, 10) },
    {
      edition: { number, sent_at: now, note: null },
      startDay: settings.startDay,
      endDay: settings.endDay,
      // As the mailer will: any edition after the first says what changed since the one before.
      changes: latest ? diffBriefs(editionBrief(latest), brief, latest.number) : null,
    },
  )
  return { composed, brief, settings }
}
