import { ChevronLeft, ChevronRight, Plus } from 'lucide-react'
import { Badge } from '../components/badge'
import { Button } from '../components/button'
import { Card } from '../components/card'
import { EmptyState } from '../components/empty-state'
import { ProjectHealthTable } from '../components/project-health'
import { Skeleton } from '../components/skeleton'
import type { TeamUpdate, TeamUpdateSection } from '../types'

export type TeamUpdatesViewProps = {
  /** 'Week of Nov 23, 2026'. */
  weekLabel: string
  onPrevWeek: () => void
  onNextWeek: () => void
  /** null while loading. */
  updates: readonly TeamUpdate[] | null
  /** Copies one item of a teammate's report into my report of this week. */
  onPullItem: (itemId: number) => void
  /** Copies a section's items not pulled yet. */
  onPullSection: (sectionId: number, itemIds: number[]) => void
  formatDate: (iso: string) => string
}

function SectionOf({
  section,
  onPullItem,
  onPullSection,
}: {
  section: TeamUpdateSection
} & Pick<TeamUpdatesViewProps, 'onPullItem' | 'onPullSection'>) {
  const open = section.items.filter((i) => !i.pulled).map((i) => i.id)
  const check = section.section_type !== 'standard'
  return (
    <section className="cad-updates__section">
      <div className="cad-updates__section-head">
        <h4 className="cad-updates__section-name">{section.section_name}</h4>
        {open.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onPullSection(section.id, open)}
            aria-label={`Add section to my report: ${section.section_name}`}
          >
            <Plus size={14} aria-hidden /> Add section to my report
          </Button>
        ) : null}
      </div>
      {section.content ? <p className="cad-break">{section.content}</p> : null}
      {section.items.length === 0 && !section.content ? (
        <p className="cad-screen__muted">None</p>
      ) : (
        <ul className="cad-updates__items">
          {section.items.map((item) => (
            <li key={item.id} className="cad-updates__item">
              <span aria-hidden="true" className="cad-updates__mark">
                {check ? (item.is_completed ? '☑' : '☐') : '•'}
              </span>
              <span
                className={
                  item.is_completed ? 'cad-updates__text cad-draft__strike' : 'cad-updates__text'
                }
              >
                {item.content}
                {item.is_completed && check ? (
                  <span className="cad-sr-only"> (completed)</span>
                ) : null}
              </span>
              {item.project_name ? <Badge tone="accent">{item.project_name}</Badge> : null}
              {item.pulled ? (
                <span className="cad-updates__pulled">In your report</span>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onPullItem(item.id)}
                  // Visible words first: speech users say what they see (WCAG 2.5.3).
                  aria-label={`Add to my report: ${item.content}`}
                >
                  <Plus size={14} aria-hidden /> Add to my report
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
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
          <Button variant="ghost" size="sm" onClick={p.onPrevWeek} aria-label="Previous week">
            <ChevronLeft size={16} aria-hidden />
          </Button>
          <span className="cad-updates__week-label">{p.weekLabel}</span>
          <Button variant="ghost" size="sm" onClick={p.onNextWeek} aria-label="Next week">
            <ChevronRight size={16} aria-hidden />
          </Button>
        </div>
      </div>
      {updates === null ? (
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
          {sent.map((u) => {
            const r = u.report
            if (!r) return null
            return (
              <Card key={u.team_member_uuid} className="cad-updates__report">
                <article aria-label={`${u.name}'s report`}>
                  <header className="cad-updates__report-head">
                    <h2 className="cad-updates__who">{u.name}'s report</h2>
                    <span className="cad-screen__muted">
                      {u.title ? `${u.title} · ` : ''}
                      {r.sent_date ? `Sent ${p.formatDate(r.sent_date)}` : 'Sent'}
                    </span>
                  </header>
                  {r.title ? <h3 className="cad-updates__title cad-break">{r.title}</h3> : null}
                  {r.summary ? <p className="cad-break">{r.summary}</p> : null}
                  <ProjectHealthTable rows={r.project_health} headingLevel={3} />
                  {r.sections.map((s) => (
                    <SectionOf
                      key={s.id}
                      section={s}
                      onPullItem={p.onPullItem}
                      onPullSection={p.onPullSection}
                    />
                  ))}
                </article>
              </Card>
            )
          })}
        </>
      )}
    </div>
  )
}
