import type { DraftSummaryPanelProps, SourceInput } from '@cadence/ui'
import { proxy, useSnapshot } from 'valtio'
import { api, call } from '../api/client'
import { onCacheReset } from './cache'
import { loadReport, reportState, updateReport } from './reports'
import { createResource, useResource, useResourceFor } from './resource'

type DraftSummary = NonNullable<DraftSummaryPanelProps['draft']>

/**
 * Sources (issue 47): the account's connections (Settings › Sources), the open report's
 * suggestions from them (the tray: Add makes an item with its link, Dismiss hides it for that
 * week) and the draft summary (nothing is saved until 'Use as summary').
 */

const sources = createResource(() => call(api.api.sources.get()))

async function loadSources() {
  await sources.reload().catch((error) => console.error(error))
}

async function connectSource(input: SourceInput) {
  await call(api.api.sources.post(input))
  await loadSources()
}

async function revokeSource(id: number) {
  await call(api.api.sources({ id }).delete())
  await loadSources()
}

/** The report's suggestions, fetched on demand (the server caches the vendors a few minutes). */
const suggestions = createResource(
  (uuid: string | undefined) => call(api.api.reports({ uuid: uuid as string }).suggestions.get()),
  { freshMs: 60_000 },
)

async function loadSuggestions(uuid: string, force = false) {
  await suggestions.load({ key: uuid, force }).catch((error) => console.error(error))
}

/** Adds a suggestion to the report (once, whatever the clicks); the report shows the new item. */
async function acceptSuggestion(uuid: string, id: string) {
  await call(api.api.reports({ uuid }).suggestions({ id }).accept.post())
  suggestions.mutate((current) =>
    current ? { ...current, suggestions: current.suggestions.filter((s) => s.id !== id) } : current,
  )
  if (reportState.current?.uuid === uuid) await loadReport(uuid)
}

async function dismissSuggestion(uuid: string, id: string) {
  await call(api.api.reports({ uuid }).suggestions({ id }).dismiss.post())
  suggestions.mutate((current) =>
    current ? { ...current, suggestions: current.suggestions.filter((s) => s.id !== id) } : current,
  )
}

/** The draft summary of the open report: asked for, shown, used or left. */
const draftState = proxy({
  uuid: null as string | null,
  draft: null as DraftSummary | null,
  loading: false,
  error: null as string | null,
})

async function draftSummary(uuid: string) {
  Object.assign(draftState, { uuid, loading: true, error: null, draft: null })
  try {
    const draft = await call(api.api.reports({ uuid })['draft-summary'].post())
    if (draftState.uuid === uuid) draftState.draft = draft as DraftSummary
  } catch (error) {
    if (draftState.uuid === uuid)
      draftState.error = error instanceof Error ? error.message : 'Could not draft the summary'
  } finally {
    if (draftState.uuid === uuid) draftState.loading = false
  }
}

/**
 * 'Use as summary': the draft becomes the report's summary, saved with the model that drafted it
 * (null for an extractive draft), which the next edition records; typing it afterwards clears it.
 */
async function applyDraftSummary(summary: string, model: string | null = null) {
  await updateReport({ summary, summary_model: model })
}

function useSources() {
  const snap = useResource(sources)
  return { sources: snap.data ?? [], loaded: snap.loaded }
}

function useSuggestions(uuid: string) {
  const snap = useResourceFor(suggestions, uuid)
  return {
    suggestions: snap.loaded && snap.data ? snap.data.suggestions : null,
    errors: snap.data?.errors ?? [],
  }
}

function useDraft(uuid: string) {
  const snap = useSnapshot(draftState)
  return snap.uuid === uuid
    ? { draft: snap.draft as DraftSummary | null, loading: snap.loading, error: snap.error }
    : { draft: null, loading: false, error: null }
}

onCacheReset(() => {
  sources.reset()
  suggestions.reset()
  Object.assign(draftState, { uuid: null, draft: null, loading: false, error: null })
})

export {
  acceptSuggestion,
  applyDraftSummary,
  connectSource,
  dismissSuggestion,
  draftSummary,
  loadSources,
  loadSuggestions,
  revokeSource,
  useDraft,
  useSources,
  useSuggestions,
}
