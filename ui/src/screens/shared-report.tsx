import { MessageCircleQuestion } from 'lucide-react'
import * as React from 'react'
import { ProjectHealthTable } from '../components/project-health'
import { Button } from '../primitives/button'
import { Field } from '../primitives/field'
import type { SectionType, SharedItem, SharedQuestion, SharedReport } from '../types'

/** The longest question a reader may send, and the longest name. */
export const QUESTION_MAX = 2000
export const ASKER_NAME_MAX = 100

const ICON: Record<SectionType, string> = { standard: '▤', tasks: '☑', followups: '↻' }

export type SharedReportViewProps = {
  data: SharedReport
  /** 'Nov 16 – Nov 22, 2026'. */
  weekRange: string
  /** 'Read — thanks': the reader's name. */
  onAcknowledge: (name: string) => Promise<void>
  /** A question on an item (`itemId`) or on the whole report (null). */
  onAsk: (question: { name: string; text: string; item_id: number | null }) => Promise<void>
  /** Whether this reader has acknowledged already (kept by the app for this browser). */
  acknowledged?: boolean
  formatDate: (iso: string) => string
}

function groups(items: SharedItem[]) {
  const byName = new Map<string | null, SharedItem[]>()
  for (const it of items) {
    const list = byName.get(it.project_name) ?? []
    list.push(it)
    byName.set(it.project_name, list)
  }
  return [...byName.entries()]
    .sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)))
    .map(([name, list]) => ({
      name,
      items: [...list].sort((a, b) => Number(a.is_completed) - Number(b.is_completed)),
    }))
}

/** Name and question, sent as one; the form stays filled when sending fails. */
function QuestionForm({
  label,
  onAsk,
  onDone,
}: {
  label: string
  onAsk: (name: string, text: string) => Promise<void>
  onDone?: () => void
}) {
  const id = React.useId()
  const [name, setName] = React.useState('')
  const [text, setText] = React.useState('')
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const [sent, setSent] = React.useState(false)
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setError('Your name is required')
    if (!text.trim()) return setError('A question is required')
    if (text.length > QUESTION_MAX) return setError(`At most ${QUESTION_MAX} characters`)
    setBusy(true)
    setError(null)
    try {
      await onAsk(name.trim(), text.trim())
      setText('')
      setSent(true)
      onDone?.()
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to send the question')
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="cad-shared__ask" onSubmit={submit} aria-label={label}>
      <Field label="Your name" htmlFor={`${id}-name`}>
        <input
          id={`${id}-name`}
          className="cad-input"
          value={name}
          maxLength={ASKER_NAME_MAX}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field label="Question" htmlFor={`${id}-text`} hint={`${text.length} / ${QUESTION_MAX}`}>
        <textarea
          id={`${id}-text`}
          className="cad-input cad-shared__textarea"
          value={text}
          rows={3}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      {error && (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      )}
      {sent && !error ? (
        <p className="cad-shared__sent" role="status">
          Sent. The author will see it with next week's follow-ups.
        </p>
      ) : null}
      <Button type="submit" variant="primary" loading={busy}>
        Send question
      </Button>
    </form>
  )
}

