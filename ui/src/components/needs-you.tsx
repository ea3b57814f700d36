import { paths } from '@cadence/core/paths'
import type * as React from 'react'
import { formatDate, formatShortWeekday } from '../lib/dates'
import { Avatar } from '../primitives/avatar'
import { Button } from '../primitives/button'
import { Card, CardContent, CardHeader, CardTitle } from '../primitives/card'
import { Link } from '../primitives/link'
import type { NeedsYou as NeedsYouData } from '../types'
import { AgeChip } from './age-chip'
import { HealthBadge, HealthTrend, healthLabel } from './project-health'

// 'Needs you' (docs/features.md, "Dashboard"): what needs the executive today, each entry by name
// with a link to the place to act; an entry leaves once acted on (the server stops listing it).

export type NeedsYouPanelProps = {
  data: NeedsYouData
  /** Today, 'YYYY-MM-DD' (local): says "due today" or "overdue" of the report. */
  today: string
  /** No report this week yet: creates it. */
  onCreateReport?: () => void
  /** Marks readers' answers seen (opening one does too). */
  onAnswersSeen?: (ids: number[]) => void
  /** Dismisses a reader's question without an answer. */
  onDismissQuestion?: (id: number) => void
}

/** Nothing needs her: the empty answer (stories and tests start from it). */
export const NO_NEEDS_YOU: NeedsYouData = {
  projects: [],
  stalled: [],
  questions: [],
  answers: [],
  revisits: [],
  mismatches: [],
  unsent: null,
}

const ANSWER_VERB = { approve: 'approved', decline: 'declined', comment: 'commented on' } as const

/** The count of entries the panel lists (the stalled items each count). */
export function needsYouCount(data: NeedsYouData): number {
  return (
    data.projects.length +
    data.mismatches.length +
    data.questions.length +
    data.answers.length +
    data.revisits.length +
    data.stalled.reduce((n, g) => n + g.items.length, 0) +
    (data.unsent ? 1 : 0)
  )
}

function dueWords(due: string, today: string) {
  const day = `${formatShortWeekday(due)}, ${formatDate(due).replace(/, \d{4}$/, '')}`
  if (due === today) return `due today (${day})`
  return due < today ? `was due ${day}` : `due ${day}`
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <li className="cad-needs__group">
      <h3 className="cad-needs__group-title">{title}</h3>
      <ul className="cad-needs__entries">{children}</ul>
    </li>
  )
}

