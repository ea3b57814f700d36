import type { Project, Report } from '@cadence/ui'
import { DraftSummaryPanel, SuggestionsTray } from '@cadence/ui'
import { useEffect, useMemo } from 'react'
import {
  acceptSuggestion,
  applyDraftSummary,
  dismissSuggestion,
  draftSummary,
  loadSources,
  loadSuggestions,
  useDraft,
  useSources,
  useSuggestions,
} from '../state/sources'
import { toast } from '../state/toasts'

/**
 * Sources on the report page (issue 47): the tray of this week's suggestions from the connected
 * tools (only when some are connected, on a draft) and the 'Draft summary' panel.
 */
export function useReportSources(
  uuid: string,
  report: Pick<Report, 'is_submitted' | 'sections'> | null,
  projects: readonly Pick<Project, 'uuid' | 'name'>[],
) {
  const { sources, loaded } = useSources()
  const tray = useSuggestions(uuid)
  const draft = useDraft(uuid)
  const sent = report?.is_submitted === true
  useEffect(() => {
    void loadSources()
  }, [])
  useEffect(() => {
    if (loaded && sources.length && !sent) void loadSuggestions(uuid)
  }, [uuid, loaded, sources.length, sent])
  const items = useMemo(
    () => new Map((report?.sections ?? []).flatMap((s) => s.items.map((i) => [i.id, i.content]))),
    [report?.sections],
  )
  const names = projects.map((p) => ({ uuid: p.uuid, name: p.name }))
  const fail = (what: string) => (error: unknown) => {
    toast.error(error instanceof Error ? error.message : what)
    throw error
  }
  return {
    suggestionsTray:
      sources.length && !sent ? (
        <SuggestionsTray
          suggestions={tray.suggestions}
          errors={tray.errors}
          sources={sources}
          projects={names}
          onAccept={(id) => acceptSuggestion(uuid, id).catch(fail('Could not add it'))}
          onDismiss={(id) => dismissSuggestion(uuid, id).catch(fail('Could not dismiss it'))}
          onRefresh={() => void loadSuggestions(uuid, true)}
        />
      ) : null,
    draftSummary: report ? (
      <DraftSummaryPanel
        draft={draft.draft}
        loading={draft.loading}
        error={draft.error}
        items={items}
        onDraft={() => void draftSummary(uuid)}
        onUse={(summary) =>
          void applyDraftSummary(
            summary,
            draft.draft?.source === 'model' ? draft.draft.model : null,
          ).catch(fail('Could not save'))
        }
      />
    ) : null,
  }
}
