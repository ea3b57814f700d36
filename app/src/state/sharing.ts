import type {
  Health,
  ProjectHealthWeek,
  ReaderQuestion,
  SharedQuestion,
  SharedReport,
  ShareExpiry,
  ShareLink,
} from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { ApiError, api, call } from '../api/client'
import { setBadges } from './question-badges'
import { reportState } from './reports'
import { toast } from './toasts'

/**
 * Reports that travel (issue 16): project health on the open report, private links, and the
 * shared page a reader opens without an account.
 */

/** Sets a project's health on the open report; the panel shows the server's answer. */
async function setProjectHealth(
  reportUuid: string,
  projectUuid: string,
  next: { health: Health; note: string | null },
) {
  const row = await call(
    api.api
      .reports({ uuid: reportUuid })
      ['project-health']({ project_uuid: projectUuid })
      .put({ health: next.health, note: next.note }),
  )
  const report = reportState.current
  if (report?.uuid !== reportUuid) return
  const rows = report.project_health
  report.project_health = rows.some((r) => r.project_uuid === projectUuid)
    ? rows.map((r) => (r.project_uuid === projectUuid ? row : r))
    : rows
}

let healthTimer: ReturnType<typeof setTimeout> | undefined
/**
 * After an item is added, moved or completed, the table's projects and counts change: fetch the
 * report's health again (once for a burst of edits).
 */
function refreshProjectHealth(reportUuid: string, delayMs = 400) {
  clearTimeout(healthTimer)
  healthTimer = setTimeout(async () => {
    try {
      const fresh = await call(api.api.reports({ uuid: reportUuid }).get())
      const report = reportState.current
      if (report?.uuid === reportUuid) report.project_health = fresh.project_health
    } catch (error) {
      console.error(error)
    }
  }, delayMs)
}

/** The project page's health history. */
async function loadProjectHealth(projectUuid: string): Promise<ProjectHealthWeek[]> {
  const data = await call(api.api.projects({ uuid: projectUuid }).health.get())
  return data.weeks
}

async function createShare(reportUuid: string, expiresInDays: ShareExpiry) {
  const created = await call(
    api.api.reports({ uuid: reportUuid }).shares.post({ expires_in_days: expiresInDays }),
  )
  sharesState.loaded = false
  return created
}

const sharesState = proxy<{ links: ShareLink[]; loaded: boolean; error: string | null }>({
  links: [],
  loaded: false,
  error: null,
})

async function loadShares() {
  try {
    const data = await call(api.api.shares.get())
    sharesState.links = data.shares
    sharesState.error = null
  } catch (error) {
    sharesState.error = error instanceof Error ? error.message : 'Failed to load links'
  } finally {
    sharesState.loaded = true
  }
}

async function revokeShare(id: number) {
  await call(api.api.shares({ id }).delete())
  await loadShares()
}

const useShares = () => useSnapshot(sharesState)

/** Readers' questions on one report, newest first (GET /api/questions has them all). */
async function loadReportQuestions(reportUuid: string): Promise<ReaderQuestion[]> {
  const data = await call(api.api.questions.get())
  setBadges(data)
  return data.questions.filter((q) => q.report_uuid === reportUuid)
}

/** The author's answer, shown to readers under the question; null takes it back. */
async function answerQuestion(id: number, answer: string | null) {
  await call(api.api.questions({ id }).put({ answer }))
}

/** GET /api/shared/{token}: null when the link is wrong, expired or revoked (404). */
async function loadSharedReport(token: string): Promise<SharedReport | null> {
  try {
    return await call(api.api.shared({ token }).get())
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** A reader's question (on an item or the whole report); the reader's own browser, no account. */
async function askSharedQuestion(
  token: string,
  question: { name: string; text: string; item_id: number | null },
): Promise<SharedQuestion> {
  return await call(api.api.shared({ token }).questions.post(question))
}

async function acknowledgeShared(token: string, name: string) {
  await call(api.api.shared({ token }).acknowledgements.post({ name }))
}

export {
  acknowledgeShared,
  answerQuestion,
  askSharedQuestion,
  createShare,
  loadProjectHealth,
  loadReportQuestions,
  loadSharedReport,
  loadShares,
  refreshProjectHealth,
  revokeShare,
  setProjectHealth,
  sharesState,
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
