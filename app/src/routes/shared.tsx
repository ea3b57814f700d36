import { LinkUnavailableView, memoDocumentTitle, SharedReportView, Spinner } from '@cadence/ui'
import { useEffect, useState } from 'react'
import { useParams } from 'wouter'
import { answerSharedAsk } from '../state/asks'
import {
  acknowledgeShared,
  askSharedQuestion,
  loadSharedReport,
  sharedReport,
  useSharedReport,
} from '../state/sharing'
import { useDocumentTitle } from './use-document-title'

/**
 * Which link a reader has read, kept without the link's secret: a 32-bit FNV-1a digest of the
 * token names it (enough to tell one's own links apart, useless for opening one).
 */
function readKey(token: string) {
  let hash = 0x811c9dc5
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193)
  return `read:${(hash >>> 0).toString(36)}`
}

/** What this browser keeps for a reader of shared links: their name, which links they read. */
function readerKept(key: string): string | null {
  try {
    return localStorage.getItem(`cadence:reader:${key}`)
  } catch {
    return null
  }
}
function keepForReader(key: string, value: string) {
  try {
    localStorage.setItem(`cadence:reader:${key}`, value)
  } catch {}
}

/**
 * `/r/:token`: a shared report, for a reader without an account. Nothing of the app around it (no
 * navigation, no session); the server answers the page and its API with no-store, no referrer
 * and noindex.
 */
export default function SharedReportPage() {
  const { token = '' } = useParams<{ token: string }>()
  const shared = useSharedReport(token)
  const [acknowledged, setAcknowledged] = useState(() => readerKept(readKey(token)) !== null)

  useEffect(() => {
    const robots = document.createElement('meta')
    robots.name = 'robots'
    robots.content = 'noindex, nofollow'
    document.head.append(robots)
    loadSharedReport(token).catch(() => {})
    return () => robots.remove()
  }, [token])

  const data = shared.data
  useDocumentTitle(data ? memoDocumentTitle(data.report) : null)

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
      acknowledged={acknowledged}
      readerName={readerKept('name')}
      onReaderName={(name) => keepForReader('name', name)}
      onAcknowledge={async (name) => {
        await acknowledgeShared(token, name)
        keepForReader(readKey(token), new Date().toISOString())
        setAcknowledged(true)
      }}
      onAsk={async (question) => {
        await askSharedQuestion(token, question)
        await sharedReport.reload().catch(() => {})
      }}
      onAnswerAsk={async (answer) => {
        await answerSharedAsk(token, answer)
        await sharedReport.reload().catch(() => {})
      }}
    />
  )
}
