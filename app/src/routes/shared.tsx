import {
  formatDate,
  LinkUnavailableView,
  type SharedReport,
  SharedReportView,
  Spinner,
} from '@cadence/ui'
import { useCallback, useEffect, useState } from 'react'
import { useParams } from 'wouter'
import { acknowledgeShared, askSharedQuestion, loadSharedReport } from '../state/sharing'

/**
 * `/r/:token`: a shared report, for a reader without an account. Nothing of the app around it (no
 * navigation, no session); the server answers the page and its API with no-store, no referrer
 * and noindex.
 */
export default function SharedReportPage() {
  const { token = '' } = useParams<{ token: string }>()
  const [data, setData] = useState<SharedReport | null | undefined>(undefined)
  const [failed, setFailed] = useState<string | null>(null)
  const [acknowledged, setAcknowledged] = useState(false)

  const load = useCallback(async () => {
    try {
      setData(await loadSharedReport(token))
      setFailed(null)
    } catch (error) {
      setFailed(error instanceof Error ? error.message : 'Could not load the report')
    }
  }, [token])

  useEffect(() => {
    const robots = document.createElement('meta')
    robots.name = 'robots'
    robots.content = 'noindex, nofollow'
    document.head.append(robots)
    void load()
    return () => robots.remove()
  }, [load])

  useEffect(() => {
    if (data) document.title = `${data.report.title ?? 'Weekly Report'} — Cadence`
  }, [data])

  if (failed)
    return (
      <main className="cad-screen-center">
        <h1 className="cad-screen__title">Could not load the report</h1>
        <p className="cad-screen__muted">{failed}</p>
      </main>
    )
  if (data === undefined)
    return (
      <div
        className="cad-page-center"
        style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}
      >
        <Spinner label="Loading" />
      </div>
    )
  if (data === null) return <LinkUnavailableView />
  return (
    <SharedReportView
      data={data}
      weekRange={`Week of ${formatDate(data.report.week_start_date)}`}
      formatDate={formatDate}
      acknowledged={acknowledged}
      onAcknowledge={async (name) => {
        await acknowledgeShared(token, name)
        setAcknowledged(true)
      }}
      onAsk={async (question) => {
        await askSharedQuestion(token, question)
        await load()
      }}
    />
  )
}
