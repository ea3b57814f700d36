import { Download as LucideDownload } from 'lucide-react'
import { type MemoWeekDays, ReportMemo } from '../components/report-memo'
import { formatDate } from '../lib/dates'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'
import { ReportSkeleton } from '../primitives/skeleton'
import type { BriefSinceLastWeek, EditionDetail, ReportChanges } from '../types'

const Download = /* @__PURE__ */ icon(LucideDownload)

export type EditionViewProps = {
  /** GET /api/reports/{uuid}/editions/{number}: the frozen brief and which edition it is. */
  edition: EditionDetail | null
  /** While the edition is being fetched: the report skeleton instead of 'Edition not found'. */
  loading?: boolean
  /** The author's week days: the header's range ('Nov 23 – Nov 27, 2026'). */
  weekDays?: MemoWeekDays | null
  /** The organisation's confidentiality line, at the foot of each printed page. */
  confidentiality?: string | null
  /** The account's paper size: the print's page. */
  paperSize?: 'letter' | 'a4' | null
  /** Back to the report page. */
  onBack: () => void
  /** The edition's PDF (GET /api/reports/{uuid}/editions/{number}/pdf); with it, 'Download PDF'. */
  pdfHref?: string
}

/**
 * A brief's frozen 'Since last week' as the memo's summary takes it: the new and carried items
 * are not frozen (the sections below list them), so their lists are empty; the counts are whole.
 */
export function briefChanges(since: BriefSinceLastWeek | undefined): ReportChanges | null {
  if (!since) return null
  const item = (i: BriefSinceLastWeek['completed'][number]) => ({ ...i, project_id: null })
  return {
    previous: since.previous ? { uuid: '', title: null, ...since.previous } : null,
    counts: since.counts,
    completed: since.completed.map(item),
    new: [],
    carried: [],
    stalled: since.stalled.map(item),
  }
}

/**
 * `/reports/:uuid/editions/:number`: one sent edition, exactly as its readers got it (the memo
 * the draft and the shared page draw), with its number, when it went out and the update's note.
 */
export function EditionView(p: EditionViewProps) {
  if (p.loading && !p.edition) return <ReportSkeleton />
  const e = p.edition
  if (!e)
    return (
      <div className="cad-screen-center">
        <h1 className="cad-screen__title">Edition not found</h1>
        <Button onClick={p.onBack}>Back to Report</Button>
      </div>
    )
  return (
    <article className="cad-screen cad-draft cad-edition" data-slot="edition">
      <div className="cad-screen__actions cad-no-print">
        <Button onClick={p.onBack}>Back to Report</Button>
        {p.pdfHref ? (
          <a className="cad-button cad-button--secondary cad-button--md" href={p.pdfHref} download>
            <Download size={14} aria-hidden /> Download PDF
          </a>
        ) : null}
      </div>
      <p className="cad-edition__about cad-no-print" data-slot="edition-about">
        <strong className="cad-tabular">Edition {e.number}</strong>
        <span className="cad-tabular">Sent {formatDate(e.sent_at)}</span>
        {e.note ? <span className="cad-break">{e.note}</span> : null}
        {e.summary_model ? (
          <span className="cad-break" data-slot="edition-summary-model">
            Summary drafted with {e.summary_model}, reviewed by {e.author.name ?? 'the author'}
          </span>
        ) : null}
        <span className="cad-edition__frozen">What readers got; later edits are not in it.</span>
      </p>
      <ReportMemo
        brief={e}
        weekDays={p.weekDays}
        confidentiality={p.confidentiality}
        paperSize={p.paperSize}
        edition={{ number: e.number, sent_at: e.sent_at, note: e.note }}
        changes={briefChanges(e.since_last_week)}
      />
    </article>
  )
}
