import type { ReaderQuestion, SharedQuestion, SharedReport, ShareExpiry } from '@cadence/ui'
import { ApiError, api, call } from '../api/client'
import { onCacheReset } from './cache'
import { questions } from './question-badges'
import { createResource, useResource, useResourceFor } from './resource'
import { toast } from './toasts'

/**
 * Reports that travel: private links, and the shared page a reader opens without an account.
 * (The open report's project health is ./project-health.)
 */

async function createShare(reportUuid: string, expiresInDays: ShareExpiry) {
  const created = await call(
    api.api.reports({ uuid: reportUuid }).shares.post({ expires_in_days: expiresInDays }),
  )
  shares.invalidate()
  return created
}

/**
 * The private link 'Copy a private link' made for each report in this session. The server keeps
 * only a hash of a link's token, so it cannot give an old link back: the link made once is kept
 * here and copied again while it lives, instead of a new 30-day link on every click.
 */
const liveLinks = new Map<string, { id: number; url: string; expires_at: string | null }>()

/** A day: a link about to expire is not handed out again. */
const LINK_MARGIN_MS = 86_400_000

/** The report's live private link made in this session, or a new 30-day one. */
async function privateLink(reportUuid: string) {
  const known = liveLinks.get(reportUuid)
  if (known && (!known.expires_at || Date.parse(known.expires_at) - Date.now() > LINK_MARGIN_MS))
    return known
  const created = await createShare(reportUuid, 30)
  liveLinks.set(reportUuid, { id: created.id, url: created.url, expires_at: created.expires_at })
  return created
}

/** Settings → Sharing: the private links of every report. */
const shares = createResource(async () => {
  const data = await call(api.api.shares.get())
  return data.shares
})

async function loadShares() {
  await shares.reload().catch(() => {})
}

async function revokeShare(id: number) {
  await call(api.api.shares({ id }).delete())
  for (const [report, link] of liveLinks) if (link.id === id) liveLinks.delete(report)
  await loadShares()
}

/** The links (empty until loaded), `loaded`, and `error` when the last load failed. */
function useShares() {
  const snap = useResource(shares)
  return { links: snap.data ?? [], loaded: snap.loaded, error: snap.error }
}

onCacheReset(() => {
  shares.reset()
  liveLinks.clear()
})

/** Readers' questions on one report, newest first (GET /api/questions has them all). */
async function loadReportQuestions(reportUuid: string): Promise<ReaderQuestion[]> {
  const data = await questions.reload()
  return data.questions.filter((q) => q.report_uuid === reportUuid)
}

/** The author's answer, shown to readers under the question; null takes it back. */
async function answerQuestion(id: number, answer: string | null) {
  await call(api.api.questions({ id }).put({ answer }))
}

/** GET /api/shared/{token}: null when the link is wrong, expired or revoked (404). */
const sharedReport = createResource(async (token: string): Promise<SharedReport | null> => {
  try {
    return await call(api.api.shared({ token }).get())
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
})

function loadSharedReport(token: string) {
  return sharedReport.load({ key: token, force: true })
}

const useSharedReport = (token: string) => useResourceFor(sharedReport, token)

/** A reader's question (on an item or the whole report); the reader's own browser, no account. */
async function askSharedQuestion(
  token: string,
  question: { name: string; text: string; item_id: number | null },
): Promise<SharedQuestion> {
  // A personal link's reader is known to the server: an empty name is left out.
  return await call(
    api.api.shared({ token }).questions.post({ ...question, name: question.name || undefined }),
  )
}

async function acknowledgeShared(token: string, name: string) {
  await call(api.api.shared({ token }).acknowledgements.post({ name: name || undefined }))
}

export {
  acknowledgeShared,
  answerQuestion,
  askSharedQuestion,
  createShare,
  loadReportQuestions,
  loadSharedReport,
  loadShares,
  privateLink,
  revokeShare,
  sharedReport,
  shares,
  useSharedReport,
  useShares,
}

/** Copies a link shown once (a private link, an invitation) and says whether it worked. */
function copyLink(url: string) {
  navigator.clipboard
    ?.writeText(url)
    .then(() => toast.success('Link copied'))
    .catch(() => toast.error('Could not copy: select the link and copy it'))
}

export { copyLink }
