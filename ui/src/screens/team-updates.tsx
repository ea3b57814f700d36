import { TeamUpdateCard, WeekStepper } from '../components/team-updates'
import { EmptyState } from '../primitives/empty-state'
import { Skeleton } from '../primitives/skeleton'
import type { TeamUpdate } from '../types'

export type TeamUpdatesViewProps = {
  /** 'Week of Nov 23, 2026'. */
  weekLabel: string
  onPrevWeek: () => void
  onNextWeek: () => void
  /** null while loading (or when it could not be read: `error`). */
  updates: readonly TeamUpdate[] | null
  /** Why this week could not be read (offline, server out of reach), in words; else null. */
  error?: string | null
  /** Copies one item of a teammate's report into my report of this week. */
  onPullItem: (itemId: number) => void
  /** Copies a section's items not pulled yet. */
  onPullSection: (sectionId: number, itemIds: number[]) => void
  formatDate: (iso: string) => string
}

/**
 * `/team-updates`: the week's sent reports of the team members who joined Cadence, read-only,
 * each item one click from the executive's own report ('from Tom's report'). Drafts never show.
 */
export function TeamUpdatesView(p: TeamUpdatesViewProps) {
  const updates = p.updates
  const sent = updates?.filter((u) => u.report) ?? []
  const waiting = updates?.filter((u) => !u.report) ?? []
  return (
    <div className="cad-screen cad-updates">
      <div className="cad-screen__head">
        <div>
          <h1 className="cad-screen__title">Team updates</h1>
          <p className="cad-screen__muted">
            The reports your team sent. Add what matters to your own report.
          </p>
        </div>
        <div className="cad-screen__inline cad-updates__week">
          <WeekStepper label={p.weekLabel} onPrev={p.onPrevWeek} onNext={p.onNextWeek} />
        </div>
      </div>
      {updates === null && p.error ? (
        <p className="cad-screen__block cad-screen__muted" role="status">
          This week's updates could not be loaded. {p.error}
        </p>
      ) : updates === null ? (
        <div className="cad-screen__block" aria-busy="true">
          <span className="cad-sr-only">Loading team updates</span>
          <Skeleton height={24} width="40%" />
          <Skeleton height={160} />
          <Skeleton height={160} />
        </div>
      ) : updates.length === 0 ? (
        <EmptyState
          title="No one on your team has joined Cadence yet."
          description="Invite them from their page under Team."
        />
      ) : (
        <>
          <div className="cad-updates__summary">
            <strong className="cad-screen__num">
              Sent: {sent.length} of {updates.length}
            </strong>
            {waiting.length > 0 ? (
              <span className="cad-screen__muted">
                Not sent yet: {waiting.map((u) => u.name).join(', ')}
              </span>
            ) : (
              <span className="cad-screen__muted">Everyone has sent.</span>
            )}
          </div>
          {sent.map((u) => (
            <TeamUpdateCard
              key={u.team_member_uuid}
              update={u}
              onPullItem={p.onPullItem}
              onPullSection={p.onPullSection}
              formatDate={p.formatDate}
            />
          ))}
        </>
      )}
    </div>
  )
}
