import {
  Check as LucideCheck,
  ExternalLink as LucideExternalLink,
  FolderKanban as LucideFolderKanban,
  Gavel as LucideGavel,
  Hand as LucideHand,
  MessageCircleQuestion as LucideMessageCircleQuestion,
  Pencil as LucidePencil,
  Trash2 as LucideTrash2,
  X as LucideX,
} from 'lucide-react'
import * as React from 'react'
import { byId } from '../lib/by-id'
import { cn } from '../lib/cn'
import { formatShortWeekday } from '../lib/dates'
import { Avatar } from '../primitives/avatar'
import { Button, IconButton } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { ConfirmInline } from '../primitives/confirm-inline'
import { icon } from '../primitives/icon'
import { Select } from '../primitives/select'
import type { Project, SectionItem, TeamMember } from '../types'
import { ItemAgeChip } from './age-chip'

const Check = /* @__PURE__ */ icon(LucideCheck)
const ExternalLink = /* @__PURE__ */ icon(LucideExternalLink)
const FolderKanban = /* @__PURE__ */ icon(LucideFolderKanban)
const Gavel = /* @__PURE__ */ icon(LucideGavel)
const Hand = /* @__PURE__ */ icon(LucideHand)
const MessageCircleQuestion = /* @__PURE__ */ icon(LucideMessageCircleQuestion)
const Pencil = /* @__PURE__ */ icon(LucidePencil)
const Trash2 = /* @__PURE__ */ icon(LucideTrash2)
const X = /* @__PURE__ */ icon(LucideX)

/** Radix Select has no empty value: the 'No project' / 'Unassigned' choice. */
const NONE = 'none'
const NO_PROJECTS: Project[] = []
const NO_MEMBERS: TeamMember[] = []

type ItemRowProps = {
  item: Pick<SectionItem, 'id' | 'content' | 'is_completed' | 'item_type' | 'project_id'> &
    AgeingFields &
    TeamFields &
    Partial<Pick<SectionItem, 'is_ask' | 'ask_closed_at' | 'from_reader' | 'include_in_brief'>> &
    Partial<Pick<SectionItem, 'source_url'>> & {
      assigned_to_team_member_id?: number | null
    }
  projects?: Project[]
  members?: TeamMember[]
  /** 'completing' plays the fade; 'held' marks an item that just arrived in the completed group. */
  phase?: 'completing' | 'held'
  meta?: React.ReactNode
  onToggle?: (completed: boolean) => void
  onEdit?: (content: string) => void
  onDelete?: () => void
  onProjectChange?: (projectId: number | null) => void
  onAssign?: (memberId: number | null) => void
  /** Asks: marks the item as an ask of the readers, or not (the actions' 'Ask readers'). */
  onAskChange?: (isAsk: boolean) => void
  /** Decisions: 'Record as decision' from this item, in one click. */
  onRecordDecision?: () => void
  /**
   * A follow-up made from a reader's question (`from_reader`): 'Include in brief' puts it in what
   * readers get; without it the follow-up stays the author's own.
   */
  onIncludeChange?: (include: boolean) => void
  /**
   * The report has no previous report: nothing in it is 'new' against anything, so an item open
   * less than a week and not carried shows no 'new' chip.
   */
  firstReport?: boolean
  /** Her order: the row's drag handle (item-move.tsx useItemDrag), drawn first. */
  dragHandle?: React.ReactNode
  /** The row's node and style while it is dragged (item-move.tsx). */
  rowRef?: (node: HTMLElement | null) => void
  rowStyle?: React.CSSProperties
  dragging?: boolean
}

/** Team roll-up: where a pulled item came from, and the assignee's own completion and note. */
type TeamFields = Partial<
  Pick<SectionItem, 'source_author_name' | 'assignee_completed_at' | 'assignee_note'>
>

type AgeingFields = Partial<
  Pick<SectionItem, 'open_weeks' | 'origin_week_start_date' | 'is_stalled' | 'carried_from_item_id'>
