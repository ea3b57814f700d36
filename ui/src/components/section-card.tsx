import { CheckSquare, FolderKanban, List, MessageSquareMore, Plus } from 'lucide-react'
import * as React from 'react'
import type { Project, ReportSection, SectionItem, SectionType, TeamMember } from '../types'
import { Button } from './button'
import { InlineEdit } from './inline-edit'
import { ItemRow } from './item-row'
import { MentionInput } from './mention-input'
import { Select } from './select'

/** Radix Select has no empty value: the 'No project' choice. */
const NO_PROJECT = 'none'

export const VISIBLE_TASKS = 5
export const COMPLETE_ANIMATION_MS = 600
export const COMPLETED_HOLD_MS = 1000

export const SECTION_ICONS: Record<SectionType, typeof List> = {
  standard: List,
  tasks: CheckSquare,
  followups: MessageSquareMore,
}

type Groupable = { project_id: number | null; is_completed: boolean }
export type ItemGroup<T> = { project: Project | null; key: string; items: T[] }

/** Items by project, no-project first then by project name; pending before completed in each. */
export function groupItems<T extends Groupable>(items: T[], projects: Project[]): ItemGroup<T>[] {
  const byProject = new Map<number | null, T[]>()
  for (const item of items) {
    const key = projects.some((p) => p.id === item.project_id) ? item.project_id : null
    byProject.set(key, [...(byProject.get(key) ?? []), item])
  }
  const order = [...byProject.keys()].sort((a, b) => {
    if (a === null) return -1
    if (b === null) return 1
    const pa = projects.find((p) => p.id === a)!.name
    const pb = projects.find((p) => p.id === b)!.name
    return pa.localeCompare(pb)
  })
  return order.map((id) => ({
    key: String(id),
    project: projects.find((p) => p.id === id) ?? null,
    items: [...byProject.get(id)!].sort((x, y) => Number(x.is_completed) - Number(y.is_completed)),
  }))
}

export type NewItem = {
  content: string
  project_id: number | null
  assigned_to_team_member_id: number | null
}

type SectionCardProps = {
  section: ReportSection
  projects: Project[]
  members: TeamMember[]
  onAddItem?: (item: NewItem) => void
  onUpdateItem?: (id: number, changes: Partial<SectionItem>) => void
  onDeleteItem?: (id: number) => void
  onContentChange?: (content: string) => void
}

/**
 * A report section. Completing an item plays the fade and move (0.3 s + 0.3 s) in place, then the
 * item joins the completed group, where it stays marked for about a second.
 */
