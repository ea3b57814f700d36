import * as React from 'react'
import { cn } from '../lib/cn'
import { Avatar } from '../primitives/avatar'
import type { TeamMember } from '../types'

type MentionMatch = { start: number; end: number; query: string }

/**
 * The `@query` being typed just before the caret, if any. The `@` must start the text or follow
 * whitespace, and the query may not contain spaces.
 */
function findMentionQuery(text: string, caret: number = text.length): MentionMatch | null {
  const before = text.slice(0, caret)
  const m = /(^|\s)@(\S*)$/.exec(before)
  if (!m) return null
  const start = before.length - m[2].length - 1
  return { start, end: caret, query: m[2] }
}

/** Members whose name or title contains the query, case-insensitively. */
function matchMembers<M extends Pick<TeamMember, 'name' | 'title'>>(
  members: M[],
  query: string,
): M[] {
  const q = query.toLowerCase()
  return members.filter(
    (m) => m.name.toLowerCase().includes(q) || (m.title ?? '').toLowerCase().includes(q),
  )
}

/** Removes the `@query` and tidies the space it leaves. */
function removeMention(text: string, match: MentionMatch): string {
  const head = text.slice(0, match.start)
  const tail = text.slice(match.end)
  if (tail === '') return head.trimEnd()
  if (head === '') return tail.trimStart()
  if (head.endsWith(' ') && tail.startsWith(' ')) return head + tail.slice(1)
  return head + tail
}

type MentionInputProps = Omit<
  React.ComponentProps<'input'>,
  'value' | 'onChange' | 'onSubmit' | 'aria-label'
> & {
  value: string
  onChange: (value: string) => void
  members: TeamMember[]
  onAssign: (member: TeamMember) => void
  /** Enter while no suggestion list is open. */
  onSubmit?: () => void
  /** Escape while no suggestion list is open. */
  onCancel?: () => void
  placeholder?: string
  'aria-label': string
}

type KeyActions = {
  /** Moves the highlight to this suggestion. */
  setActive: (index: number) => void
  /** Picks the highlighted suggestion. */
  pick: () => void
  /** Closes the suggestions for this `@query`. */
  dismiss: () => void
  onSubmit?: () => void
  onCancel?: () => void
}

/**
 * The keys of the input: with suggestions open, arrows move, Enter or Tab picks, Escape closes
 * them; otherwise Escape cancels and Enter submits (never mid-composition).
 */
function onMentionKey(
  event: React.KeyboardEvent<HTMLInputElement>,
  list: { open: boolean; count: number; activeIndex: number },
  actions: KeyActions,
) {
  if (list.open) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      actions.setActive((list.activeIndex + 1) % list.count)
      return
    }
    if (event.key === 'ArrowUp') {
      event.preventDefault()
      actions.setActive((list.activeIndex - 1 + list.count) % list.count)
      return
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      actions.pick()
      return
    }
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      actions.dismiss()
      return
    }
  }
  if (event.key === 'Escape' && actions.onCancel) {
    event.preventDefault()
    actions.onCancel()
    return
  }
  if (event.key === 'Enter' && actions.onSubmit && !event.nativeEvent.isComposing) {
    event.preventDefault()
    actions.onSubmit()
  }
}

/** The suggestions under the input; a click picks one and keeps focus in the input. */
function MentionList({
  listId,
  suggestions,
  activeIndex,
  actions,
}: {
  listId: string
  suggestions: TeamMember[]
  activeIndex: number
  actions: { select: (member: TeamMember) => void; setActive: (index: number) => void }
}) {
  return (
    <div
      id={listId}
      role="listbox"
      aria-label="Assign to team member"
      className="cad-popover cad-mention__list"
    >
      {suggestions.map((member, i) => (
        <div
          key={member.id}
          id={`${listId}-${i}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === activeIndex}
          className="cad-menu-item cad-mention__option"
          onMouseDown={(e) => {
            // keep focus in the input
            e.preventDefault()
            actions.select(member)
          }}
          onMouseEnter={() => actions.setActive(i)}
        >
          <Avatar name={member.name} />
          <span className="cad-mention__name cad-truncate">{member.name}</span>
          {member.title ? (
            <span className="cad-mention__title cad-truncate">{member.title}</span>
          ) : null}
        </div>
      ))}
    </div>
  )
}

function MentionInput({
  value,
  onChange,
  members,
  onAssign,
  onSubmit,
  onCancel,
  placeholder,
  className,
  onKeyDown: onKeyDownProp,
  ...props
}: MentionInputProps) {
  const listId = React.useId()
  const inputRef = React.useRef<HTMLInputElement>(null)
  const [caret, setCaret] = React.useState<number>(value.length)
  const [active, setActive] = React.useState(0)
  const [dismissed, setDismissed] = React.useState<string | null>(null)

  const match = findMentionQuery(value, Math.min(caret, value.length))
  const suggestions = match ? matchMembers(members, match.query).slice(0, 8) : []
  const key = match ? `${match.start}:${match.query}` : null
  const open = match !== null && suggestions.length > 0 && dismissed !== key
  const activeIndex = Math.min(active, Math.max(suggestions.length - 1, 0))

  function select(member: TeamMember) {
    if (!match) return
    const next = removeMention(value, match)
    onAssign(member)
    onChange(next)
    setCaret(match.start)
    setActive(0)
    requestAnimationFrame(() => {
      const el = inputRef.current
      if (el) {
        const pos = Math.min(match.start, next.length)
        el.setSelectionRange(pos, pos)
      }
    })
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    onKeyDownProp?.(event)
    if (event.defaultPrevented) return
    onMentionKey(
      event,
      { open, count: suggestions.length, activeIndex },
      {
        setActive,
        pick: () => select(suggestions[activeIndex]),
        dismiss: () => setDismissed(key),
        onSubmit,
        onCancel,
      },
    )
  }

  return (
    <div data-slot="mention-input" className={cn('cad-mention', className)}>
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${activeIndex}` : undefined}
        className="cad-input cad-mention__input"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => {
          onChange(e.target.value)
          setCaret(e.target.selectionStart ?? e.target.value.length)
          setActive(0)
          setDismissed(null)
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? value.length)}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissed(key)}
        {...props}
      />
      {open ? (
        <MentionList
          listId={listId}
          suggestions={suggestions}
          activeIndex={activeIndex}
          actions={{ select, setActive }}
        />
      ) : null}
    </div>
  )
}

export type { MentionInputProps, MentionMatch }
export { findMentionQuery, MentionInput, matchMembers, removeMention }
