import { MessageCircleQuestion as LucideMessageCircleQuestion } from 'lucide-react'
import * as React from 'react'
import { Badge } from '../primitives/badge'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'
import { Textarea } from '../primitives/input'
import type { ReaderQuestion } from '../types'

const MessageCircleQuestion = /* @__PURE__ */ icon(LucideMessageCircleQuestion)

/** The longest answer (the server's limit). */
export const ANSWER_MAX = 2000

type ReaderQuestionsProps = {
  /** This report's questions from readers of its private links, newest first. */
  questions: ReaderQuestion[]
  /** Saves the answer (shown to readers under the question); null takes it back. */
  onAnswer: (id: number, answer: string | null) => Promise<void>
  formatDate: (iso: string) => string
}

function QuestionRow({
  q,
  onAnswer,
  formatDate,
}: {
  q: ReaderQuestion
  onAnswer: ReaderQuestionsProps['onAnswer']
  formatDate: ReaderQuestionsProps['formatDate']
}) {
  const id = React.useId()
  const [editing, setEditing] = React.useState(!q.answer)
  const [text, setText] = React.useState(q.answer ?? '')
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  React.useEffect(() => {
    setText(q.answer ?? '')
    setEditing(!q.answer)
  }, [q.answer])
  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (text.length > ANSWER_MAX) return setError(`At most ${ANSWER_MAX} characters`)
    setBusy(true)
    setError(null)
    try {
      await onAnswer(q.id, text.trim() || null)
    } catch (err) {
      setError(`Failed to save the answer: ${err instanceof Error ? err.message : 'Unknown error'}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className="cad-questions__item" data-new={q.seen_at ? undefined : 'true'}>
      <p className="cad-questions__who">
        <strong>{q.name}</strong> asked{' '}
        {q.item_content ? (
          <>
            about <q className="cad-break">{q.item_content}</q>
          </>
        ) : (
          'about the whole report'
        )}{' '}
        · {formatDate(q.created_at)}
        {q.seen_at ? null : <Badge tone="accent">New</Badge>}
      </p>
      <p className="cad-questions__text cad-break">{q.text}</p>
      {editing ? (
        <form className="cad-questions__answer" onSubmit={save}>
          <label className="cad-field__label" htmlFor={`${id}-answer`}>
            Your answer (readers of the link see it)
          </label>
          <Textarea
            id={`${id}-answer`}
            value={text}
            rows={2}
            aria-invalid={text.length > ANSWER_MAX || undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {error ? (
            <p className="cad-form__error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="cad-screen__actions">
            <Button type="submit" size="sm" variant="primary" loading={busy}>
              Save answer
            </Button>
            {q.answer ? (
              <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      ) : (
        <p className="cad-questions__given">
          <span className="cad-break">
            <strong>Your answer:</strong> {q.answer}
          </span>{' '}
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            Edit
          </Button>
        </p>
      )}
    </li>
  )
}

/**
 * On the report page: what readers of its private links asked, each with the author's answer
 * (readers see it under their question). Nothing when there are none.
 */
function ReaderQuestions({ questions, onAnswer, formatDate }: ReaderQuestionsProps) {
  const id = React.useId()
  if (questions.length === 0) return null
  const fresh = questions.filter((q) => !q.seen_at).length
  return (
    // id: `/reports/{uuid}#questions` (a search result) brings it into view.
    <section id="questions" className="cad-card cad-questions" aria-labelledby={id}>
      <h2 id={id} className="cad-questions__title">
        <MessageCircleQuestion size={16} aria-hidden /> Questions from readers
        {fresh ? <Badge tone="accent">{fresh} new</Badge> : null}
      </h2>
      <ul className="cad-questions__list">
        {questions.map((q) => (
          <QuestionRow key={q.id} q={q} onAnswer={onAnswer} formatDate={formatDate} />
        ))}
      </ul>
    </section>
  )
}

export type { ReaderQuestionsProps }
export { ReaderQuestions }