function SectionCard({
  section,
  projects,
  members,
  onAddItem,
  onUpdateItem,
  onDeleteItem,
  onContentChange,
}: SectionCardProps) {
  const [expanded, setExpanded] = React.useState(false)
  const [draft, setDraft] = React.useState('')
  const [assignee, setAssignee] = React.useState<TeamMember | null>(null)
  const [projectId, setProjectId] = React.useState<number | null>(null)
  const [phases, setPhases] = React.useState<Record<number, 'completing' | 'held'>>({})
  const timers = React.useRef<ReturnType<typeof setTimeout>[]>([])
  React.useEffect(() => () => timers.current.forEach(clearTimeout), [])

  const Icon = SECTION_ICONS[section.section_type]
  const isTaskList = section.section_type !== 'standard'
  // An item mid-animation still sorts as pending, so it fades where the user clicked it.
  const sortable = section.items.map((i) =>
    phases[i.id] === 'completing' ? { ...i, is_completed: false } : i,
  )
  const groups = groupItems(sortable, projects)
  const flat = groups.flatMap((g) => g.items.map((item) => ({ item, group: g })))
  const limit = isTaskList && !expanded ? VISIBLE_TASKS : Number.POSITIVE_INFINITY
  const shown = new Set(flat.slice(0, limit).map((f) => f.item.id))
  const hidden = flat.length - shown.size
  const real = (id: number) => section.items.find((i) => i.id === id)!

  const toggle = (id: number, completed: boolean) => {
    onUpdateItem?.(id, { is_completed: completed })
    if (!completed) return
    setPhases((p) => ({ ...p, [id]: 'completing' }))
    timers.current.push(
      setTimeout(() => setPhases((p) => ({ ...p, [id]: 'held' })), COMPLETE_ANIMATION_MS),
      setTimeout(
        () =>
          setPhases((p) => {
            const { [id]: _, ...rest } = p
            return rest
          }),
        COMPLETE_ANIMATION_MS + COMPLETED_HOLD_MS,
      ),
    )
  }

  const add = () => {
    const content = draft.trim()
    if (!content || !onAddItem) return
    onAddItem({ content, project_id: projectId, assigned_to_team_member_id: assignee?.id ?? null })
    setDraft('')
    setAssignee(null)
  }

  return (
    <section
      data-slot="section-card"
      className="cad-card cad-section"
      aria-labelledby={`section-${section.id}`}
    >
      <header className="cad-section-header">
        <Icon size={16} aria-hidden className="cad-section-icon" />
        <h2 id={`section-${section.id}`} className="cad-section-title">
          {section.section_name}
        </h2>
        <span className="cad-muted cad-num">{section.items.length}</span>
      </header>
      {isTaskList && onContentChange && (
        <InlineEdit
          aria-label={`${section.section_name} notes`}
          value={section.content ?? ''}
          placeholder="Add context for this section..."
          multiline
          onSave={onContentChange}
          className="cad-section-notes"
        />
      )}
      {section.items.length === 0 && <p className="cad-muted cad-section-empty">No items yet.</p>}
      {groups.map((group) => {
        const items = group.items.filter((i) => shown.has(i.id))
        if (!items.length) return null
        return (
          <div key={group.key} className="cad-item-group">
            {group.project && (
              <h3 className="cad-group-title">
                <FolderKanban size={12} aria-hidden /> {group.project.name}
              </h3>
            )}
            <ul className="cad-items">
              {items.map((i) => (
                <ItemRow
                  key={i.id}
                  item={real(i.id)}
                  projects={projects}
                  members={members}
                  phase={phases[i.id]}
                  onToggle={onUpdateItem ? (c) => toggle(i.id, c) : undefined}
                  onEdit={onUpdateItem ? (content) => onUpdateItem(i.id, { content }) : undefined}
                  onProjectChange={
                    onUpdateItem ? (project_id) => onUpdateItem(i.id, { project_id }) : undefined
                  }
                  onAssign={
                    onUpdateItem && isTaskList
                      ? (assigned_to_team_member_id) =>
                          onUpdateItem(i.id, { assigned_to_team_member_id })
                      : undefined
                  }
                  onDelete={onDeleteItem ? () => onDeleteItem(i.id) : undefined}
                />
              ))}
            </ul>
          </div>
        )
      })}
      {hidden > 0 && (
        <Button variant="link" size="sm" onClick={() => setExpanded(true)}>
          +{hidden} more tasks
        </Button>
      )}
      {expanded && flat.length > VISIBLE_TASKS && (
        <Button variant="link" size="sm" onClick={() => setExpanded(false)}>
          Show fewer
        </Button>
      )}
      {onAddItem && (
        <div className="cad-add-item">
          <Plus size={14} aria-hidden className="cad-muted" />
          <MentionInput
            id={`add-${section.id}`}
            aria-label={`Add an item to ${section.section_name}`}
            placeholder={isTaskList ? 'Add an item… type @ to assign' : 'Add an item…'}
            value={draft}
            onChange={setDraft}
            members={isTaskList ? members : []}
            onAssign={setAssignee}
            onSubmit={add}
            onCancel={() => setDraft('')}
          />
          {assignee && (
            <button
              type="button"
              className="cad-tag cad-tag--person"
              onClick={() => setAssignee(null)}
            >
              @{assignee.name} <span className="cad-sr-only">(remove assignee)</span>×
            </button>
          )}
          <Select
            className="cad-select--sm"
            aria-label={`Project for new ${section.section_name} item`}
            value={projectId === null ? NO_PROJECT : String(projectId)}
            options={[
              { value: NO_PROJECT, label: 'No project' },
              ...projects
                .filter((p) => p.status === 'active')
                .map((p) => ({ value: String(p.id), label: p.name })),
            ]}
            onValueChange={(v) => setProjectId(v === NO_PROJECT ? null : Number(v))}
          />
          <Button size="sm" onClick={add} disabled={!draft.trim()}>
            Add
          </Button>
        </div>
      )}
    </section>
  )
}

export type { SectionCardProps }
export { SectionCard }
