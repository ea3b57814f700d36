// Stories for ui/src/components/item-move.tsx: her order of items in the report editor (issue 46).
import {
  type CardSection,
  type ItemMove,
  ItemMoveProvider,
  planMove,
  SectionCard,
  SectionOrderOffer,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { item, members, projects, section } from './composite-fixtures'

const OFFLINE = 'You are offline — this will be possible when you are back online'

const initialSections = (): CardSection[] => [
  section(1, 'Accomplishments', 'standard', [
    item(11, 'Close Q3 books', { section_id: 1, item_type: 'standard' }),
    item(12, 'Signed the EMEA reseller', { section_id: 1, item_type: 'standard' }),
    item(13, 'Hired a head of design', { section_id: 1, item_type: 'standard' }),
  ]),
  section(2, 'Action Items', 'tasks', [
    item(21, 'Send the board pack', { section_id: 2 }),
    item(22, 'Renew the office lease', { section_id: 2 }),
  ]),
]

/** Applies a move as the app's state does: out of its section, before `before_id` or last. */
function applyMove(sections: CardSection[], id: number, move: ItemMove): CardSection[] {
  const moved = sections.flatMap((s) => s.items).find((i) => i.id === id)!
  const next = { ...moved, section_id: move.section_id }
  if (move.project_id !== undefined) next.project_id = move.project_id
  return sections.map((s) => {
    const items = s.items.filter((i) => i.id !== id)
    if (s.id !== move.section_id) return { ...s, items }
    const at = move.before_id === null ? -1 : items.findIndex((i) => i.id === move.before_id)
    if (at < 0) items.push(next)
    else items.splice(at, 0, next)
    return { ...s, items }
  })
}

const onMove = fn()

/** The editor's sections with their handles, holding the order as the app does. */
function Editor({ offline = false, offer = false }: { offline?: boolean; offer?: boolean }) {
  const [sections, setSections] = useState(initialSections)
  return (
    <div style={{ maxWidth: 760, display: 'grid', gap: 16 }}>
      {offer ? <SectionOrderOffer onApply={fn()} onDismiss={fn()} /> : null}
      <ItemMoveProvider
        disabledReason={offline ? OFFLINE : undefined}
        onMove={(id, move) => {
          onMove(id, move)
          setSections((current) => applyMove(current, id, move))
        }}
      >
        {sections.map((s) => (
          <SectionCard
            key={s.id}
            section={s}
            projects={projects}
            members={members}
            onAddItem={fn()}
            onUpdateItem={fn()}
            onDeleteItem={fn()}
          />
        ))}
      </ItemMoveProvider>
    </div>
  )
}

const meta = {
  title: 'Components/ItemMove',
  component: Editor,
} satisfies Meta<typeof Editor>

export default meta
type Story = StoryObj<typeof meta>

/** Each section's rows, in the order shown. */
const rows = (canvas: HTMLElement) =>
  Array.from(canvas.querySelectorAll('[data-slot="section-card"]')).map((card) =>
    Array.from(card.querySelectorAll('[data-slot="item-row"]')).map(
      (row) => row.querySelector('[data-slot="move-handle"]')?.getAttribute('aria-label') ?? '',
    ),
  )

export const WithHandles: Story = {
  parameters: { visual: { showFocus: true } },
  play: async ({ canvas }) => {
    const handles = canvas.getAllByRole('button', { name: /^Move / })
    await expect(handles.map((h) => h.getAttribute('aria-label'))).toEqual([
      'Move Close Q3 books',
      'Move Signed the EMEA reseller',
      'Move Hired a head of design',
      'Move Send the board pack',
      'Move Renew the office lease',
    ])
    // The handle is its own button, not the row: the row's checkbox and actions stay as they were.
    await expect(
      canvas.getByRole('checkbox', { name: 'Complete: Send the board pack' }),
    ).toBeEnabled()
    handles[0].focus()
    await expect(handles[0]).toHaveFocus()
  },
}

export const KeyboardMoveWithinSection: Story = {
  // Focus stays on the handle after the move: the snapshot shows it (dnd-kit gives focus back
  // after the drop, so a blurred snapshot would depend on when it was taken).
  parameters: { visual: { showFocus: true } },
  play: async ({ canvasElement, canvas }) => {
    onMove.mockClear()
    const handle = canvas.getByRole('button', { name: 'Move Close Q3 books' })
    handle.focus()
    await userEvent.keyboard(' ')
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard(' ')
    await waitFor(() => expect(onMove).toHaveBeenCalledWith(11, { section_id: 1, before_id: 13 }))
    await waitFor(() =>
      expect(rows(canvasElement)[0]).toEqual([
        'Move Signed the EMEA reseller',
        'Move Close Q3 books',
        'Move Hired a head of design',
      ]),
    )
    // Focus stays on the moved item's handle.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Move Close Q3 books' })).toHaveFocus(),
    )
    // Said in plain English for screen readers.
    await waitFor(() =>
      expect(
        within(document.body).getByText(
          "Moved 'Close Q3 books' to position 2 of 3 in Accomplishments.",
        ),
      ).toBeInTheDocument(),
    )
  },
}

