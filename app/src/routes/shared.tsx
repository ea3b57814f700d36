import { formatDate, LinkUnavailableView, SharedReportView, Spinner } from '@cadence/ui'
import { useEffect, useState } from 'react'
import { useParams } from 'wouter'
import {
  acknowledgeShared,
  askSharedQuestion,
  loadSharedReport,
  sharedReport,
  useSharedReport,
} from '../state/sharing'

/**
 * `/r/:token`: a shared report, for a reader without an account. Nothing of the app around it (no
 * navigation, no session); the server answers the page and its API with no-store, no referrer
 * and noindex.
 */
export default function SharedReportPage() {
  const { token = '' } = useParams<{ token: string }>()
  const shared = useSharedReport(token)
  const [acknowledged, setAcknowledged] = useState(false)

  useEffect(() => {
    const robots = document.createElement('meta')
    robots.name = 'robots'
    robots.content = 'noindex, nofollow'
    document.head.append(robots)
    loadSharedReport(token).catch(() => {})
    return () => robots.remove()
  }, [token])

  const data = shared.data
  useEffect(() => {
    if (data) document.title = `${data.report.title ?? 'Weekly Report'} — Cadence`
  }, [data])

  if (shared.error)
    return (
      <main className="cad-screen-center">
        <h1 className="cad-screen__title">Could not load the report</h1>
        <p className="cad-screen__muted">{shared.error}</p>
      </main>
    )
  if (!shared.loaded)
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
        await sharedReport.reload().catch(() => {})
      }}
    />
  )
}
