import {
  CheckSquare as LucideCheckSquare,
  FolderKanban as LucideFolderKanban,
  List as LucideList,
  MessageSquareMore as LucideMessageSquareMore,
  Plus as LucidePlus,
} from 'lucide-react'
import * as React from 'react'
import type { AgeOptional } from '../lib/ageing'
import { byId } from '../lib/by-id'
import { useShallowStable } from '../lib/stable'
import { Button } from '../primitives/button'
import { icon } from '../primitives/icon'
import { InlineEdit } from '../primitives/inline-edit'
import { Select } from '../primitives/select'
import type { Project, ReportSection, SectionItem, SectionType, TeamMember } from '../types'
import {
  SectionDropEnd,
  SectionItemsSortable,
  type SectionLayout,
  useItemDrag,
  useItemMove,
} from './item-move'
import { ItemRow, type ItemRowProps } from './item-row'
import { MentionInput } from './mention-input'

const CheckSquare = /* @__PURE__ */ icon(LucideCheckSquare)
const FolderKanban = /* @__PURE__ */ icon(LucideFolderKanban)
const List = /* @__PURE__ */ icon(LucideList)
const MessageSquareMore = /* @__PURE__ */ icon(LucideMessageSquareMore)
const Plus = /* @__PURE__ */ icon(LucidePlus)

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

/**
 * Items by project in her order: items without a project first, then each project where its
 * first item stands in the section's stored order, so dragging an item first brings its project first; pending before
 * completed in each. core/src/brief.ts groupsOf keeps the same order for the memo, e-mail, PDF
 * and Markdown. O(items + projects): one pass over the items with a Map of projects by id
 * (pass `projectsById` when the caller has it already).
 */
export function groupItems<T extends Groupable>(
  items: readonly T[],
  projects: readonly Project[],
  projectsById: Map<number, Project> = byId(projects),
): ItemGroup<T>[] {
  const byProject = new Map<number | null, T[]>()
  for (const item of items) {
    const key =
      item.project_id !== null && projectsById.has(item.project_id) ? item.project_id : null
    const list = byProject.get(key)
    if (list) list.push(item)
    else byProject.set(key, [item])
  }
  // No project first (the product spec's draft preview), then each project in the order of its
  // first item (a Map iterates in insertion order; the sort is stable).
  const order = [...byProject.keys()].sort((a, b) => (a === null ? -1 : b === null ? 1 : 0))
  return order.map((id) => {
    const list = byProject.get(id)!
    // Stable: pending first, each part in its original order.
    const pending = list.filter((i) => !i.is_completed)
    const completed = list.filter((i) => i.is_completed)
    return {
      key: String(id),
      project: id === null ? null : projectsById.get(id)!,
      items: [...pending, ...completed],
    }
  })
}

export type NewItem = {
  content: string
  project_id: number | null
  assigned_to_team_member_id: number | null
}

type RowHandlers = {
  toggle: (completed: boolean) => void
  edit: (content: string) => void
  project: (projectId: number | null) => void
  assign: (memberId: number | null) => void
  remove: () => void
  ask: (isAsk: boolean) => void
  include: (include: boolean) => void
  decide: () => void
}

/** A report section as the card takes it: the contract's, its items' ageing optional. */
type CardSection = Omit<ReportSection, 'items'> & { items: AgeOptional<SectionItem>[] }

type SectionCardProps = {
  section: CardSection
  projects: Project[]
  members: TeamMember[]
  onAddItem?: (item: NewItem) => void
  onUpdateItem?: (id: number, changes: Partial<SectionItem>) => void
  onDeleteItem?: (id: number) => void
  onContentChange?: (content: string) => void
  /** Decisions: 'Record as decision' on an item (by its id). */
  onRecordDecision?: (id: number) => void
  /** The report has no previous report: no item is marked 'new' (ItemRow's firstReport). */
  firstReport?: boolean
}

type Phases = Record<number, 'completing' | 'held'>

/**
 * Where each just-completed item is in its animation: 'completing' while it fades and moves in
 * place, then 'held' in the completed group, then nothing. `toggle` sends the change and starts it.
 */
