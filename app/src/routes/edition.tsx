import { formatWeekRange } from '@cadence/ui'
import { useEffect } from 'react'
import { useLocation, useParams } from 'wouter'
import { cache, useSettings } from '../state/cache'
import { editionPdfHref, loadEdition, useEdition } from '../state/editions'
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
  const weekRange = edition
    ? formatWeekRange(
        edition.week_start_date,
        settings.data?.weekly_start_day ?? 'monday',
        settings.data?.weekly_end_day ?? 'friday',
      )
    : ''
  const valid = Number.isInteger(number) && number > 0
  return (
    <EditionView
      edition={valid ? edition : null}
      loading={valid && loading}
      weekRange={weekRange}
      onBack={() => navigate(`/reports/${uuid}`)}
      pdfHref={edition ? editionPdfHref(uuid, number) : undefined}
    />
  )
}

export default EditionPage
