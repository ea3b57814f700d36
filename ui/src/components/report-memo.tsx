import type { ReactNode } from 'react'
import { type AgeOptional, ageingLabel, showsAgeing } from '../lib/ageing'
import { formatShortWeekday } from '../lib/dates'
import type { ReportViewReport } from '../screens/report'
import type { Project, ReportChanges, SectionItem, SectionType, TeamMember } from '../types'
import { ProjectHealthTable } from './project-health'
import { SinceLastWeek } from './since-last-week'

type MemoItem = AgeOptional<SectionItem>

type ReportMemoProps = {
  report: ReportViewReport
  weekRange: string
  projects: Project[]
  members: TeamMember[]
  /** 'Since last week', with every list open; nothing is shown without it. */
  changes?: ReportChanges | null
}

const ICON: Record<SectionType, string> = { standard: '▤', tasks: '☑', followups: '↻' }

function groups(items: MemoItem[], projects: Project[]) {
  const byId = new Map<number | null, MemoItem[]>()
  for (const it of items) {
    const list = byId.get(it.project_id) ?? []
    list.push(it)
    byId.set(it.project_id, list)
  }
  const keys = [...byId.keys()].sort((a, b) => (a === null ? -1 : b === null ? 1 : 0))
  return keys.map((k) => ({
    name: k === null ? null : (projects.find((p) => p.id === k)?.name ?? 'Project'),
    items: [...(byId.get(k) ?? [])].sort((a, b) => Number(a.is_completed) - Number(b.is_completed)),
  }))
}

/**
 * The brief as readers get it: 'Weekly Report', the week, title and summary, project health,
 * 'Since last week', the sections with their items, 'End of Report'. The draft view and the
 * review step before Send draw it (a fragment: the caller gives the surrounding element).
 */
function ReportMemo(props: ReportMemoProps): ReactNode {
  const p = props
  const r = p.report
  return (
    <>
      <h1>Weekly Report</h1>
      <p className="cad-screen__muted">{p.weekRange}</p>
      {r.title ? <h2>{r.title}</h2> : null}
      {r.summary ? <p>{r.summary}</p> : null}
      {r.project_health?.length ? (
        <ProjectHealthTable
          rows={r.project_health}
          headingLevel={r.title ? 3 : 2}
          className="cad-draft__health"
        />
      ) : null}
      {p.changes ? (
        <SinceLastWeek
          changes={p.changes}
          variant="expanded"
          headingLevel={3}
          className="cad-draft__since"
        />
      ) : null}
      {(r.sections ?? []).map((s) => {
        const check = s.section_type !== 'standard'
        // Headings never skip a level: sections sit under the title when there is one.
        const H = r.title ? 'h3' : 'h2'
        const G = r.title ? 'h4' : 'h3'
        return (
          <section key={s.id} className="cad-draft__section">
            <H className="cad-draft__heading">
              <span aria-hidden="true">{ICON[s.section_type]}</span> {s.section_name}
            </H>
            {check && s.content ? <p>{s.content}</p> : null}
            {s.items.length === 0 && !(check && s.content) ? (
              <p className="cad-screen__muted">None</p>
            ) : null}
            {groups(s.items, p.projects).map((g) => (
              <div key={g.name ?? '-'}>
                {g.name ? <G className="cad-draft__group">{g.name}</G> : null}
                <ul className="cad-draft__items">
                  {g.items.map((it) => {
                    const who = p.members.find((m) => m.id === it.assigned_to_team_member_id)
                    return (
                      <li key={it.id} className={it.is_completed ? 'cad-draft__done' : undefined}>
                        <span aria-hidden="true">
                          {check ? (it.is_completed ? '☑' : '☐') : '•'}
                        </span>{' '}
                        <span className={it.is_completed ? 'cad-draft__strike' : undefined}>
                          {it.content}
                        </span>
                        {it.is_completed ? <span> ✓ Completed</span> : null}
                        {who ? <small> Assigned to {who.name}</small> : null}
                        {it.source_author_name ? (
                          <small> · from {it.source_author_name}'s report</small>
                        ) : null}
                        {who && it.is_completed && it.assignee_completed_at ? (
                          <small>
                            {' '}
                            · Completed by {who.name} ·{' '}
                            {formatShortWeekday(it.assignee_completed_at)}
                          </small>
                        ) : null}
                        {who && it.assignee_note ? (
                          <small className="cad-break">
                            {' '}
                            · {who.name}: {it.assignee_note}
                          </small>
                        ) : null}
                        {showsAgeing(it) && (it.open_weeks ?? 0) > 0 ? (
                          <small className="cad-draft__age">
                            {' '}
                            · {it.is_stalled ? 'Stalled, ' : ''}
                            {ageingLabel(it)}
                          </small>
                        ) : null}
                      </li>
                    )
                  })}
                </ul>
              </div>
            ))}
          </section>
        )
      })}
      <p className="cad-screen__muted cad-draft__end">End of Report</p>
    </>
  )
}

export type { ReportMemoProps }
export { ReportMemo }
