import { type DragEndEvent, type UniqueIdentifier, useDroppable } from '@dnd-kit/core'
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical as LucideGripVertical } from 'lucide-react'
import * as React from 'react'
import { useShallowStable } from '../lib/stable'
import { icon } from '../primitives/icon'
import { SortableDragContext } from '../primitives/sortable-list'

const GripVertical = /* @__PURE__ */ icon(LucideGripVertical)

/**
 * Her order (issue 46): a report's items dragged by their handle within a section and between
 * sections, with the mouse, touch (a pointer, after 8 px) and the keyboard (Space, arrows, Space;
 * Escape cancels), announced in plain English. The editor's rows show grouped by project
 * (section-card.tsx groupItems); a drop takes the slot of the row it lands on, and so that row's
 * project group: `project_id` is in the move when it changes (the app sends it with PUT
 * /api/section-items/{id}, the place with PUT /api/section-items/{id}/position).
 */

/** Where an item goes: its section, before which item (null: last), and its project when that changes. */
export type ItemMove = {
  section_id: number
  before_id: number | null
  project_id?: number | null
}

/** A row as the move needs it. */
type ShownItem = { id: number; content: string; project_id: number | null }

/** What each section card tells the editor: its name, rows as shown and items in stored order. */
type SectionLayout = { name: string; shown: ShownItem[]; stored: number[] }

type MoveContext = {
  /** Set by each section card as it renders. */
  layouts: Map<number, SectionLayout>
  /** Why moving is not possible now (offline), or undefined. */
  disabledReason?: string
}

const ItemMoveContext = React.createContext<MoveContext | null>(null)

const END = 'end-'
const endId = (sectionId: number) => `${END}${sectionId}`

/** Where a drop of `activeId` on `overId` puts it, or null when it stays where it is. */
function planMove(
  layouts: Map<number, SectionLayout>,
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier | undefined,
): { move: ItemMove; item: ShownItem; position: number; count: number; name: string } | null {
  if (overId === undefined || overId === activeId) return null
  let source: [number, SectionLayout] | undefined
  let target: [number, SectionLayout] | undefined
  for (const entry of layouts) {
    if (entry[1].shown.some((i) => i.id === activeId)) source = entry
    if (entry[1].shown.some((i) => i.id === overId)) target = entry
    if (String(overId) === endId(entry[0])) target = entry
  }
  if (!source || !target) return null
  const item = source[1].shown.find((i) => i.id === activeId)!
  const [sectionId, layout] = target
  const others = layout.shown.filter((i) => i.id !== item.id)
  const count = others.length + 1
  const name = layout.name
  const over = layout.shown.find((i) => i.id === overId)
  if (!over) {
    // The end of a section (its 'Add an item' line): last there, in its own project.
    return {
      move: { section_id: sectionId, before_id: null },
      item,
      position: count,
      count,
      name,
    }
  }
  const project = over.project_id !== item.project_id ? { project_id: over.project_id } : {}
  const overIndex = others.findIndex((i) => i.id === over.id)
  const from = layout.shown.findIndex((i) => i.id === item.id)
  // Within a section, downwards: after the row it lands on (the sortable list's arrayMove).
  if (source[0] === sectionId && from >= 0 && from <= overIndex) {
    const stored = layout.stored.filter((id) => id !== item.id)
    const after = stored[stored.indexOf(over.id) + 1] ?? null
    return {
      move: { section_id: sectionId, before_id: after, ...project },
      item,
      position: overIndex + 2,
      count,
      name,
    }
  }
  return {
    move: { section_id: sectionId, before_id: over.id, ...project },
    item,
    position: overIndex + 1,
    count,
    name,
  }
}

const quoted = (item: { content: string }) => `'${item.content}'`

type ItemMoveProviderProps = {
  onMove: (id: number, move: ItemMove) => void
  /** Why moving is off (offline): handles are disabled and say so. */
  disabledReason?: string
  children: React.ReactNode
}

/** Focuses the handle of item `id` once it is drawn where it moved to (a few frames at most). */
function focusHandleSoon(id: number) {
  let frames = 0
  const tryFocus = () => {
    const handle = document.querySelector<HTMLElement>(`[data-move-handle="${id}"]`)
    if (handle && document.activeElement !== handle) handle.focus()
    if (++frames < 10) requestAnimationFrame(tryFocus)
  }
  requestAnimationFrame(tryFocus)
}

