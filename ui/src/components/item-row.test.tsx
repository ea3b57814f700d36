import { describe, expect, mock, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { ItemRow } from './item-row'

const item = {
  id: 1,
  content: 'Ship the board deck',
  is_completed: false,
  item_type: 'task' as const,
  project_id: null,
}

function setup() {
  const onEdit = mock((_content: string) => {})
  const onDelete = mock(() => {})
  render(
    <ul>
      <ItemRow item={item} onEdit={onEdit} onDelete={onDelete} />
    </ul>,
  )
  return { onEdit, onDelete }
}

const button = (name: string) => screen.getByRole('button', { name })

describe('ItemRow focus', () => {
  test('Escape in the editor cancels and puts focus back on Edit', () => {
    const { onEdit } = setup()
    fireEvent.click(button('Edit: Ship the board deck'))
    const input = screen.getByRole('textbox', { name: 'Edit item' })
    fireEvent.change(input, { target: { value: 'Other' } })
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(onEdit).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(button('Edit: Ship the board deck'))
  })

  test('Enter saves and puts focus back on Edit', () => {
    const { onEdit } = setup()
    fireEvent.click(button('Edit: Ship the board deck'))
    const input = screen.getByRole('textbox', { name: 'Edit item' })
    fireEvent.change(input, { target: { value: 'Ship the deck' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onEdit).toHaveBeenCalledWith('Ship the deck')
    expect(document.activeElement).toBe(button('Edit: Ship the board deck'))
  })

  test('Escape on the delete confirmation keeps the item and puts focus back on Delete', () => {
    const { onDelete } = setup()
    fireEvent.click(button('Delete: Ship the board deck'))
    const cancel = button('Cancel')
    expect(document.activeElement).toBe(cancel)
    fireEvent.keyDown(cancel, { key: 'Escape' })
    expect(onDelete).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(button('Delete: Ship the board deck'))
  })
})
