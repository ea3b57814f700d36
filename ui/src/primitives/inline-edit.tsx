import * as React from 'react'
import { cn } from '../lib/cn'

type InlineEditProps = {
  value: string
  onSave: (next: string) => void
  placeholder?: string
  /** Multi-line text: Cmd/Ctrl+Enter saves, Enter inserts a newline. */
  multiline?: boolean
  'aria-label': string
  className?: string
  disabled?: boolean
}

/**
 * Text that becomes an editor on click or Enter. The display is a button named
 * "{aria-label}: {text}"; the editor is a textbox named "{aria-label}". Enter saves (Cmd/Ctrl+Enter when multiline),
 * Escape cancels, leaving the field saves; onSave fires only when the text changed.
 */
/** The value shown as a button that starts the edit; its name is the label and the text. */
function InlineEditDisplay({
  buttonRef,
  value,
  label,
  placeholder,
  multiline,
  disabled,
  onStart,
}: {
  buttonRef: React.Ref<HTMLButtonElement>
  value: string
  label: string | undefined
  placeholder: string
  multiline: boolean
  disabled: boolean
  onStart: () => void
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      data-slot="inline-edit-display"
      className={cn('cad-inline-edit__display', multiline && 'cad-inline-edit__display--multiline')}
      data-empty={value ? undefined : ''}
      disabled={disabled}
      onClick={onStart}
    >
      {/* The name reads "Title: <text>", so the visible text is part of it (WCAG 2.5.3). */}
      <span className="cad-sr-only">{label}: </span>
      {value || <span className="cad-inline-edit__placeholder">{placeholder}</span>}
    </button>
  )
}

function InlineEdit({
  value,
  onSave,
  placeholder = 'Click to edit',
  multiline = false,
  'aria-label': label,
  className,
  disabled = false,
}: InlineEditProps) {
  const [editing, setEditing] = React.useState(false)
  const [draft, setDraft] = React.useState(value)
  const displayRef = React.useRef<HTMLButtonElement>(null)
  const refocus = React.useRef(false)
  // Set once Enter or Escape ended the edit: the blur of the editor leaving the page then neither
  // saves a cancelled draft nor takes back the focus the display is about to get.
  const ended = React.useRef(false)

  React.useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false
      displayRef.current?.focus()
    }
  }, [editing])

  function start() {
    if (disabled) return
    setDraft(value)
    ended.current = false
    setEditing(true)
  }

  function finish(save: boolean, returnFocus: boolean) {
    if (ended.current) return
    ended.current = true
    if (save && draft !== value) onSave(draft)
    refocus.current = returnFocus
    setEditing(false)
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      finish(false, true)
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      if (!multiline || event.metaKey || event.ctrlKey) {
        event.preventDefault()
        finish(true, true)
      }
    }
  }

  if (editing) {
    const shared = {
      'data-slot': 'inline-edit-input',
      'aria-label': label,
      className: cn('cad-input', 'cad-inline-edit__input', multiline && 'cad-textarea'),
      value: draft,
      placeholder,
      autoFocus: true,
      onKeyDown,
      onBlur: () => finish(true, false),
    }
    return (
      <div data-slot="inline-edit" className={cn('cad-inline-edit', className)} data-editing="">
        {multiline ? (
          <textarea
            {...shared}
            rows={3}
            aria-describedby={undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
        ) : (
          <input {...shared} type="text" onChange={(e) => setDraft(e.target.value)} />
        )}
        <p className="cad-inline-edit__hint">
          {multiline ? 'Ctrl+Enter to save' : 'Enter to save'} · Esc to cancel
        </p>
      </div>
    )
  }

  return (
    <div data-slot="inline-edit" className={cn('cad-inline-edit', className)}>
      <InlineEditDisplay
        buttonRef={displayRef}
        value={value}
        label={label}
        placeholder={placeholder}
        multiline={multiline}
        disabled={disabled}
        onStart={start}
      />
    </div>
  )
}

export type { InlineEditProps }
export { InlineEdit }
