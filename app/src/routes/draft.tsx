import { ReportSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { useLocation, useParams } from 'wouter'
import { loadReportChanges, useReportChanges } from '../state/changes'
import { reportPdfHref } from '../state/editions'
import { copyAsMarkdown, copyForEmail } from '../state/export-copy'
import { useMemoHeader } from './use-memo-header'
import { useReportPage } from './use-report-page'
import { DraftView } from './views'

/** `/reports/:uuid/draft`: the printable preview. */
function DraftPage() {
  const { uuid = '' } = useParams<{ uuid: string }>()
  const [, navigate] = useLocation()
  const { report, loading, projects, members, weekRange } = useReportPage(uuid)
  const changes = useReportChanges(uuid)
  const header = useMemoHeader()
  useEffect(() => {
    loadReportChanges(uuid).catch((error) => console.error(error))
  }, [uuid])
  if (loading && !report) return <ReportSkeleton />
  return (
    <DraftView
      report={report}
      weekRange={weekRange}
      projects={projects}
      members={members}
      changes={report ? changes.data : null}
      author={header.author}
      organisationName={header.organisationName}
      onBack={() => navigate(report ? `/reports/${uuid}` : '/dashboard')}
      onPrint={() => window.print()}
      pdfHref={report ? reportPdfHref(uuid) : undefined}
      onCopyMarkdown={() => void copyAsMarkdown(uuid)}
      onCopyEmail={() => void copyForEmail(uuid)}
    />
  )
}

export default DraftPage