function useCompletion(onUpdateItem: SectionCardProps['onUpdateItem']) {
  const [phases, setPhases] = React.useState<Phases>({})
  const timers = React.useRef<ReturnType<typeof setTimeout>[]>([])
  React.useEffect(() => () => timers.current.forEach(clearTimeout), [])
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
  return { phases, toggle }
}

/**
 * Row callbacks that keep their identity across renders (the caller's may not): they call the
 * latest props through a ref, so a memoised ItemRow only re-renders when its own data changes.
 */
function useRowHandlers(
  toggle: (id: number, completed: boolean) => void,
  onUpdateItem: SectionCardProps['onUpdateItem'],
  onDeleteItem: SectionCardProps['onDeleteItem'],
  onRecordDecision?: SectionCardProps['onRecordDecision'],
) {
  const latest = React.useRef({ toggle, onUpdateItem, onDeleteItem, onRecordDecision })
  latest.current = { toggle, onUpdateItem, onDeleteItem, onRecordDecision }
  const handlers = React.useRef(new Map<number, RowHandlers>())
  return (id: number): RowHandlers => {
    let h = handlers.current.get(id)
    if (!h) {
      h = {
        toggle: (c) => latest.current.toggle(id, c),
        edit: (content) => latest.current.onUpdateItem?.(id, { content }),
        project: (project_id) => latest.current.onUpdateItem?.(id, { project_id }),
        assign: (assigned_to_team_member_id) =>
          latest.current.onUpdateItem?.(id, { assigned_to_team_member_id }),
        remove: () => latest.current.onDeleteItem?.(id),
        ask: (is_ask) => latest.current.onUpdateItem?.(id, { is_ask }),
        include: (include_in_brief) => latest.current.onUpdateItem?.(id, { include_in_brief }),
        decide: () => latest.current.onRecordDecision?.(id),
      }
      handlers.current.set(id, h)
    }
    return h
  }
}

/**
 * The line that adds an item: text with @ to assign (task lists), a project, Add. Memoised: a
 * toggle in its section does not render it again.
 */
const AddItemRow = React.memo(function AddItemRow({
  section,
  isTaskList,
  projects,
  members,
  onAddItem,
}: {
  section: Pick<CardSection, 'id' | 'section_name'>
  isTaskList: boolean
  projects: readonly Project[]
  members: TeamMember[]
  onAddItem: (item: NewItem) => void
}) {
  const [draft, setDraft] = React.useState('')
  const [assignee, setAssignee] = React.useState<TeamMember | null>(null)
  const [projectId, setProjectId] = React.useState<number | null>(null)
  const projectOptions = React.useMemo(
    () => [
      { value: NO_PROJECT, label: 'No project' },
      ...projects
        .filter((p) => p.status === 'active')
        .map((p) => ({ value: String(p.id), label: p.name })),
    ],
    [projects],
  )
  const chooseProject = React.useCallback(
    (v: string) => setProjectId(v === NO_PROJECT ? null : Number(v)),
    [],
  )
  const add = () => {
    const content = draft.trim()
    if (!content) return
    onAddItem({ content, project_id: projectId, assigned_to_team_member_id: assignee?.id ?? null })
    setDraft('')
    setAssignee(null)
  }
  return (
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
        <button type="button" className="cad-tag cad-tag--person" onClick={() => setAssignee(null)}>
          @{assignee.name} <span className="cad-sr-only">(remove assignee)</span>×
        </button>
      )}
      <Select
        className="cad-select--sm"
        aria-label={`Project for new ${section.section_name} item`}
        value={projectId === null ? NO_PROJECT : String(projectId)}
        options={projectOptions}
        onValueChange={chooseProject}
      />
      <Button size="sm" onClick={add} disabled={!draft.trim()}>
        Add
      </Button>
    </div>
  )
})

/** The header: icon, name and item count; a task list's notes under it when editable. */
function SectionHeader({
  section,
  isTaskList,
  onContentChange,
}: Pick<SectionCardProps, 'section' | 'onContentChange'> & { isTaskList: boolean }) {
  const Icon = SECTION_ICONS[section.section_type]
  return (
    <>
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
    </>
  )
}

