import type { ReaderQuestion } from '@cadence/ui'
import { useSnapshot } from 'valtio'
import { api, call } from '../api/client'
import type { AnswerBatch } from './after-paint'
import { onCacheReset } from './cache'
import { createResource } from './resource'

/**
 * Readers' questions (GET /api/questions): the report page lists a report's, and the badges count
 * those not seen yet, on Reports and on each report in the sidebar. Apart from state/sharing.ts so
 * the signed-in shell loads only this.
 */
const questions = createResource(() => call(api.api.questions.get()), {
  state: {
    /** Unseen per report (uuid → count), as the last answer counted them. */
    get byReport(): Record<string, number> {
      return this.data?.unseen_by_report ?? {}
    },
    /** The count on Reports: the reports' counts summed. */
    get total(): number {
      return Object.values(this.data?.unseen_by_report ?? {}).reduce((sum, n) => sum + n, 0)
    },
  },
})

/** The badges' view of the questions. */
const questionBadges = questions.state

/** GET /api/questions for the badges (on start and when the window comes back). */
async function loadQuestionBadges(batch?: AnswerBatch) {
  try {
    await questions.reload({ batch })
  } catch (error) {
    // Offline or signed out: the badges stay as they were.
    console.error(error)
  }
}

/**
 * The report page has shown these questions: the new ones are marked seen, so their badges go
 * (the page keeps showing them as new until it loads them again).
 */
async function markQuestionsSeen(reportUuid: string, shown: readonly ReaderQuestion[]) {
  const fresh = shown.filter((q) => !q.seen_at)
  if (!fresh.length) return
  await Promise.all(fresh.map((q) => call(api.api.questions({ id: q.id }).put({ seen: true }))))
  questions.mutate((data) => {
    if (!data) return data
    const left = Math.max(0, (data.unseen_by_report[reportUuid] ?? 0) - fresh.length)
    const { [reportUuid]: _, ...rest } = data.unseen_by_report
    return { ...data, unseen_by_report: left ? { ...rest, [reportUuid]: left } : rest }
  })
}

const useQuestionBadges = () => useSnapshot(questionBadges)

/** The questions on one report, newest first (undefined until loaded). */
function useReportQuestions(reportUuid: string): ReaderQuestion[] | undefined {
  const snap = useSnapshot(questions.state) as typeof questions.state
  return snap.data?.questions.filter((q) => q.report_uuid === reportUuid)
}

onCacheReset(() => questions.reset())

export {
  loadQuestionBadges,
  markQuestionsSeen,
  questionBadges,
  questions,
  useQuestionBadges,
  useReportQuestions,
}
