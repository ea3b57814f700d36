import type { AskAnswerKind, ReportAsk } from '@cadence/ui'
import { api, call } from '../api/client'
import { ApiError } from '../api/errors'
import { onCacheReset } from './cache'
import { reportState } from './reports'
import { createResource, useResourceFor } from './resource'

// Asks of the readers (docs/features.md, Asks): the report page's asks with their answers, closing
// one, recording an approved one as a decision; and a reader's answer from the shared page.

/** GET /api/reports/{uuid}/asks for the report on screen (its uuid is the key). */
const reportAsks = createResource(async (uuid: string) => {
  const data = await call(api.api.reports({ uuid }).asks.get())
  return data.asks
})

/** The report's asks (empty until loaded). */
function useReportAsks(uuid: string): ReportAsk[] {
  return useResourceFor(reportAsks, uuid).data ?? []
}

/** Loads (or reloads) the report's asks; a failure is logged and leaves them as they were. */
async function loadReportAsks(uuid: string): Promise<void> {
  await reportAsks.load({ key: uuid, force: true }).catch((error) => console.error(error))
}

/** PUT /api/asks/{item_id}: closes an ask (carried no further, no more answers) or reopens it. */
async function closeAsk(uuid: string, itemId: number, closed: boolean): Promise<void> {
  const ask = await call(api.api.asks({ item_id: itemId }).put({ closed }))
  // The item's own mark on the open report says closed too.
  for (const section of reportState.current?.sections ?? [])
    for (const item of section.items) if (item.id === itemId) item.ask_closed_at = ask.closed_at
  await loadReportAsks(uuid)
}

/**
 * 'Record as decision' on an approved ask: POST /api/decisions with the ask as its title, the day
 * of the first approval, who approved it as the why, and the ask's item as its source.
 */
async function recordAskDecision(ask: ReportAsk): Promise<void> {
  // The current answers to the wording readers have now: one per reader.
  const approvals = ask.answers.filter((a) => a.answer === 'approve' && !a.earlier_wording)
  if (!approvals.length) throw new Error('Only an approved ask is recorded as a decision')
  const names = [...new Set(approvals.map((a) => a.name))].join(', ')
  try {
    await call(
      api.api.decisions.post({
        title: ask.content,
        decided_on: approvals[0].created_at.slice(0, 10),
        rationale: `Approved by ${names} on the brief`,
        source_item_id: ask.item_id,
      }),
    )
  } catch (error) {
    // 409: this ask (or a carried copy of it) is a decision already: nothing more to record.
    if (error instanceof ApiError && error.status === 409) return
    throw error
  }
}

/** A reader's answer from a private link (no account): POST /api/shared/{token}/asks/{id}/answers. */
async function answerSharedAsk(
  token: string,
  answer: { item_id: number; name: string; answer: AskAnswerKind; text: string | null },
): Promise<void> {
  const { item_id, ...body } = answer
  await call(
    api.api
      .shared({ token })
      .asks({ item_id })
      // A personal link's reader is known to the server: an empty name is left out.
      .answers.post({ ...body, name: body.name || undefined, text: body.text ?? undefined }),
  )
}

onCacheReset(() => reportAsks.reset())

export { answerSharedAsk, closeAsk, loadReportAsks, recordAskDecision, reportAsks, useReportAsks }
