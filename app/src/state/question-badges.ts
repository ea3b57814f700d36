import type { ReaderQuestion, ReaderQuestionList } from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { api, call } from '../api/client'
import { onCacheReset } from './cache'

/**
 * Readers' questions not seen yet (issue 16): the count on Reports and on each report in the
 * sidebar. Apart from state/sharing.ts so the signed-in shell loads only this.
 */

/** Per report (uuid → count); the total on Reports is their sum. */
const questionBadges = proxy({
  byReport: {} as Record<string, number>,
  get total(): number {
    return Object.values(this.byReport).reduce((sum, n) => sum + n, 0)
  },
})

export function setBadges(data: Pick<ReaderQuestionList, 'unseen_by_report'>) {
  questionBadges.byReport = { ...data.unseen_by_report }
}

/** GET /api/questions for the badges only (on start and when the window comes back). */
async function loadQuestionBadges() {
  try {
    setBadges(await call(api.api.questions.get()))
  } catch (error) {
    // Offline or signed out: the badges stay as they were.
    console.error(error)
  }
}

/**
 * The report page has shown these questions: the new ones are marked seen, so their badges go
 * (the page keeps showing them as new until it loads them again).
 */
async function markQuestionsSeen(reportUuid: string, questions: readonly ReaderQuestion[]) {
  const fresh = questions.filter((q) => !q.seen_at)
  if (!fresh.length) return
  await Promise.all(fresh.map((q) => call(api.api.questions({ id: q.id }).put({ seen: true }))))
  const left = Math.max(0, (questionBadges.byReport[reportUuid] ?? 0) - fresh.length)
  const { [reportUuid]: _, ...rest } = questionBadges.byReport
  questionBadges.byReport = left ? { ...rest, [reportUuid]: left } : rest
}

const useQuestionBadges = () => useSnapshot(questionBadges)

onCacheReset(() => setBadges({ unseen_by_report: {} }))

export { loadQuestionBadges, markQuestionsSeen, questionBadges, useQuestionBadges }
