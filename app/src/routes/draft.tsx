import { paths } from '@cadence/core/paths'
import { memoDocumentTitle, ReportSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { useLocation, useParams } from 'wouter'
import { loadReportChanges, useReportChanges } from '../state/changes'
import { reportPdfHref } from '../state/editions'
import { copyAsMarkdown, copyForEmail } from '../state/export-copy'
import { useDocumentTitle } from './use-document-title'
import { useMemoHeader } from './use-memo-header'
import { useReportPage } from './use-report-page'
import { DraftView } from './views'

/** `/reports/:uuid/draft`: the printable preview. */
function DraftPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const [, navigate] = useLocation()
  const { report, loading, projects, members } = useReportPage(uuid)
  const changes = useReportChanges(uuid)
  const header = useMemoHeader()
  useEffect(() => {
    loadReportChanges(uuid).catch((error) => console.error(error))
  }, [uuid])
  useDocumentTitle(report ? memoDocumentTitle(report, header.weekDays) : null)
  if (loading && !report) return <ReportSkeleton />
  return (
    <DraftView
      report={report}
      weekDays={header.weekDays}
      confidentiality={header.confidentiality}
      paperSize={header.paperSize}
      projects={projects}
      members={members}
      changes={report ? changes.data : null}
      author={header.author}
      organisationName={header.organisationName}
      onBack={() => navigate(report ? paths.report(uuid) : paths.dashboard())}
      onPrint={() => window.print()}
      pdfHref={report ? reportPdfHref(uuid) : undefined}
      onCopyMarkdown={() => void copyAsMarkdown(uuid)}
      onCopyEmail={() => void copyForEmail(uuid)}
    />
  )
}

export default DraftPage
