import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical as LucideGripVertical } from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'
import { icon } from './icon'

const GripVertical = /* @__PURE__ */ icon(LucideGripVertical)

/** A drag starts after 8 px, so clicks inside rows still work. */
const DRAG_ACTIVATION_DISTANCE = 8

// The sensors' options, made once: new objects on each render would give dnd-kit new sensors,
// and with them a new context that renders every draggable row again.
const POINTER_OPTIONS = { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE } }
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates }

type Id = number | string

type SortableDragContextProps = {
  onDragEnd: (event: DragEndEvent) => void
  /** What a screen reader is told of a handle before it is picked up. */
  instructions: string
  /** What it hears as an item is picked up, moved, dropped or put back. */
  announcements: Announcements
  children: React.ReactNode
}

/**
 * dnd-kit's drag and drop as every sortable of the ui has it (this list and the report editor's
 * items, components/item-move.tsx): a pointer or a finger drags after 8 px, the keyboard moves
 * with Space, the arrows and Space, the closest row is the target, and a screen reader hears
 * `instructions` and `announcements`.
 */
function SortableDragContext({
  onDragEnd,
  instructions,
  announcements,
  children,
}: SortableDragContextProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  )
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ screenReaderInstructions: { draggable: instructions }, announcements }}
    >
      {children}
    </DndContext>
  )
}

type SortableListProps<T extends { id: Id }> = {
  items: T[]
  onReorder: (next: T[]) => void
  renderItem: (item: T) => React.ReactNode
  getLabel: (item: T) => string
  className?: string
  /** Accessible name of the list. */
  'aria-label'?: string
}

function SortableRow<T extends { id: Id }>({
  item,
  label,
  children,
}: {
  item: T
  label: string
  children: React.ReactNode
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id })
  return (
    <li
      ref={setNodeRef}
      data-slot="sortable-item"
      data-dragging={isDragging || undefined}
      className="cad-sortable__item"
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        data-slot="sortable-handle"
        className="cad-sortable__handle"
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder ${label}`}
        aria-roledescription="sortable"
      >
        <GripVertical size={14} aria-hidden="true" />
      </button>
      <div className="cad-sortable__content">{children}</div>
    </li>
  )
}

function SortableList<T extends { id: Id }>({
  items,
  onReorder,
  renderItem,
  getLabel,
  className,
  'aria-label': ariaLabel,
}: SortableListProps<T>) {
  const labelOf = (id: Id | undefined) => {
    const item = items.find((i) => i.id === id)
    return item ? getLabel(item) : 'item'
  }
  const positionOf = (id: Id | undefined) => items.findIndex((i) => i.id === id) + 1

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return
    const from = items.findIndex((i) => i.id === active.id)
    const to = items.findIndex((i) => i.id === over.id)
    if (from < 0 || to < 0) return
    onReorder(arrayMove(items, from, to))
  }

  return (
    <SortableDragContext
      onDragEnd={onDragEnd}
      instructions="To pick up an item, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel."
      announcements={{
        onDragStart: ({ active }) =>
          `Picked up ${labelOf(active.id)}, position ${positionOf(active.id)} of ${items.length}.`,
        onDragOver: ({ active, over }) =>
          over
            ? `${labelOf(active.id)} moved to position ${positionOf(over.id)} of ${items.length}.`
            : `${labelOf(active.id)} is no longer over the list.`,
        onDragEnd: ({ active, over }) =>
          over
            ? `${labelOf(active.id)} dropped at position ${positionOf(over.id)} of ${items.length}.`
            : `${labelOf(active.id)} dropped.`,
        onDragCancel: ({ active }) => `Reordering cancelled. ${labelOf(active.id)} returned.`,
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul
          data-slot="sortable-list"
          aria-label={ariaLabel}
          className={cn('cad-sortable', className)}
        >
          {items.map((item) => (
            <SortableRow key={item.id} item={item} label={getLabel(item)}>
              {renderItem(item)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </SortableDragContext>
  )
}

export type { SortableDragContextProps, SortableListProps }
export { SortableDragContext, SortableList }