export const KeyboardMoveCancelled: Story = {
  // Focus stays on the handle after the move: the snapshot shows it (dnd-kit gives focus back
  // after the drop, so a blurred snapshot would depend on when it was taken).
  parameters: { visual: { showFocus: true } },
  play: async ({ canvasElement, canvas }) => {
    onMove.mockClear()
    canvas.getByRole('button', { name: 'Move Close Q3 books' }).focus()
    await userEvent.keyboard(' ')
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard('{Escape}')
    await expect(onMove).not.toHaveBeenCalled()
    await expect(rows(canvasElement)[0][0]).toBe('Move Close Q3 books')
  },
}

export const Offline: Story = {
  args: { offline: true },
  play: async ({ canvas }) => {
    for (const handle of canvas.getAllByRole('button', { name: /^Move / })) {
      await expect(handle).toBeDisabled()
      await expect(handle).toHaveAttribute('title', OFFLINE)
    }
  },
}

export const WithSectionOrderOffer: Story = {
  args: { offer: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your sections are in a new order in Settings.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Apply to this report' })).toBeEnabled()
    await expect(canvas.getByRole('button', { name: 'Not now' })).toBeEnabled()
  },
}

/** The plan of a drop, without a pointer: between sections, onto a row, to a section's end. */
export const DropPlans: Story = {
  play: async () => {
    const layouts = new Map([
      [
        1,
        {
          name: 'Accomplishments',
          shown: [
            { id: 11, content: 'Close Q3 books', project_id: null },
            { id: 12, content: 'Signed the EMEA reseller', project_id: 1 },
          ],
          stored: [11, 12],
        },
      ],
      [
        2,
        {
          name: 'Action Items',
          shown: [{ id: 21, content: 'Send the board pack', project_id: 2 }],
          stored: [21],
        },
      ],
    ])
    // Onto a row of another section: before it, in its project's group.
    await expect(planMove(layouts, 11, 21)).toMatchObject({
      move: { section_id: 2, before_id: 21, project_id: 2 },
      position: 1,
      count: 2,
      name: 'Action Items',
    })
    // Downwards within a section: after the row it lands on (last: before_id null).
    await expect(planMove(layouts, 11, 12)?.move).toEqual({
      section_id: 1,
      before_id: null,
      project_id: 1,
    })
    // The end of a section: last, its project unchanged.
    await expect(planMove(layouts, 12, 'end-2')?.move).toEqual({ section_id: 2, before_id: null })
    // Onto itself or nowhere: no move.
    await expect(planMove(layouts, 11, 11)).toBeNull()
    await expect(planMove(layouts, 11, undefined)).toBeNull()
  },
}
