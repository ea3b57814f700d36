import type { DraftSummary, Source, Suggestion, SuggestionError } from '@cadence/contract'
import * as React from 'react'
import { formatDate } from '../lib/dates'
import { Button } from '../primitives/button'
import { EmptyState } from '../primitives/empty-state'
import { Spinner } from '../primitives/spinner'
import { SOURCE_KINDS, type SourceProject, sourceLabel } from './sources'

export type SuggestionsTrayProps = {
  /** Null while loading. */
  suggestions: readonly Suggestion[] | null
  errors: readonly SuggestionError[]
  sources: readonly Source[]
  projects: readonly SourceProject[]
  onAccept: (id: string) => Promise<void>
  onDismiss: (id: string) => Promise<void>
  onRefresh?: () => void
}

const message = (err: unknown) => (err instanceof Error ? err.message : 'Failed')

function SuggestionRow({
  suggestion,
  onAccept,
  onDismiss,
}: { suggestion: Suggestion } & Pick<SuggestionsTrayProps, 'onAccept' | 'onDismiss'>) {
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const run = (action: (id: string) => Promise<void>) => {
    setBusy(true)
    setError(null)
    action(suggestion.id)
      .catch((err) => setError(message(err)))
      .finally(() => setBusy(false))
  }
  return (
    <li className="cad-suggestions__row">
      <div className="cad-suggestions__what">
        <a href={suggestion.url} target="_blank" rel="noopener noreferrer">
          {suggestion.title}
        </a>
        <span className="cad-suggestions__meta">
          {SOURCE_KINDS[suggestion.kind].label} · {formatDate(suggestion.occurred_at.slice(0, 10))}
        </span>
      </div>
      <Button
        size="sm"
        variant="primary"
        disabled={busy}
        aria-label={`Add ${suggestion.title}`}
        onClick={() => run(onAccept)}
      >
        Add
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        aria-label={`Dismiss ${suggestion.title}`}
        onClick={() => run(onDismiss)}
      >
        Dismiss
      </Button>
      {error ? (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}

/**
 * The report page's tray of suggestions: what the connected sources show done this week,
 * grouped by project; Add makes it an item with its link, Dismiss hides it for this week. A
 * source that failed says so above the others.
 */
export function SuggestionsTray({
  suggestions,
  errors,
  sources,
  projects,
  onAccept,
  onDismiss,
  onRefresh,
}: SuggestionsTrayProps) {
  const id = React.useId()
  const names = new Map(projects.map((p) => [p.uuid, p.name]))
  const byId = new Map(sources.map((s) => [s.id, s]))
  const groups = suggestions
    ? [
        ...Map.groupBy(
          suggestions,
          (s) => (s.project_uuid && names.get(s.project_uuid)) || 'General',
        ),
      ].sort(([a], [b]) => (a === 'General' ? 1 : b === 'General' ? -1 : a.localeCompare(b)))
    : []
  return (
    <section className="cad-suggestions" aria-labelledby={id}>
      <header className="cad-suggestions__head">
        <h2 id={id}>From your tools</h2>
        {onRefresh ? (
          <Button size="sm" variant="ghost" onClick={onRefresh} disabled={!suggestions}>
            Refresh
          </Button>
        ) : null}
      </header>
      {errors.map((e) => {
        const source = byId.get(e.source_id)
        return (
          <p key={e.source_id} className="cad-suggestions__error" role="status">
            {source ? sourceLabel(source) : 'A source'}: {e.error}
          </p>
        )
      })}
      {suggestions === null ? (
        <p className="cad-suggestions__loading">
          <Spinner size={16} decorative /> Looking at this week in your tools…
        </p>
      ) : suggestions.length === 0 ? (
        <EmptyState title="Nothing new from your tools this week." />
      ) : (
        groups.map(([project, list]) => (
          <div key={project} className="cad-suggestions__group">
            <h3>{project}</h3>
            <ul className="cad-suggestions__rows">
              {list.map((s) => (
                <SuggestionRow
                  key={s.id}
                  suggestion={s}
                  onAccept={onAccept}
                  onDismiss={onDismiss}
                />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  )
}

export type DraftSummaryPanelProps = {
  draft: DraftSummary | null
  loading: boolean
  error?: string | null
  /** The report's items by id, to show what each sentence rests on. */
  items: ReadonlyMap<number, string>
  onDraft: () => void
  /** Puts the draft into the report's summary (nothing is saved before). */
  onUse?: (summary: string) => void
}

/**
 * 'Draft summary': a first summary of the week whose every sentence shows the items it rests on;
 * the model's sentences that were dropped are listed with why. Nothing is saved until 'Use'.
 */
export function DraftSummaryPanel({
  draft,
  loading,
  error,
  items,
  onDraft,
  onUse,
}: DraftSummaryPanelProps) {
  const id = React.useId()
  return (
    <section className="cad-draft-summary" aria-labelledby={id}>
      <header className="cad-suggestions__head">
        <h2 id={id}>Draft summary</h2>
        <Button size="sm" onClick={onDraft} loading={loading} disabled={loading}>
          {draft ? 'Draft again' : 'Draft summary'}
        </Button>
      </header>
      {error ? (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      ) : null}
      {draft ? (
        <>
          <p className="cad-draft-summary__by">
            {draft.source === 'model'
              ? `Drafted by ${draft.model}; every sentence cites your items.`
              : 'Drafted from your completed items, health changes and flagged metrics (no model).'}
          </p>
          {draft.notice ? (
            <p className="cad-draft-summary__notice" role="status">
              {draft.notice}
            </p>
          ) : null}
          {draft.sentences.length === 0 ? (
            <EmptyState title="Nothing to summarise yet: complete an item or set a project's health." />
          ) : (
            <ol className="cad-draft-summary__sentences">
              {draft.sentences.map((s) => (
                <li key={`${s.text}|${s.item_ids.join(',')}`}>
                  <p>{s.text}</p>
                  {s.item_ids.length ? (
                    <ul className="cad-draft-summary__cites" aria-label="Rests on">
                      {s.item_ids.map((itemId) => (
                        <li key={itemId}>{items.get(itemId) ?? `Item ${itemId}`}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          {draft.dropped.length ? (
            <details className="cad-draft-summary__dropped">
              <summary>
                {draft.dropped.length === 1
                  ? '1 sentence left out'
                  : `${draft.dropped.length} sentences left out`}
              </summary>
              <ul>
                {draft.dropped.map((d) => (
                  <li key={`${d.text}|${d.reason}`}>
                    <q>{d.text}</q> — {d.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {onUse && draft.summary ? (
            <Button size="sm" variant="primary" onClick={() => onUse(draft.summary)}>
              Use as summary
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  )
}
