// Stories for ui/src/primitives/sortable-list.tsx
import { Badge, SortableList } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor } from 'storybook/test'

type Template = { id: number; name: string; type: 'standard' | 'tasks' | 'followups' }

const templates: Template[] = [
  { id: 1, name: 'Highlights', type: 'standard' },
  { id: 2, name: 'Tasks', type: 'tasks' },
  { id: 3, name: 'Follow-ups', type: 'followups' },
  { id: 4, name: 'Risks', type: 'standard' },
]

const onReorder = fn()

function TemplateList({ initial = templates }: { initial?: Template[] }) {
  const [items, setItems] = useState(initial)
  return (
    <div style={{ maxWidth: 420 }}>
      <SortableList
        aria-label="Section templates"
        items={items}
        getLabel={(t) => t.name}
        onReorder={(next) => {
          setItems(next)
          onReorder(next.map((t) => t.name))
        }}
        renderItem={(t) => (
          <div
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 8,
            }}
          >
            <span>{t.name}</span>
            <Badge>{t.type}</Badge>
          </div>
        )}
      />
    </div>
  )
}

const meta = {
  title: 'Components/SortableList',
  component: TemplateList,
} satisfies Meta<typeof TemplateList>

export default meta
type Story = StoryObj<typeof meta>

const names = (list: HTMLElement) =>
  Array.from(list.querySelectorAll('[data-slot="sortable-item"]')).map(
    (li) => li.querySelector('span')?.textContent,
  )

export const Default: Story = {
  play: async ({ canvas }) => {
    const handles = canvas.getAllByRole('button', { name: /^Drag to reorder / })
    await expect(handles.map((h) => h.getAttribute('aria-label'))).toEqual([
      'Drag to reorder Highlights',
      'Drag to reorder Tasks',
      'Drag to reorder Follow-ups',
      'Drag to reorder Risks',
    ])
    await expect(handles[0]).toHaveAttribute('aria-roledescription', 'sortable')
  },
}

export const KeyboardReorder: Story = {
  play: async ({ canvas }) => {
    onReorder.mockClear()
    const list = canvas.getByRole('list', { name: 'Section templates' })
    const handle = canvas.getByRole('button', { name: 'Drag to reorder Highlights' })
    handle.focus()
    await userEvent.keyboard(' ')
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard(' ')
    await waitFor(() =>
      expect(onReorder).toHaveBeenCalledWith(['Tasks', 'Highlights', 'Follow-ups', 'Risks']),
    )
    await expect(names(list)).toEqual(['Tasks', 'Highlights', 'Follow-ups', 'Risks'])
  },
}

export const KeyboardCancel: Story = {
  play: async ({ canvas }) => {
    onReorder.mockClear()
    const list = canvas.getByRole('list', { name: 'Section templates' })
    canvas.getByRole('button', { name: 'Drag to reorder Tasks' }).focus()
    await userEvent.keyboard(' ')
    await userEvent.keyboard('{ArrowDown}')
    await userEvent.keyboard('{Escape}')
    await expect(onReorder).not.toHaveBeenCalled()
    await expect(names(list)).toEqual(['Highlights', 'Tasks', 'Follow-ups', 'Risks'])
  },
}
