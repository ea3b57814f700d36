import type { EditionSummary } from '@cadence/ui'
import { api, call } from '../api/client'
import { onCacheReset } from './cache'
import { watchDeliveries } from './deliveries'
import { reportState } from './reports'
import { createResource, useResourceFor } from './resource'

// A sent report's editions (interface §10): what readers got at each Send and 'Send update',
// newest first. The report page lists them; a send or an update reloads them.

/** The editions of the report on screen (its uuid is the key), newest first. */
const reportEditions = createResource(
  (uuid: string) => call(api.api.reports({ uuid }).editions.get()),
  {
    state: {
      /** The list on screen; empty until it is loaded. */
      get list(): EditionSummary[] {
        return this.data ?? []
      },
    },
  },
)

const editionsState = reportEditions.state

/** GET /api/reports/{uuid}/editions; a failure is logged and leaves the list as it was. */
async function loadEditions(uuid: string, { force = false } = {}): Promise<EditionSummary[]> {
  try {
    return await reportEditions.load({ key: uuid, force })
  } catch (error) {
    console.error(error)
    return editionsState.key === uuid ? editionsState.list : []
  }
}

/** After a send: the open report's editions are asked for again (no-op for another report). */
function reloadEditions(uuid: string): Promise<EditionSummary[]> {
  return loadEditions(uuid, { force: true })
}

/**
 * 'Send update': POST /api/reports/{uuid}/editions with the note (blank: none). Throws when the
 * server refuses (the review step stays open with the message); then the editions reload and
 * the deliveries of the update are followed.
 */
async function sendUpdate(uuid: string, note: string | undefined): Promise<EditionSummary> {
  if (reportState.current?.uuid !== uuid) throw new Error('The report is not open')
  const text = note?.trim()
  const edition = await call(api.api.reports({ uuid }).editions.post(text ? { note: text } : {}))
  await reloadEditions(uuid)
  void watchDeliveries(uuid)
  return edition
}

/** The PDF of one edition, as readers got it. */
const editionPdfHref = (uuid: string, number: number) =>
  `/api/reports/${uuid}/editions/${number}/pdf`

/** The PDF of the report as it is now (the draft view's 'Download PDF'). */
const reportPdfHref = (uuid: string) => `/api/reports/${uuid}/pdf`

function resetEditions() {
  reportEditions.reset()
}
onCacheReset(resetEditions)

/** The editions of the given report (empty while another report's are held). */
function useEditions(uuid: string): EditionSummary[] {
  return useResourceFor(reportEditions, uuid).list
}

export {
  editionPdfHref,
  editionsState,
  loadEditions,
  reloadEditions,
  reportPdfHref,
  resetEditions,
  sendUpdate,
  useEditions,
}
