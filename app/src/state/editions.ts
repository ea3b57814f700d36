import type { EditionDetail, EditionSummary } from '@cadence/ui'
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

/**
 * One frozen edition, read on its own page; the key is `{uuid}/{number}`. An edition never
 * changes: once it came, it is not asked for again (until sign-out resets it).
 */
const oneEdition = createResource(
  (key: string) => {
    const [uuid, number] = key.split('/')
    return call(
      api.api
        .reports({ uuid })
        .editions({ number: Number(number) })
        .get(),
    )
  },
  { freshMs: Number.POSITIVE_INFINITY },
)

/**
 * GET /api/reports/{uuid}/editions/{number} for the edition's page (offline, the answer comes
 * from the API cache like any read). A failure is logged; the page then says it is not found.
 */
async function loadEdition(uuid: string, number: number): Promise<void> {
  await oneEdition.load({ key: `${uuid}/${number}` }).catch((error) => console.error(error))
}

const editionState = oneEdition.state

/** The edition of the page (null while another one is held or none came) and whether it loads. */
function useEdition(uuid: string, number: number) {
  const state = useResourceFor(oneEdition, `${uuid}/${number}`)
  return { edition: state.data as EditionDetail | null, loading: state.loading && !state.loaded }
}

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
  oneEdition.reset()
}
onCacheReset(resetEditions)

/** The editions of the given report (empty while another report's are held). */
function useEditions(uuid: string): EditionSummary[] {
  return useResourceFor(reportEditions, uuid).list
}

export {
  editionPdfHref,
  editionState,
  editionsState,
  loadEdition,
  loadEditions,
  reloadEditions,
  reportPdfHref,
  resetEditions,
  sendUpdate,
  useEdition,
  useEditions,
}