/** The control that stands for a row: its checkbox, else its first button or field (not its handle). */
const ROW_CONTROL = '[role="checkbox"], button:not([data-slot="move-handle"]), input, textarea'

/**
 * A row with its drag handle when the editor can move items (item-move.tsx). Memoised: a toggle
 * re-renders its section, and only the row whose item changed renders again.
 */
const MovableItemRow = React.memo(function MovableItemRow(props: ItemRowProps) {
  const drag = useItemDrag(props.item)
  if (!drag) return <ItemRow {...props} />
  return (
    <ItemRow
      {...props}
      dragHandle={drag.handle}
      rowRef={drag.rowRef}
      rowStyle={drag.rowStyle}
      dragging={drag.dragging}
    />
  )
})

/**
 * Where focus goes when the control that had it leaves: the row of `id` (its checkbox or first
 * control), else the section's 'Add an item' field. Never the body.
 */
function focusRowOrAdd(card: HTMLElement | null, id: number | null, sectionId: number) {
  if (!card) return
  const row = id === null ? null : card.querySelector(`[data-item-id="${id}"]`)
  const target =
    row?.querySelector<HTMLElement>(ROW_CONTROL) ??
    card.querySelector<HTMLElement>(`#add-${sectionId}`)
  target?.focus()
}

/**
 * A report section. Completing an item plays the fade and move (0.3 s + 0.3 s) in place, then the
 * item joins the completed group, where it stays marked for about a second.
 */
