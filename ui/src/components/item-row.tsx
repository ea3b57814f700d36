import { Check, FolderKanban, Pencil, Trash2, UserRound, X } from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import type { Project, SectionItem, TeamMember } from '../types'
import { IconButton } from './button'
import { Checkbox } from './checkbox'
import { ConfirmInline } from './confirm-inline'

type ItemRowProps = {
  item: Pick<SectionItem, 'id' | 'content' | 'is_completed' | 'item_type' | 'project_id'> & {
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
}

function ItemRow({
  item,
  projects = [],
  members = [],
  phase,
  meta,
  onToggle,
  onEdit,
  onDelete,
  onProjectChange,
  onAssign,
}: ItemRowProps) {
  const [mode, setMode] = React.useState<'view' | 'edit' | 'confirm'>('view')
  const [draft, setDraft] = React.useState(item.content)
  const project = projects.find((p) => p.id === item.project_id)
  const member = members.find((m) => m.id === item.assigned_to_team_member_id)
  const checkable = item.item_type !== 'standard'

  const save = () => {
    const next = draft.trim()
    if (next && next !== item.content) onEdit?.(next)
    setMode('view')
  }

  if (mode === 'confirm') {
    return (
      <li data-slot="item-row" className="cad-item is-confirming">
        <ConfirmInline
          message="Delete this item? This cannot be undone."
          onConfirm={() => {
            setMode('view')
            onDelete?.()
          }}
          onCancel={() => setMode('view')}
        />
      </li>
    )
  }

  return (
    <li
      data-slot="item-row"
      data-completed={item.is_completed || undefined}
      className={cn('cad-item', item.is_completed && 'is-completed', phase && `is-${phase}`)}
    >
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
        <div className="cad-item-edit">
          <input
            className="cad-input"
            aria-label="Edit item"
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') save()
              if (e.key === 'Escape') {
                setDraft(item.content)
                setMode('view')
              }
            }}
          />
          {onProjectChange && (
            <select
              className="cad-input cad-select cad-select--sm"
              aria-label="Project"
              value={item.project_id ?? ''}
              onChange={(e) => onProjectChange(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">No project</option>
              {projects
                .filter((p) => p.status === 'active' || p.id === item.project_id)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
            </select>
          )}
          {onAssign && (
            <select
              className="cad-input cad-select cad-select--sm"
              aria-label="Assignee"
              value={item.assigned_to_team_member_id ?? ''}
              onChange={(e) => onAssign(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Unassigned</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
          <IconButton label="Save" onClick={save}>
            <Check size={14} aria-hidden />
          </IconButton>
          <IconButton
            label="Cancel"
            onClick={() => {
              setDraft(item.content)
              setMode('view')
            }}
          >
            <X size={14} aria-hidden />
          </IconButton>
        </div>
      ) : (
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
              <span className="cad-tag cad-tag--person">
                <UserRound size={12} aria-hidden />
                Assigned to {member.name}
              </span>
            )}
            {meta}
          </span>
        </div>
      )}
      {mode === 'view' && (onEdit || onDelete) && (
        <span className="cad-item-actions">
          {onEdit && (
            <IconButton
              label={`Edit: ${item.content}`}
              onClick={() => {
                setDraft(item.content)
                setMode('edit')
              }}
            >
              <Pencil size={14} aria-hidden />
            </IconButton>
          )}
          {onDelete && (
            <IconButton label={`Delete: ${item.content}`} onClick={() => setMode('confirm')}>
              <Trash2 size={14} aria-hidden />
            </IconButton>
          )}
        </span>
      )}
    </li>
  )
}

export type { ItemRowProps }
export { ItemRow }
