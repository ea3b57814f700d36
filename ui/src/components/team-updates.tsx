import {
  ChevronLeft as LucideChevronLeft,
  ChevronRight as LucideChevronRight,
  Plus as LucidePlus,
} from 'lucide-react'
import { Badge } from '../primitives/badge'
import { Button } from '../primitives/button'
import { Card } from '../primitives/card'
import { icon } from '../primitives/icon'
import { Link } from '../primitives/link'
import { Skeleton } from '../primitives/skeleton'
import type { TeamUpdate, TeamUpdateSection } from '../types'
import { ProjectHealthTable } from './project-health'

const ChevronLeft = /* @__PURE__ */ icon(LucideChevronLeft)
const ChevronRight = /* @__PURE__ */ icon(LucideChevronRight)
const Plus = /* @__PURE__ */ icon(LucidePlus)

// Team roll-up: a teammate's sent report, read-only, as Team updates and a
// linked member's page show it. Apart from team-roll-up.tsx so the dashboard does not load it.

type TeamUpdateReportProps = {
  update: TeamUpdate
  /** Copies one item of the teammate's report into my report of that week. */
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
} & Pick<TeamUpdateReportProps, 'onPullItem' | 'onPullSection'>) {
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

/** One teammate's sent report, read-only, each item one click from my own report. */
function TeamUpdateCard({
  update: u,
  onPullItem,
  onPullSection,
  formatDate,
}: TeamUpdateReportProps) {
  const r = u.report
  if (!r) return null
  return (
    <Card className="cad-updates__report">
      <article aria-label={`${u.name}'s report`}>
        <header className="cad-updates__report-head">
          <h2 className="cad-updates__who">{u.name}'s report</h2>
          <span className="cad-screen__muted">
            {u.title ? `${u.title} · ` : ''}
            {r.sent_date ? `Sent ${formatDate(r.sent_date)}` : 'Sent'}
          </span>
        </header>
        {r.title ? <h3 className="cad-updates__title cad-break">{r.title}</h3> : null}
        {r.summary ? <p className="cad-break">{r.summary}</p> : null}
        <ProjectHealthTable rows={r.project_health} headingLevel={3} />
        {r.sections.map((s) => (
          <SectionOf key={s.id} section={s} onPullItem={onPullItem} onPullSection={onPullSection} />
        ))}
      </article>
    </Card>
  )
}

type MemberUpdatesProps = Omit<TeamUpdateReportProps, 'update'> & {
  name: string
  /** 'Week of Nov 23, 2026'. */
  weekLabel: string
  onPrevWeek: () => void
  onNextWeek: () => void
  /** The member's entry of that week's team updates; null while loading. */
  update: TeamUpdate | null
  /** Team updates at this week, to see the whole team. */
  teamUpdatesHref?: string
}

/** Previous week, the week shown, next week (Team updates and a member's sent reports). */
function WeekStepper({
  label,
  onPrev,
  onNext,
}: {
  label: string
  onPrev: () => void
  onNext: () => void
}) {
  return (
    <>
      <Button variant="ghost" size="sm" onClick={onPrev} aria-label="Previous week">
        <ChevronLeft size={16} aria-hidden />
      </Button>
      <span className="cad-updates__week-label">{label}</span>
      <Button variant="ghost" size="sm" onClick={onNext} aria-label="Next week">
        <ChevronRight size={16} aria-hidden />
      </Button>
    </>
  )
}

/**
 * On a linked member's page: their sent report week by week (never a draft), as in Team updates.
 */
function MemberUpdates(p: MemberUpdatesProps) {
  return (
    <section className="cad-member-updates" aria-label={`${p.name}'s reports`}>
      <div className="cad-screen__inline cad-member-updates__head">
        <WeekStepper label={p.weekLabel} onPrev={p.onPrevWeek} onNext={p.onNextWeek} />
        {p.teamUpdatesHref ? (
          <Link href={p.teamUpdatesHref} className="cad-member-updates__all">
            All team updates
          </Link>
        ) : null}
      </div>
      {p.update === null ? (
        <div aria-busy="true">
          <span className="cad-sr-only">Loading</span>
          <Skeleton height={160} />
        </div>
      ) : p.update.report ? (
        <TeamUpdateCard
          update={p.update}
          onPullItem={p.onPullItem}
          onPullSection={p.onPullSection}
          formatDate={p.formatDate}
        />
      ) : (
        <p className="cad-screen__muted">{p.name} has not sent a report for this week.</p>
      )}
    </section>
  )
}

export { MemberUpdates, TeamUpdateCard, WeekStepper }