const SectionCard = React.memo(function SectionCard({
  section,
  projects,
  members,
  onAddItem,
  onUpdateItem,
  onDeleteItem,
  onContentChange,
  onRecordDecision,
  firstReport,
}: SectionCardProps) {
  const [expanded, setExpanded] = React.useState(false)
  const cardRef = React.useRef<HTMLElement>(null)
  // What the rows look like now, for focus moves made from a handler.
  const layout = React.useRef<{ flat: { id: number }[]; shown: Set<number> }>({
    flat: [],
    shown: new Set(),
  })
  // After '+N more': the index of the first revealed row, focused once it is drawn.
  const revealFrom = React.useRef<number | null>(null)
  const collapsing = React.useRef(false)
  const { phases, toggle } = useCompletion(onUpdateItem)
  // Completing an item from its own row (Space on the checkbox) sends focus to the next row shown,
  // or to 'Add an item', before the item moves to the completed group or behind '+N more'.
  // Where focus goes once the toggle is rendered: moved in the commit, not in the click, so the
  // browser works out styles and layout once for both (focus() makes it do so at once).
  const focusNext = React.useRef<{ id: number | null } | null>(null)
  const toggleKeepingFocus = (id: number, completed: boolean) => {
    const card = cardRef.current
    const row = card?.querySelector(`[data-item-id="${id}"]`)
    const hadFocus = Boolean(row && document.activeElement && row.contains(document.activeElement))
    toggle(id, completed)
    if (!completed || !hadFocus) return
    const { flat: rows, shown: visible } = layout.current
    const at = rows.findIndex((i) => i.id === id)
    const next = rows.slice(at + 1).find((i) => visible.has(i.id))
    focusNext.current = { id: next?.id ?? null }
  }
  React.useLayoutEffect(() => {
    const pending = focusNext.current
    if (!pending) return
    focusNext.current = null
    focusRowOrAdd(cardRef.current, pending.id, section.id)
  })
  const handlersFor = useRowHandlers(
    toggleKeepingFocus,
    onUpdateItem,
    onDeleteItem,
    onRecordDecision,
  )
  const isTaskList = section.section_type !== 'standard'
  const stableProjects = useShallowStable(projects)
  const stableMembers = useShallowStable(members)
  const projectsById = React.useMemo(() => byId(stableProjects), [stableProjects])
  const itemsById = React.useMemo(() => byId(section.items), [section.items])
  // An item mid-animation still sorts as pending, so it fades where the user clicked it.
  const groups = React.useMemo(() => {
    const sortable = section.items.map((i) =>
      phases[i.id] === 'completing' ? { ...i, is_completed: false } : i,
    )
    return groupItems(sortable, stableProjects, projectsById)
  }, [section.items, phases, stableProjects, projectsById])
  const flat = groups.flatMap((g) => g.items)
  const limit = isTaskList && !expanded ? VISIBLE_TASKS : Number.POSITIVE_INFINITY
  const shown = new Set(flat.slice(0, limit).map((i) => i.id))
  const hidden = flat.length - shown.size
  layout.current = { flat, shown }
  const movable = useItemMove() !== null
  const moveLayout: SectionLayout = {
    name: section.section_name,
    shown: flat
      .filter((i) => shown.has(i.id))
      .map((i) => ({ id: i.id, content: i.content, project_id: i.project_id })),
    stored: section.items.map((i) => i.id),
  }
  React.useLayoutEffect(() => {
    const card = cardRef.current
    if (!card) return
    if (expanded && revealFrom.current !== null) {
      const rows = card.querySelectorAll<HTMLElement>('[data-slot="item-row"]')
      rows[revealFrom.current]?.querySelector<HTMLElement>(ROW_CONTROL)?.focus()
      revealFrom.current = null
    }
    if (!expanded && collapsing.current) {
      card.querySelector<HTMLElement>('[data-slot="more-items"]')?.focus()
      collapsing.current = false
    }
  }, [expanded])

  const addSection = React.useMemo(
    () => ({ id: section.id, section_name: section.section_name }),
    [section.id, section.section_name],
  )
  const addRow = onAddItem && (
    <AddItemRow
      section={addSection}
      isTaskList={isTaskList}
      projects={stableProjects}
      members={stableMembers as TeamMember[]}
      onAddItem={onAddItem}
    />
  )
  return (
    <section
      ref={cardRef}
      data-slot="section-card"
      className="cad-card cad-section"
      aria-labelledby={`section-${section.id}`}
    >
      <SectionHeader section={section} isTaskList={isTaskList} onContentChange={onContentChange} />
      {section.items.length === 0 && <p className="cad-muted cad-section-empty">No items yet.</p>}
      <SectionItemsSortable sectionId={section.id} layout={moveLayout}>
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
                {items.map((i) => {
                  const h = handlersFor(i.id)
                  return (
                    <MovableItemRow
                      key={i.id}
                      item={itemsById.get(i.id)!}
                      projects={stableProjects as Project[]}
                      members={stableMembers as TeamMember[]}
                      phase={phases[i.id]}
                      onToggle={onUpdateItem ? h.toggle : undefined}
                      onEdit={onUpdateItem ? h.edit : undefined}
                      onProjectChange={onUpdateItem ? h.project : undefined}
                      onAssign={onUpdateItem && isTaskList ? h.assign : undefined}
                      onDelete={onDeleteItem ? h.remove : undefined}
                      onAskChange={onUpdateItem ? h.ask : undefined}
                      onIncludeChange={onUpdateItem ? h.include : undefined}
                      onRecordDecision={onRecordDecision ? h.decide : undefined}
                      firstReport={firstReport}
                    />
                  )
                })}
              </ul>
            </div>
          )
        })}
      </SectionItemsSortable>
      {hidden > 0 && (
        <Button
          variant="link"
          size="sm"
          data-slot="more-items"
          onClick={() => {
            revealFrom.current = shown.size
            setExpanded(true)
          }}
        >
          +{hidden} more {section.section_type === 'followups' ? 'follow-ups' : 'tasks'}
        </Button>
      )}
      {expanded && flat.length > VISIBLE_TASKS && (
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            collapsing.current = true
            setExpanded(false)
          }}
        >
          Show fewer
        </Button>
      )}
      {movable ? <SectionDropEnd sectionId={section.id}>{addRow}</SectionDropEnd> : addRow}
    </section>
  )
})

export type { CardSection, SectionCardProps }
export { SectionCard }
