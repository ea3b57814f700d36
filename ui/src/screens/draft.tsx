import { type MemoWeekDays, memoBriefOf, ReportMemo } from '../components/report-memo'
import { Button } from '../primitives/button'
import { ReportSkeleton } from '../primitives/skeleton'
import type { BriefAuthor, Project, ReportChanges, TeamMember } from '../types'
import type { ReportViewReport } from './report'

export type DraftViewProps = {
  report: ReportViewReport | null
  /** While the report is being fetched: the report skeleton instead of 'Report not found'. */
  loading?: boolean
  /** The author's week days: the header's range ('Nov 23 – Nov 27, 2026'). */
  weekDays?: MemoWeekDays | null
  projects: Project[]
  members: TeamMember[]
  onBack: () => void
  onPrint: () => void
  /** The address of the report's PDF (GET /api/reports/{uuid}/pdf); with it, 'Download PDF'. */
  pdfHref?: string
  onCopyMarkdown?: () => void
  onCopyEmail?: () => void
  /** 'Since last week': its counts, completed and stalled items; nothing is shown without it. */
  changes?: ReportChanges | null
  /** The memo header's author (name, display title) and organisation (settings). */
  author?: BriefAuthor | null
  organisationName?: string | null
  /** The organisation's confidentiality line (Settings › Profile and organisation). */
  confidentiality?: string | null
  /** The account's paper size: the print's page. */
  paperSize?: 'letter' | 'a4' | null
}

export function DraftView(p: DraftViewProps) {
  if (p.loading) return <ReportSkeleton />
  const r = p.report
  if (!r)
    return (
      <div className="cad-screen-center">
        <h1 className="cad-screen__title">Report not found</h1>
        <Button onClick={p.onBack}>Go back</Button>
      </div>
    )
  return (
    <article className="cad-screen cad-draft">
      <div className="cad-screen__actions cad-no-print">
        <Button onClick={p.onBack}>Back to Report</Button>
        {p.onCopyMarkdown ? <Button onClick={p.onCopyMarkdown}>Copy as Markdown</Button> : null}
        {p.onCopyEmail ? <Button onClick={p.onCopyEmail}>Copy for e-mail</Button> : null}
        {p.pdfHref ? (
          <a className="cad-button cad-button--secondary cad-button--md" href={p.pdfHref} download>
            Download PDF
          </a>
        ) : null}
        <Button variant="primary" onClick={p.onPrint}>
          Print
        </Button>
      </div>
      <ReportMemo
        brief={memoBriefOf(r, p.projects, p.members, {
          author: p.author,
          organisationName: p.organisationName,
        })}
        weekDays={p.weekDays}
        changes={p.changes}
        confidentiality={p.confidentiality}
        paperSize={p.paperSize}
      />
    </article>
  )
}
