import {
  Check as LucideCheck,
  Hand as LucideHand,
  MessageSquare as LucideMessageSquare,
  Scale as LucideScale,
  X as LucideX,
} from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { Badge } from '../primitives/badge'
import { Button } from '../primitives/button'
import { Field } from '../primitives/field'
import { icon } from '../primitives/icon'
import type { AskAnswer, AskAnswerKind, BriefAsk, ReportAsk } from '../types'

const Check = /* @__PURE__ */ icon(LucideCheck)
const Hand = /* @__PURE__ */ icon(LucideHand)
const MessageSquare = /* @__PURE__ */ icon(LucideMessageSquare)
const Scale = /* @__PURE__ */ icon(LucideScale)
const X = /* @__PURE__ */ icon(LucideX)

/** The longest comment and name a reader may send (the server's limits). */
export const ASK_TEXT_MAX = 2000
export const ASK_NAME_MAX = 100

/** How each answer reads: a word and an icon, never colour alone. */
const KIND: Record<AskAnswerKind, { verb: string; Icon: typeof Check }> = {
  approve: { verb: 'approved', Icon: Check },
  decline: { verb: 'declined', Icon: X },
  comment: { verb: 'commented', Icon: MessageSquare },
}

/**
 * The shared page's way to answer the brief's asks (given by the page around the memo): the
 * link's own answers so far, the reader's remembered name, and the send.
 */
export type AskAnswering = {
  answers: AskAnswer[]
  readerName: string
  /** A recipient's personal link: the server knows the reader, so no name is asked. */
  personal?: boolean
  onAnswer: (answer: {
    item_id: number
    name: string
    answer: AskAnswerKind
    text: string | null
  }) => Promise<void>
  /** A name the reader gave: kept for the next answer, question or acknowledgement. */
  onReaderName?: (name: string) => void
}

/** Given by the shared page around the memo; the author's memo has none (no buttons). */
export const AskAnsweringContext = React.createContext<AskAnswering | null>(null)

/** The draft's open asks in the brief's shape (the memo of a draft, before it is sent). */
export function briefAsksOf(
  sections: ReadonlyArray<{
    items: ReadonlyArray<{
      id: number
      content: string
      project_id: number | null
      is_ask?: boolean
      ask_closed_at?: string | null
    }>
  }>,
  projectName: (id: number | null) => string | null,
): BriefAsk[] {
  return sections.flatMap((s) =>
    s.items
      .filter((i) => i.is_ask && !i.ask_closed_at)
      .map((i) => ({ id: i.id, content: i.content, project_name: projectName(i.project_id) })),
  )
}

/** 'Maria approved', 'Omar commented: …'. */
function AnswerLine({ a }: { a: Pick<AskAnswer, 'name' | 'answer' | 'text'> }) {
  const { verb, Icon } = KIND[a.answer]
  return (
    <span className="cad-asks__answer cad-break" data-answer={a.answer}>
      <Icon size={12} aria-hidden className="cad-asks__answer-icon" />
      <strong>{a.name}</strong> {verb}
      {a.text ? `: ${a.text}` : ''}
    </span>
  )
}

/** One ask's three buttons (one click each, with the reader's name) and Comment's text. */
/** Approve, Decline, and Comment (which opens the comment form). */
function AnswerChoices({
  ask,
  busy,
  commenting,
  onAnswer,
  onCommenting,
}: {
  ask: BriefAsk
  busy: AskAnswerKind | null
  commenting: boolean
  onAnswer: (answer: 'approve' | 'decline') => void
  onCommenting: (commenting: boolean) => void
}) {
  return (
    <fieldset className="cad-asks__buttons cad-asks__choices">
      <legend className="cad-sr-only">Answer “{ask.content}”</legend>
      <Button
        size="sm"
        loading={busy === 'approve'}
        disabled={busy !== null}
        onClick={() => onAnswer('approve')}
      >
        <Check size={14} aria-hidden /> Approve
      </Button>
      <Button
        size="sm"
        loading={busy === 'decline'}
        disabled={busy !== null}
        onClick={() => onAnswer('decline')}
      >
        <X size={14} aria-hidden /> Decline
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-expanded={commenting}
        disabled={busy !== null}
        onClick={() => onCommenting(!commenting)}
      >
        <MessageSquare size={14} aria-hidden /> Comment
      </Button>
    </fieldset>
  )
}