>

type ItemEditorProps = {
  item: ItemRowProps['item']
  draft: string
  onDraftChange: (draft: string) => void
  choices: { projects: Project[]; members: TeamMember[] }
  changes: Pick<ItemRowProps, 'onProjectChange' | 'onAssign'>
  onSave: () => void
  onCancel: () => void
}

/** The row in edit mode: the text, its project and assignee, Save and Cancel. */
function ItemEditor({
  item,
  draft,
  onDraftChange,
  choices: { projects, members },
  changes: { onProjectChange, onAssign },
  onSave,
  onCancel,
}: ItemEditorProps) {
  return (
    <div className="cad-item-edit">
      <input
        className="cad-input"
        aria-label="Edit item"
        value={draft}
        autoFocus
        onChange={(e) => onDraftChange(e.target.value)}
        onKeyDown={(e) => {
          // Default prevented: the key must not go on to press the Edit button focus returns to.
          if (e.key === 'Enter') {
            e.preventDefault()
            onSave()
          }
          if (e.key === 'Escape') {
            e.stopPropagation()
            onCancel()
          }
        }}
      />
      {onProjectChange && (
        <Select
          className="cad-select--sm"
          aria-label="Project"
          value={item.project_id === null ? NONE : String(item.project_id)}
          options={[
            { value: NONE, label: 'No project' },
            ...projects
              .filter((p) => p.status === 'active' || p.id === item.project_id)
              .map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          onValueChange={(v) => onProjectChange(v === NONE ? null : Number(v))}
        />
      )}
      {onAssign && (
        <Select
          className="cad-select--sm"
          aria-label="Assignee"
          value={
            item.assigned_to_team_member_id === null
              ? NONE
              : String(item.assigned_to_team_member_id)
          }
          options={[
            { value: NONE, label: 'Unassigned' },
            ...members.map((m) => ({ value: String(m.id), label: m.name })),
          ]}
          onValueChange={(v) => onAssign(v === NONE ? null : Number(v))}
        />
      )}
      <IconButton label="Save" onClick={onSave}>
        <Check size={14} aria-hidden />
      </IconButton>
      <IconButton label="Cancel" onClick={onCancel}>
        <X size={14} aria-hidden />
      </IconButton>
    </div>
  )
}

type ItemDetailsProps = {
  item: ItemRowProps['item']
  /** The item's project and assignee, looked up by the row. */
  refs: { project?: Project; member?: TeamMember }
  checkable: boolean
  meta?: React.ReactNode
  onIncludeChange?: ItemRowProps['onIncludeChange']
  firstReport?: boolean
}

/** 'new' means new since the previous report: never shown in a first report. */
const newInFirstReport = (item: ItemRowProps['item'], firstReport: boolean | undefined) =>
  Boolean(firstReport) &&
  (item.open_weeks ?? 0) < 1 &&
  (item.carried_from_item_id === undefined || item.carried_from_item_id === null)

/** The row in view mode: the text and its tags (project, assignee, age, source, notes, ask). */
function ItemDetails({
  item,
  refs: { project, member },
  checkable,
  meta,
  onIncludeChange,
  firstReport,
}: ItemDetailsProps) {
  return (
    <div className="cad-item-body">
      <span className="cad-item-content">{item.content}</span>
      {item.is_completed && checkable && <span className="cad-sr-only">(completed)</span>}
      <span className="cad-item-meta">
        {project && (
          <span className="cad-tag">
            <FolderKanban size={12} aria-hidden />
            {project.name}
          </span>
        )}
        {member && (
          <span className="cad-tag cad-tag--person" data-slot="assignee">
            <Avatar name={member.name} size="sm" />
            <span className="cad-tag__text">Assigned to {member.name}</span>
          </span>
        )}
        {newInFirstReport(item, firstReport) ? null : <ItemAgeChip item={item} />}
        {item.source_author_name ? (
          <span className="cad-item-row__from">from {item.source_author_name}'s report</span>
        ) : null}
        {item.source_url && /^https?:\/\//i.test(item.source_url) ? (
          <a
            className="cad-item-row__source"
            data-slot="source-link"
            href={item.source_url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Open where this came from (new tab)"
            title={item.source_url}
          >
            <ExternalLink size={12} aria-hidden />
          </a>
        ) : null}
        {item.is_completed && item.assignee_completed_at && member ? (
          <span className="cad-item-row__from">
            Completed by {member.name} · {formatShortWeekday(item.assignee_completed_at)}
          </span>
        ) : null}
        {item.assignee_note && member ? (
          <span className="cad-item-row__from cad-break">
            {member.name}: {item.assignee_note}
          </span>
        ) : null}
        {item.from_reader ? (
          <span className="cad-item-reader" data-slot="reader-tag">
            <MessageCircleQuestion size={12} aria-hidden />
            from a reader
            {item.include_in_brief ? ' · in the brief' : ' · only you see it'}
          </span>
        ) : null}
        {item.from_reader && onIncludeChange ? (
          <Button
            size="sm"
            variant="secondary"
            className="cad-item-include"
            aria-pressed={Boolean(item.include_in_brief)}
            onClick={() => onIncludeChange(!item.include_in_brief)}
          >
            {item.include_in_brief ? 'Included in brief' : 'Include in brief'}
          </Button>
        ) : null}
        {item.is_ask ? (
          <span className="cad-item-ask" data-slot="ask-tag">
            <Hand size={12} aria-hidden />
            {item.ask_closed_at ? 'Ask, closed' : 'Ask of readers'}
          </span>
        ) : null}
        {meta}
      </span>
    </div>
  )
}

type ItemActionsProps = {
  item: ItemRowProps['item']
  handlers: Pick<ItemRowProps, 'onRecordDecision' | 'onAskChange'> & {
    onStartEdit?: () => void
    onStartDelete?: () => void
  }
  /** The Edit and Delete buttons, for focus to come back to. */
  openers: {
    edit: React.RefObject<HTMLButtonElement | null>
    delete: React.RefObject<HTMLButtonElement | null>
  }
}

/** The row's actions: Record as decision, Ask readers, Edit, Delete (each when given). */
function ItemActions({
  item,
  handlers: { onRecordDecision, onAskChange, onStartEdit, onStartDelete },
  openers,
}: ItemActionsProps) {
  return (
    <span className="cad-item-actions">
      {onRecordDecision && (
        <IconButton label={`Record as decision: ${item.content}`} onClick={onRecordDecision}>
          <Gavel size={14} aria-hidden />
        </IconButton>
      )}
      {onAskChange && (
        <IconButton
          label={`${item.is_ask ? 'Stop asking readers' : 'Ask readers'}: ${item.content}`}
          aria-pressed={Boolean(item.is_ask)}
          onClick={() => onAskChange(!item.is_ask)}
        >
          <Hand size={14} aria-hidden />
        </IconButton>
      )}
      {onStartEdit && (
        <IconButton ref={openers.edit} label={`Edit: ${item.content}`} onClick={onStartEdit}>
          <Pencil size={14} aria-hidden />
        </IconButton>
      )}
      {onStartDelete && (
        <IconButton ref={openers.delete} label={`Delete: ${item.content}`} onClick={onStartDelete}>
          <Trash2 size={14} aria-hidden />
        </IconButton>
      )}
    </span>
  )
}

/**
 * The row's mode (view, edit, delete confirmation); leaving the editor or the confirmation puts
 * focus back on the button that opened it.
 */
function useRowMode() {
  const [mode, setMode] = React.useState<'view' | 'edit' | 'confirm'>('view')
  const editButton = React.useRef<HTMLButtonElement>(null)
  const deleteButton = React.useRef<HTMLButtonElement>(null)
  const refocus = React.useRef<'edit' | 'delete' | null>(null)
  const backTo = (opener: 'edit' | 'delete') => {
    refocus.current = opener
    setMode('view')
  }
  React.useEffect(() => {
    if (mode !== 'view' || !refocus.current) return
    const opener = refocus.current === 'edit' ? editButton.current : deleteButton.current
    refocus.current = null
    opener?.focus()
  }, [mode])
  return { mode, setMode, backTo, editButton, deleteButton }
}

/**
 * One item. Memoised: in a long report only the rows whose props changed re-render (pass stable
 * callbacks, as SectionCard does, to get the benefit).
 */
const ItemRow = React.memo(function ItemRow({
  item,
  projects = NO_PROJECTS,
  members = NO_MEMBERS,
  phase,
  meta,
  onToggle,
  onEdit,
  onDelete,
  onProjectChange,
  onAssign,
  onAskChange,
  onRecordDecision,
  onIncludeChange,
  firstReport,
  dragHandle,
  rowRef,
  rowStyle,
  dragging,
}: ItemRowProps) {
  const { mode, setMode, backTo, editButton, deleteButton } = useRowMode()
  const [draft, setDraft] = React.useState(item.content)
  const project = item.project_id === null ? undefined : byId(projects).get(item.project_id)
  const member =
    item.assigned_to_team_member_id === null || item.assigned_to_team_member_id === undefined
      ? undefined
      : byId(members).get(item.assigned_to_team_member_id)
  const checkable = item.item_type !== 'standard'

  const save = () => {
    const next = draft.trim()
    if (next && next !== item.content) onEdit?.(next)
    backTo('edit')
  }

  if (mode === 'confirm') {
    return (
      <li data-slot="item-row" data-item-id={item.id} className="cad-item is-confirming">
        <ConfirmInline
          message="Delete this item? This cannot be undone."
          onConfirm={() => {
            setMode('view')
            onDelete?.()
          }}
          onCancel={() => backTo('delete')}
        />
      </li>
    )
  }

  return (
    <li
      ref={rowRef}
      style={rowStyle}
      data-slot="item-row"
      data-item-id={item.id}
      data-completed={item.is_completed || undefined}
      data-dragging={dragging || undefined}
      className={cn('cad-item', item.is_completed && 'is-completed', phase && `is-${phase}`)}
    >
      {dragHandle}
      {checkable ? (
        <Checkbox
          checked={item.is_completed}
          onCheckedChange={(v) => onToggle?.(v === true)}
          aria-label={`${item.is_completed ? 'Mark as pending' : 'Complete'}: ${item.content}`}
          disabled={!onToggle}
        />
      ) : (
        <span className="cad-bullet" aria-hidden />
      )}
      {mode === 'edit' ? (
        <ItemEditor
          item={item}
          draft={draft}
          onDraftChange={setDraft}
          choices={{ projects, members }}
          changes={{ onProjectChange, onAssign }}
          onSave={save}
          onCancel={() => {
            setDraft(item.content)
            backTo('edit')
          }}
        />
      ) : (
        <ItemDetails
          item={item}
          refs={{ project, member }}
          checkable={checkable}
          meta={meta}
          onIncludeChange={onIncludeChange}
          firstReport={firstReport}
        />
      )}
      {mode === 'view' && (onEdit || onDelete || onAskChange || onRecordDecision) && (
        <ItemActions
          item={item}
          handlers={{
            onRecordDecision,
            onAskChange,
            onStartEdit: onEdit
              ? () => {
                  setDraft(item.content)
                  setMode('edit')
                }
              : undefined,
            onStartDelete: onDelete ? () => setMode('confirm') : undefined,
          }}
          openers={{ edit: editButton, delete: deleteButton }}
        />
      )}
    </li>
  )
})

export type { ItemRowProps }
export { ItemRow }