export function NeedsYouPanel({
  data,
  today,
  onCreateReport,
  onAnswersSeen,
  onDismissQuestion,
}: NeedsYouPanelProps) {
  const count = needsYouCount(data)
  return (
    <Card data-slot="needs-you" aria-labelledby="needs-you-title" role="region">
      <CardHeader>
        <CardTitle as="h2" id="needs-you-title">
          Needs you{count ? <span className="cad-needs__count cad-tabular">{count}</span> : null}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {count === 0 ? (
          <p className="cad-screen__muted">Nothing needs you today.</p>
        ) : (
          <ul className="cad-needs">
            {data.unsent ? (
              <Group title="This week's report">
                <li className="cad-needs__entry" data-kind="unsent">
                  <span>
                    Not sent — {dueWords(data.unsent.due_date, today)}.{' '}
                    {data.unsent.report_uuid ? (
                      <Link href={paths.report(data.unsent.report_uuid)}>Open the report</Link>
                    ) : onCreateReport ? (
                      <Button size="sm" variant="link" onClick={onCreateReport}>
                        Start the report
                      </Button>
                    ) : null}
                  </span>
                </li>
              </Group>
            ) : null}
            {data.projects.length ? (
              <Group title="Projects off track or at risk">
                {data.projects.map((p) => (
                  <li key={p.project_uuid} className="cad-needs__entry" data-kind="project">
                    <HealthBadge health={p.health} />
                    <span className="cad-needs__grow">
                      <Link href={paths.project(p.project_uuid)}>{p.project_name}</Link>
                      {p.note ? <span className="cad-screen__muted"> — {p.note}</span> : null}
                    </span>
                    {p.trend.length < 2 ? null : <HealthTrend trend={p.trend} />}
                  </li>
                ))}
              </Group>
            ) : null}
            {data.mismatches.length ? (
              <Group title="Your team sees it differently">
                {data.mismatches.map((m) => (
                  <li key={m.project_uuid} className="cad-needs__entry" data-kind="mismatch">
                    <span className="cad-needs__grow">
                      {m.signals.map((s) => (
                        <span key={s.team_member_name} className="cad-needs__line">
                          {s.team_member_name} calls <strong>{m.project_name}</strong>{' '}
                          {healthLabel(s.health)}
                          {s.note ? ` — “${s.note}”` : ''}; you say {healthLabel(m.health)}.
                        </span>
                      ))}
                    </span>
                    <Link href={paths.report(m.report_uuid)}>Review the health</Link>
                  </li>
                ))}
              </Group>
            ) : null}
            {data.questions.length ? (
              <Group title="Readers' questions">
                {data.questions.map((q) => (
                  <li key={q.id} className="cad-needs__entry" data-kind="question">
                    <span className="cad-needs__grow">
                      {q.name} asks “{q.text}”
                      {q.item_content ? (
                        <span className="cad-screen__muted"> on “{q.item_content}”</span>
                      ) : null}
                    </span>
                    <Link href={paths.report(q.report_uuid)}>Answer</Link>
                    {onDismissQuestion ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Dismiss ${q.name}'s question`}
                        onClick={() => onDismissQuestion(q.id)}
                      >
                        Dismiss
                      </Button>
                    ) : null}
                  </li>
                ))}
              </Group>
            ) : null}
            {data.answers.length ? (
              <Group title="Answers to your asks">
                {data.answers.map((a) => (
                  <li key={a.id} className="cad-needs__entry" data-kind="answer">
                    <span className="cad-needs__grow">
                      {a.name} {ANSWER_VERB[a.answer]} “{a.ask}”
                      {a.text ? <span className="cad-screen__muted"> — {a.text}</span> : null}
                    </span>
                    <Link
                      href={paths.report(a.report_uuid)}
                      onClick={() => onAnswersSeen?.([a.id])}
                    >
                      Open
                    </Link>
                    {onAnswersSeen ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Mark ${a.name}'s answer seen`}
                        onClick={() => onAnswersSeen([a.id])}
                      >
                        Seen
                      </Button>
                    ) : null}
                  </li>
                ))}
              </Group>
            ) : null}
            {data.revisits.length ? (
              <Group title="Decisions to revisit this week">
                {data.revisits.map((d) => (
                  <li key={d.decision_id} className="cad-needs__entry" data-kind="revisit">
                    <span className="cad-needs__grow">
                      <Link href={paths.decisions(d.title)}>{d.title}</Link>
                      <span className="cad-screen__muted">
                        {d.project_name ? ` · ${d.project_name}` : ''} · revisit{' '}
                        {d.revisit_on < today ? 'was due' : 'due'} {formatDate(d.revisit_on)}
                      </span>
                    </span>
                  </li>
                ))}
              </Group>
            ) : null}
            {data.stalled.length ? (
              <Group title="Stalled">
                {data.stalled.map((g) => (
                  <li
                    key={g.team_member_uuid ?? 'you'}
                    className="cad-needs__entry cad-needs__entry--person"
                    data-kind="stalled"
                  >
                    <span className="cad-dash__person">
                      <Avatar name={g.name ?? 'You'} />
                      {g.team_member_uuid ? (
                        <Link href={paths.teamMember(g.team_member_uuid)}>{g.name}</Link>
                      ) : (
                        <span>Yours</span>
                      )}
                    </span>
                    <ul className="cad-needs__items">
                      {g.items.map((it) => (
                        <li key={it.id} className="cad-needs__item">
                          <Link href={paths.report(it.report_uuid)}>{it.content}</Link>
                          <AgeChip weeks={it.open_weeks} stalled />
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </Group>
            ) : null}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
