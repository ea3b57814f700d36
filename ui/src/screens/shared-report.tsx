import {
  CircleCheck as LucideCircleCheck,
  MessageCircleQuestion as LucideMessageCircleQuestion,
} from 'lucide-react'
import * as React from 'react'
import { type AskAnswering, AskAnsweringContext } from '../components/asks'
import { type MemoItem, type MemoWeekDays, ReportMemo } from '../components/report-memo'
import { Button } from '../primitives/button'
import { Field } from '../primitives/field'
import { icon } from '../primitives/icon'
import type { SharedQuestion, SharedReport } from '../types'
import { briefChanges } from './edition'

const CircleCheck = /* @__PURE__ */ icon(LucideCircleCheck)
const MessageCircleQuestion = /* @__PURE__ */ icon(LucideMessageCircleQuestion)

/** The longest question a reader may send, and the longest name. */
export const QUESTION_MAX = 2000
export const ASKER_NAME_MAX = 100

export type SharedReportViewProps = {
  data: SharedReport
  /**
   * The author's week days: the header's range ('Nov 23 – Nov 27, 2026'). Without it, the days the
   * brief carries; Monday–Friday for a brief frozen before it carried them.
   */
  weekDays?: MemoWeekDays | null
  /** 'Read — thanks': the reader's name. */
  onAcknowledge: (name: string) => Promise<void>
  /** A question on an item (`itemId`) or on the whole report (null). */
  onAsk: (question: { name: string; text: string; item_id: number | null }) => Promise<void>
  /** Whether this reader has acknowledged already (kept by the app for this browser). */
  acknowledged?: boolean
  /** The name this browser's reader gave before (kept by the app); asked once, then reused. */
  readerName?: string | null
  /** A name the reader gave: the app keeps it for the next acknowledgement or question. */
  onReaderName?: (name: string) => void
  /** Asks: a reader's answer to one of the brief's asks (the ask block's buttons show with it). */
  onAnswerAsk?: AskAnswering['onAnswer']
}

/** The reader's name: asked once, then shown with a way to change it. */
function NameField({
  id,
  name,
  known,
  onChange,
}: {
  id: string
  name: string
  known: boolean
  onChange: (name: string) => void
}) {
  const [editing, setEditing] = React.useState(!known)
  if (!editing)
    return (
      <p className="cad-shared__as">
        As <strong className="cad-break">{name}</strong>{' '}
        <Button type="button" variant="link" size="sm" onClick={() => setEditing(true)}>
          Change name
        </Button>
      </p>
    )
  return (
    <Field label="Your name" htmlFor={id}>
      <input
        id={id}
        className="cad-input"
        value={name}
        maxLength={ASKER_NAME_MAX}
        autoComplete="name"
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  )
}

/** Name (once) and question, sent as one; the form stays filled when sending fails. */
function QuestionForm({
  label,
  readerName,
  personal,
  onAsk,
  onCancel,
}: {
  label: string
  readerName: string
  personal: boolean
  onAsk: (name: string, text: string) => Promise<void>
  onCancel?: () => void
}) {
  const id = React.useId()
  const [name, setName] = React.useState(readerName)
  const [text, setText] = React.useState('')
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const [sent, setSent] = React.useState(false)
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!personal && !name.trim()) return setError('Your name is required')
    if (!text.trim()) return setError('A question is required')
    if (text.length > QUESTION_MAX) return setError(`At most ${QUESTION_MAX} characters`)
    setBusy(true)
    setError(null)
    try {
      await onAsk(name.trim(), text.trim())
      setText('')
      setSent(true)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to send the question')
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="cad-shared__ask cad-no-print" onSubmit={submit} aria-label={label}>
      {personal ? null : (
        <NameField id={`${id}-name`} name={name} known={Boolean(readerName)} onChange={setName} />
      )}
      <Field label="Question" htmlFor={`${id}-text`} hint={`${text.length} / ${QUESTION_MAX}`}>
        <textarea
          id={`${id}-text`}
          className="cad-input cad-shared__textarea"
          value={text}
          rows={3}
          autoFocus
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onCancel?.()
          }}
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
      <div className="cad-shared__actions">
        <Button type="submit" variant="primary" loading={busy}>
          Send question
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {sent ? 'Close' : 'Cancel'}
          </Button>
        ) : null}
      </div>
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
 * 'Read — thanks': one button. The first time it asks the reader's name (then remembered by the
 * app); afterwards one press says it.
 */