function AnswerButtons({
  ask,
  answering,
  name,
  needName,
}: {
  ask: BriefAsk
  answering: AskAnswering
  name: string
  needName: () => boolean
}) {
  const id = React.useId()
  const [commenting, setCommenting] = React.useState(false)
  const [text, setText] = React.useState('')
  const [busy, setBusy] = React.useState<AskAnswerKind | null>(null)
  const [error, setError] = React.useState<string | null>(null)
  const send = async (answer: AskAnswerKind, comment: string | null = null) => {
    if (needName()) return setError('Your name is required')
    setBusy(answer)
    setError(null)
    try {
      await answering.onAnswer({ item_id: ask.id, name: name.trim(), answer, text: comment })
      answering.onReaderName?.(name.trim())
      setCommenting(false)
      setText('')
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to send the answer')
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="cad-asks__respond cad-no-print">
      <AnswerChoices
        ask={ask}
        busy={busy}
        commenting={commenting}
        onAnswer={(answer) => void send(answer)}
        onCommenting={setCommenting}
      />
      {commenting ? (
        <form
          className="cad-asks__comment"
          aria-label={`Comment on “${ask.content}”`}
          onSubmit={(e) => {
            e.preventDefault()
            if (!text.trim()) return setError('A comment is required')
            if (text.length > ASK_TEXT_MAX) return setError(`At most ${ASK_TEXT_MAX} characters`)
            void send('comment', text.trim())
          }}
        >
          <Field label="Comment" htmlFor={`${id}-text`} hint={`${text.length} / ${ASK_TEXT_MAX}`}>
            <textarea
              id={`${id}-text`}
              className="cad-input"
              rows={2}
              value={text}
              autoFocus
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setCommenting(false)
              }}
            />
          </Field>
          <div className="cad-asks__buttons">
            <Button type="submit" size="sm" variant="primary" loading={busy === 'comment'}>
              Send comment
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setCommenting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

type BriefAsksProps = {
  /** The brief's open asks (absent in a brief frozen before asks: nothing is drawn). */
  asks?: BriefAsk[]
  /** The level of the block's heading (under the memo's title: 3). */
  headingLevel?: 2 | 3
  className?: string
}

/**
 * 'Asks of you': the brief's asks of its readers, right after the health table, in the memo, the
 * shared page, an edition and the print. On the shared page (AskAnsweringContext) each ask has
 * Approve, Decline and Comment, one click each with the reader's name (asked once), and the
 * link's answers under it.
 */
export function BriefAsks({ asks, headingLevel = 2, className }: BriefAsksProps) {
  const answering = React.useContext(AskAnsweringContext)
  const id = React.useId()
  const [name, setName] = React.useState(answering?.readerName ?? '')
  const [naming, setNaming] = React.useState(!answering?.readerName)
  const nameInput = React.useRef<HTMLInputElement>(null)
  React.useEffect(() => {
    if (answering?.readerName) {
      setName(answering.readerName)
      setNaming(false)
    }
  }, [answering?.readerName])
  if (!asks?.length) return null
  const H = headingLevel === 3 ? 'h3' : 'h2'
  const needName = () => {
    if (answering?.personal || name.trim()) return false
    setNaming(true)
    nameInput.current?.focus()
    return true
  }
  return (
    <section
      className={cn('cad-brief-panel cad-asks', className)}
      aria-labelledby={id}
      data-slot="brief-asks"
    >
      <H id={id} className="cad-brief-panel__title">
        <Hand size={16} aria-hidden className="cad-brief-panel__icon" /> Asks of you
      </H>
      {answering && !answering.personal ? (
        naming ? (
          <Field label="Your name" htmlFor={`${id}-name`} className="cad-asks__name cad-no-print">
            <input
              ref={nameInput}
              id={`${id}-name`}
              className="cad-input"
              value={name}
              maxLength={ASK_NAME_MAX}
              autoComplete="name"
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
        ) : (
          <p className="cad-asks__as cad-no-print">
            Answering as <strong className="cad-break">{name}</strong>{' '}
            <Button type="button" variant="link" size="sm" onClick={() => setNaming(true)}>
              Change name
            </Button>
          </p>
        )
      ) : null}
      <ol className="cad-brief-panel__list">
        {asks.map((ask) => {
          const mine = answering?.answers.filter((a) => a.item_id === ask.id) ?? []
          return (
            <li key={ask.id} className="cad-brief-panel__item">
              <p className="cad-brief-panel__text cad-break">
                {ask.content}
                {ask.project_name ? (
                  <small className="cad-asks__project"> · {ask.project_name}</small>
                ) : null}
              </p>
              {mine.length ? (
                <ul className="cad-asks__answers" aria-label="Answers from this link">
                  {mine.map((a) => (
                    <li key={a.id}>
                      <AnswerLine a={a} />
                    </li>
                  ))}
                </ul>
              ) : null}
              {answering ? (
                <AnswerButtons ask={ask} answering={answering} name={name} needName={needName} />
              ) : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

type ReportAsksProps = {
  /** The report's asks (open and closed) with every answer, oldest first. */
  asks: ReportAsk[]
  /** Closes an ask (it is carried no further and takes no more answers), or opens it again. */
  onClose: (itemId: number, closed: boolean) => Promise<void>
  /** 'Record as decision' on an approved ask (shown only with it). */
  onRecordDecision?: (ask: ReportAsk) => Promise<void>
  formatDate: (iso: string) => string
}

/**
 * '2 approved · 1 declined · 1 comment' of the current answers to this wording, then how many
 * answered an earlier wording (they count for nothing now).
 */
function tally(answers: AskAnswer[]) {
  const now = answers.filter((a) => !a.earlier_wording)
  const n = (k: AskAnswerKind) => now.filter((a) => a.answer === k).length
  const earlier = answers.length - now.length
  const parts = [
    n('approve') ? `${n('approve')} approved` : null,
    n('decline') ? `${n('decline')} declined` : null,
    n('comment') ? `${n('comment')} ${n('comment') === 1 ? 'comment' : 'comments'}` : null,
    earlier ? `${earlier} on an earlier wording` : null,
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : 'No answers yet'
}

/** One answer with when it was given, and 'answered an earlier wording' when it was. */
function AnswerItem({
  a,
  formatDate,
  replaced,
}: {
  a: AskAnswer
  formatDate: (iso: string) => string
  replaced?: boolean
}) {
  return (
    <li data-earlier={a.earlier_wording ? '' : undefined}>
      <AnswerLine a={a} /> <small className="cad-asks__when">· {formatDate(a.created_at)}</small>
      {a.earlier_wording ? (
        <small className="cad-asks__earlier"> · answered an earlier wording</small>
      ) : null}
      {replaced && a.replaced_at ? (
        <small className="cad-asks__when"> · replaced {formatDate(a.replaced_at)}</small>
      ) : null}
    </li>
  )
}

function ReportAskRow({
  ask,
  onClose,
  onRecordDecision,
  formatDate,
}: { ask: ReportAsk } & Omit<ReportAsksProps, 'asks'>) {
  const [busy, setBusy] = React.useState<'close' | 'decide' | null>(null)
  const [error, setError] = React.useState<string | null>(null)
  // Recorded from this ask or from a copy it was carried from (the server says), or just now.
  const [decidedNow, setDecided] = React.useState(false)
  const decided = decidedNow || ask.decision_id != null
  // Only an approval of the wording readers have now counts.
  const approved = ask.answers.some((a) => a.answer === 'approve' && !a.earlier_wording)
  const history = ask.history ?? []
  const run = async (what: 'close' | 'decide', action: () => Promise<void>) => {
    setBusy(what)
    setError(null)
    try {
      await action()
      if (what === 'decide') setDecided(true)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed')
    } finally {
      setBusy(null)
    }
  }
  const closed = ask.closed_at !== null
  return (
    <li className="cad-brief-panel__item" data-closed={closed || undefined}>
      <p className="cad-brief-panel__text cad-break">
        {ask.content}
        {ask.project_name ? (
          <small className="cad-asks__project"> · {ask.project_name}</small>
        ) : null}{' '}
        {closed ? (
          <Badge tone="neutral">Closed</Badge>
        ) : ask.open_again ? (
          <Badge tone="warning">Open again: the wording changed</Badge>
        ) : (
          <Badge tone="accent">Open</Badge>
        )}
      </p>
      <p className="cad-asks__tally">{tally(ask.answers)}</p>
      {ask.answers.length ? (
        <ul className="cad-asks__answers" aria-label="Current answers">
          {ask.answers.map((a) => (
            <AnswerItem key={a.id} a={a} formatDate={formatDate} />
          ))}
        </ul>
      ) : null}
      {history.length ? (
        <details className="cad-asks__history">
          <summary>
            {history.length === 1 ? '1 replaced answer' : `${history.length} replaced answers`}
          </summary>
          <ul className="cad-asks__answers" aria-label="Replaced answers">
            {history.map((a) => (
              <AnswerItem key={a.id} a={a} formatDate={formatDate} replaced />
            ))}
          </ul>
        </details>
      ) : null}
      <div className="cad-asks__buttons">
        {approved && onRecordDecision ? (
          decided ? (
            <span className="cad-asks__decided" role="status">
              <Scale size={14} aria-hidden /> Recorded as a decision
            </span>
          ) : (
            <Button
              size="sm"
              variant="primary"
              loading={busy === 'decide'}
              onClick={() => void run('decide', () => onRecordDecision(ask))}
            >
              <Scale size={14} aria-hidden /> Record as decision
            </Button>
          )
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          loading={busy === 'close'}
          onClick={() => void run('close', () => onClose(ask.item_id, !closed))}
        >
          {closed ? 'Reopen ask' : 'Close ask'}
        </Button>
      </div>
      {error ? (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}

/**
 * On the report page: the report's asks of its readers and every answer from its private links.
 * An open ask goes on into next week's follow-ups until it is closed here; an approved one can be
 * recorded as a decision in one click. Nothing when the report has no asks.
 */
export function ReportAsks(p: ReportAsksProps) {
  const id = React.useId()
  if (!p.asks.length) return null
  const open = p.asks.filter((a) => a.closed_at === null).length
  return (
    <section className="cad-card cad-brief-panel cad-asks cad-asks--report" aria-labelledby={id}>
      <h2 id={id} className="cad-brief-panel__title">
        <Hand size={16} aria-hidden className="cad-brief-panel__icon" /> Asks of your readers
        {open ? <Badge tone="accent">{open} open</Badge> : null}
      </h2>
      <ol className="cad-brief-panel__list">
        {p.asks.map((ask) => (
          <ReportAskRow
            key={ask.item_id}
            ask={ask}
            onClose={p.onClose}
            onRecordDecision={p.onRecordDecision}
            formatDate={p.formatDate}
          />
        ))}
      </ol>
    </section>
  )
}

export type { BriefAsksProps, ReportAsksProps }