/** The report editor's drag and drop of items: wraps its section cards. */
function ItemMoveProvider({ onMove, disabledReason, children }: ItemMoveProviderProps) {
  const layouts = React.useRef(new Map<number, SectionLayout>()).current
  const find = (id: UniqueIdentifier) => {
    for (const layout of layouts.values()) {
      const item = layout.shown.find((i) => i.id === id)
      if (item) return { item, layout }
    }
  }
  const where = (active: UniqueIdentifier, over: UniqueIdentifier | undefined) => {
    const plan = planMove(layouts, active, over)
    if (plan) return `position ${plan.position} of ${plan.count} in ${plan.name}`
    const found = find(active)
    if (!found) return 'its place'
    const at = found.layout.shown.findIndex((i) => i.id === active) + 1
    return `position ${at} of ${found.layout.shown.length} in ${found.layout.name}`
  }
  const label = (id: UniqueIdentifier) => {
    const found = find(id)
    return found ? quoted(found.item) : 'the item'
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const plan = planMove(layouts, active.id, over?.id)
    if (!plan) return
    onMove(plan.item.id, plan.move)
    focusHandleSoon(plan.item.id)
  }
  const context = React.useMemo(() => ({ layouts, disabledReason }), [layouts, disabledReason])
  return (
    <ItemMoveContext.Provider value={context}>
      <SortableDragContext
        onDragEnd={onDragEnd}
        instructions="To move an item, press Space or Enter on its handle. Use the arrow keys to move it, within its section or into the next, Space or Enter to drop it, Escape to cancel."
        announcements={{
          onDragStart: ({ active }) =>
            `Picked up ${label(active.id)}, ${where(active.id, undefined)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${label(active.id)} is over ${where(active.id, over.id)}.`
              : `${label(active.id)} is not over a section.`,
          onDragEnd: ({ active, over }) => {
            const plan = planMove(layouts, active.id, over?.id)
            return plan
              ? `Moved ${quoted(plan.item)} to position ${plan.position} of ${plan.count} in ${plan.name}.`
              : `${label(active.id)} stays at ${where(active.id, undefined)}.`
          },
          onDragCancel: ({ active }) => `Move cancelled. ${label(active.id)} is back in its place.`,
        }}
      >
        {children}
      </SortableDragContext>
    </ItemMoveContext.Provider>
  )
}

/** Inside a section card: its rows as a sortable list, when the editor can move items. */
function useItemMove() {
  return React.useContext(ItemMoveContext)
}

/** A section's rows as one sortable list, and the end of the section as a place to drop. */
function SectionItemsSortable({
  sectionId,
  layout,
  children,
}: {
  sectionId: number
  layout: SectionLayout
  children: React.ReactNode
}) {
  const context = useItemMove()
  if (context) context.layouts.set(sectionId, layout)
  React.useEffect(() => {
    return () => {
      context?.layouts.delete(sectionId)
    }
  }, [context, sectionId])
  // The same array while the rows shown are the same: a new one would re-render every row's
  // useSortable (a click on a checkbox re-rendered the whole section).
  const ids = useShallowStable(layout.shown.map((i) => i.id))
  if (!context) return <>{children}</>
  return (
    <SortableContext
      id={`section-${sectionId}`}
      items={ids as number[]}
      strategy={verticalListSortingStrategy}
    >
      {children}
    </SortableContext>
  )
}

/** The end of a section, where a dropped item goes last (also an empty section). */
function SectionDropEnd({ sectionId, children }: { sectionId: number; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: endId(sectionId) })
  return (
    <div ref={setNodeRef} className="cad-section__drop-end" data-over={isOver || undefined}>
      {children}
    </div>
  )
}

/** What a row needs to be dragged: its node, its style while moving, and its handle. */
function useItemDrag(item: { id: number; content: string }) {
  const context = useItemMove()
  const disabled = !context || Boolean(context.disabledReason)
  const sortable = useSortable({ id: item.id, disabled })
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = sortable
  const reason = context?.disabledReason
  // Kept while nothing of it changes, so the memoised row is not re-rendered by its section.
  const handle = React.useMemo(
    () => (
      <button
        ref={setActivatorNodeRef}
        type="button"
        data-slot="move-handle"
        data-move-handle={item.id}
        className="cad-move-handle"
        {...attributes}
        {...listeners}
        aria-roledescription="movable item"
        aria-label={`Move ${item.content}`}
        title={reason ?? `Move ${item.content}`}
        disabled={Boolean(reason)}
      >
        <GripVertical size={14} aria-hidden="true" />
      </button>
    ),
    [setActivatorNodeRef, attributes, listeners, item.id, item.content, reason],
  )
  const translate = CSS.Translate.toString(transform)
  const rowStyle = React.useMemo(
    () => ({ transform: translate, transition }),
    [translate, transition],
  )
  if (!context) return null
  return {
    rowRef: setNodeRef,
    rowStyle,
    dragging: sortable.isDragging,
    handle,
  }
}

export type { SectionLayout, ShownItem }
export {
  ItemMoveProvider,
  planMove,
  SectionDropEnd,
  SectionItemsSortable,
  useItemDrag,
  useItemMove,
}
