import { paths } from '@cadence/core/paths'
import { memoDocumentTitle } from '@cadence/ui'
import { useEffect } from 'react'
import { useLocation, useParams } from 'wouter'
import { cache, useSettings } from '../state/cache'
import { editionPdfHref, loadEdition, useEdition } from '../state/editions'
import { useDocumentTitle } from './use-document-title'
import { EditionView } from './views'

/** `/reports/:uuid/editions/:number`: one sent edition, as its readers got it. */
function EditionPage() {
  const params = useParams<{ uuid: string; number: string }>()
  const uuid = params.uuid ?? ''
  const number = Number(params.number)
  const [, navigate] = useLocation()
  const settings = useSettings()
  const { edition, loading } = useEdition(uuid, number)
  useEffect(() => {
    if (Number.isInteger(number) && number > 0) void loadEdition(uuid, number)
    cache.settings.load().catch(() => {})
  }, [uuid, number])
  const weekDays = settings.data
    ? { start: settings.data.weekly_start_day, end: settings.data.weekly_end_day }
    : null
  const valid = Number.isInteger(number) && number > 0
  useDocumentTitle(edition && valid ? memoDocumentTitle(edition, weekDays) : null)
  return (
    <EditionView
      edition={valid ? edition : null}
      loading={valid && loading}
      weekDays={weekDays}
      confidentiality={settings.data?.confidentiality_line}
      paperSize={settings.data?.paper_size}
      onBack={() => navigate(paths.report(uuid))}
      pdfHref={edition ? editionPdfHref(uuid, number) : undefined}
    />
  )
}

export default EditionPage