function Acknowledge({
  readerName,
  personal,
  acknowledged,
  onAcknowledge,
}: {
  readerName: string
  personal: boolean
  acknowledged: boolean
  onAcknowledge: (name: string) => Promise<void>
}) {
  const [naming, setNaming] = React.useState(false)
  const [name, setName] = React.useState(readerName)
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const [done, setDone] = React.useState(acknowledged)
  React.useEffect(() => setDone(acknowledged), [acknowledged])
  const send = async (who: string) => {
    if (!personal && !who.trim()) return setError('Your name is required')
    setBusy(true)
    setError(null)
    try {
      await onAcknowledge(who.trim())
      setDone(true)
      setNaming(false)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to send')
    } finally {
      setBusy(false)
    }
  }
  if (done)
    return (
      <p className="cad-shared__thanks" role="status">
        <CircleCheck size={16} aria-hidden /> Thanks: the author will see that you have read it.
      </p>
    )
  if (naming)
    return (
      <form
        className="cad-shared__ack"
        aria-label="Read — thanks"
        onSubmit={(e) => {
          e.preventDefault()
          void send(name)
        }}
      >
        <Field label="Your name" htmlFor="cad-shared-ack-name">
          <input
            id="cad-shared-ack-name"
            className="cad-input"
            value={name}
            maxLength={ASKER_NAME_MAX}
            autoComplete="name"
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setNaming(false)
            }}
          />
        </Field>
        <Button type="submit" variant="primary" loading={busy}>
          Send
        </Button>
        {error && (
          <p className="cad-form__error" role="alert">
            {error}
          </p>
        )}
      </form>
    )
  return (
    <>
      <Button
        variant="primary"
        loading={busy}
        onClick={() => (personal || readerName ? void send(readerName) : setNaming(true))}
      >
        Read — thanks
      </Button>
      {error && (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}

/** An item's Ask button (shown on hover and focus), its questions so far and the question form. */
function ItemQuestions({
  item,
  questions,
  asking,
  readerName,
  personal,
  onAsking,
  onAsk,
}: {
  item: MemoItem
  questions: SharedQuestion[]
  asking: boolean
  readerName: string
  personal: boolean
  onAsking: (asking: boolean) => void
  onAsk: (name: string, text: string) => Promise<void>
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="cad-shared__ask-item cad-no-print"
        aria-expanded={asking}
        aria-label={`Ask about “${item.content}”`}
        title="Ask a question about this"
        onClick={() => onAsking(!asking)}
      >
        <MessageCircleQuestion size={14} aria-hidden />
      </Button>
      <Questions questions={questions} />
      {asking ? (
        <QuestionForm
          label={`Question about “${item.content}”`}
          readerName={readerName}
          personal={personal}
          onAsk={onAsk}
          onCancel={() => onAsking(false)}
        />
      ) : null}
    </>
  )
}

/** The reader's row under the memo: 'Read — thanks' and a question on the whole report. */
function RespondBar({
  readerName,
  personal,
  acknowledged,
  onAcknowledge,
  onAsk,
}: {
  readerName: string
  personal: boolean
  acknowledged: boolean
  onAcknowledge: (name: string) => Promise<void>
  onAsk: (name: string, text: string) => Promise<void>
}) {
  const [askingWhole, setAskingWhole] = React.useState(false)
  return (
    <section className="cad-shared__bar cad-no-print" aria-label="Respond">
      {askingWhole ? (
        <QuestionForm
          label="Question on the whole report"
          readerName={readerName}
          personal={personal}
          onAsk={onAsk}
          onCancel={() => setAskingWhole(false)}
        />
      ) : null}
      <div className="cad-shared__bar-row">
        <Acknowledge
          readerName={readerName}
          personal={personal}
          acknowledged={acknowledged}
          onAcknowledge={onAcknowledge}
        />
        {askingWhole ? null : (
          <Button onClick={() => setAskingWhole(true)}>
            <MessageCircleQuestion size={16} aria-hidden /> Ask a question
          </Button>
        )}
      </div>
    </section>
  )
}

/**
 * `/r/<token>`: the brief as a memo from someone — the same memo the author prints — and nothing
 * else of the author's account: no navigation, no other reports, no e-mail addresses. Readers ask
 * about an item (its Ask shows on hover and focus), ask about the whole brief, and say 'Read —
 * thanks' with one button.
 */
export function SharedReportView(p: SharedReportViewProps) {
  const { report, questions } = p.data
  const [askingOn, setAskingOn] = React.useState<number | null>(null)
  const [localName, setLocalName] = React.useState<string | null>(null)
  const readerName = localName ?? p.readerName ?? ''
  // A recipient's own link from the e-mail: the server knows who reads it, so no name is asked.
  const personal = Boolean(p.data.personal)
  const remember = (name: string) => {
    if (!name) return
    setLocalName(name)
    p.onReaderName?.(name)
  }
  const byItem = (itemId: number | null) => questions.filter((q) => q.item_id === itemId)
  const whole = byItem(null)
  const answering: AskAnswering | null = p.onAnswerAsk
    ? {
        answers: p.data.ask_answers ?? [],
        readerName,
        personal,
        onAnswer: p.onAnswerAsk,
        onReaderName: remember,
      }
    : null
  const ask = (item_id: number | null) => async (name: string, text: string) => {
    await p.onAsk({ name, text, item_id })
    remember(name)
  }
  const itemExtra = (it: MemoItem) => (
    <ItemQuestions
      item={it}
      questions={byItem(it.id)}
      asking={askingOn === it.id}
      readerName={readerName}
      personal={personal}
      onAsking={(on) => setAskingOn(on ? it.id : null)}
      onAsk={ask(it.id)}
    />
  )
  return (
    <main className="cad-shared">
      <article className="cad-screen cad-draft cad-shared__memo">
        <AskAnsweringContext.Provider value={answering}>
          <ReportMemo
            brief={report}
            weekDays={p.weekDays ?? report.week_days}
            confidentiality={report.confidentiality_line}
            edition={p.data.edition}
            changes={briefChanges(report.since_last_week)}
            itemExtra={itemExtra}
          >
            {whole.length ? (
              <section className="cad-shared__whole" aria-labelledby="cad-shared-whole">
                <h2 id="cad-shared-whole" className="cad-shared__heading">
                  Questions on the whole report
                </h2>
                <Questions questions={whole} />
              </section>
            ) : null}
          </ReportMemo>
        </AskAnsweringContext.Provider>
        <RespondBar
          readerName={readerName}
          personal={personal}
          acknowledged={p.acknowledged ?? false}
          onAcknowledge={async (name) => {
            await p.onAcknowledge(name)
            remember(name)
          }}
          onAsk={ask(null)}
        />
      </article>
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