function Questions({ questions }: { questions: SharedQuestion[] }) {
  if (questions.length === 0) return null
  return (
    <ul className="cad-shared__questions">
      {questions.map((q) => (
        <li key={q.id}>
          <p className="cad-break">
            <strong>{q.name}</strong> asked: {q.text}
          </p>
          {q.answer ? (
            <p className="cad-shared__answer cad-break">
              <strong>Answer:</strong> {q.answer}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/**
 * `/r/<token>`: a report as its readers see it from a private link. The draft's content and the
 * project health table, nothing else of the author's account: no navigation, no other reports, no
 * e-mail addresses. Readers can say they have read it and ask questions on an item or the whole.
 */
export function SharedReportView(p: SharedReportViewProps) {
  const { report, questions } = p.data
  const [askingOn, setAskingOn] = React.useState<number | null>(null)
  const [name, setName] = React.useState('')
  const [ackBusy, setAckBusy] = React.useState(false)
  const [ackError, setAckError] = React.useState<string | null>(null)
  const [acknowledged, setAcknowledged] = React.useState(p.acknowledged ?? false)
  const byItem = (itemId: number | null) => questions.filter((q) => q.item_id === itemId)
  const H = report.title ? 'h3' : 'h2'
  const G = report.title ? 'h4' : 'h3'
  const acknowledge = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setAckError('Your name is required')
    setAckBusy(true)
    setAckError(null)
    try {
      await p.onAcknowledge(name.trim())
      setAcknowledged(true)
    } catch (err) {
      setAckError(err instanceof Error ? err.message : 'Failed to send')
    } finally {
      setAckBusy(false)
    }
  }
  return (
    <main className="cad-shared">
      <article className="cad-screen cad-draft">
        <h1>Weekly Report</h1>
        <p className="cad-screen__muted">{p.weekRange}</p>
        {report.title ? <h2>{report.title}</h2> : null}
        {report.summary ? <p>{report.summary}</p> : null}
        <ProjectHealthTable rows={report.project_health} headingLevel={report.title ? 3 : 2} />
        {report.sections.map((s) => {
          const check = s.section_type !== 'standard'
          return (
            <section key={s.id} className="cad-draft__section">
              <H className="cad-draft__heading">
                <span aria-hidden="true">{ICON[s.section_type]}</span> {s.section_name}
              </H>
              {check && s.content ? <p>{s.content}</p> : null}
              {s.items.length === 0 && !(check && s.content) ? (
                <p className="cad-screen__muted">None</p>
              ) : null}
              {groups(s.items).map((g) => (
                <div key={g.name ?? '-'}>
                  {g.name ? <G className="cad-draft__group">{g.name}</G> : null}
                  <ul className="cad-draft__items">
                    {g.items.map((it) => (
                      <li key={it.id} className={it.is_completed ? 'cad-draft__done' : undefined}>
                        <span aria-hidden="true">
                          {check ? (it.is_completed ? '☑' : '☐') : '•'}
                        </span>{' '}
                        <span className={it.is_completed ? 'cad-draft__strike' : undefined}>
                          {it.content}
                        </span>
                        {it.is_completed ? <span> ✓ Completed</span> : null}
                        {it.assignee_name ? <small> Assigned to {it.assignee_name}</small> : null}{' '}
                        <Button
                          variant="ghost"
                          size="sm"
                          className="cad-shared__ask-item cad-no-print"
                          aria-expanded={askingOn === it.id}
                          aria-label={`Ask about “${it.content}”`}
                          onClick={() => setAskingOn(askingOn === it.id ? null : it.id)}
                        >
                          <MessageCircleQuestion size={14} aria-hidden /> Ask
                        </Button>
                        <Questions questions={byItem(it.id)} />
                        {askingOn === it.id ? (
                          <QuestionForm
                            label={`Question about “${it.content}”`}
                            onAsk={(asker, text) => p.onAsk({ name: asker, text, item_id: it.id })}
                          />
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          )
        })}
        <p className="cad-screen__muted cad-draft__end">End of Report</p>
      </article>
      <section className="cad-card cad-shared__respond cad-no-print" aria-label="Respond">
        {acknowledged ? (
          <p role="status">Thanks: the author will see that you have read it.</p>
        ) : (
          <form className="cad-shared__ack" onSubmit={acknowledge} aria-labelledby="cad-shared-ack">
            <h2 id="cad-shared-ack" className="cad-shared__heading">
              Let the author know you have read it
            </h2>
            <Field label="Your name" htmlFor="cad-shared-ack-name">
              <input
                id="cad-shared-ack-name"
                className="cad-input"
                value={name}
                maxLength={ASKER_NAME_MAX}
                autoComplete="name"
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            <Button type="submit" loading={ackBusy}>
              Read — thanks
            </Button>
            {ackError && (
              <p className="cad-form__error" role="alert">
                {ackError}
              </p>
            )}
          </form>
        )}
        <h2 className="cad-shared__heading">Questions on the whole report</h2>
        <Questions questions={byItem(null)} />
        <QuestionForm
          label="Question on the whole report"
          onAsk={(asker, text) => p.onAsk({ name: asker, text, item_id: null })}
        />
      </section>
    </main>
  )
}

/** An expired, revoked or wrong link: says so plainly, and nothing else. */
export function LinkUnavailableView() {
  return (
    <main className="cad-screen-center">
      <h1 className="cad-screen__title">This link is no longer available</h1>
      <p className="cad-screen__muted">Ask the person who shared it for a new link.</p>
    </main>
  )
}
