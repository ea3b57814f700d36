import { describe, expect, mock, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import type { TeamMember } from '../types'
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

describe('ItemRow tags', () => {
  const member = { id: 4, name: 'Priya Nair' } as TeamMember
  const aged = {
    ...item,
    assigned_to_team_member_id: 4,
    open_weeks: 3,
    origin_week_start_date: '2026-11-02',
    is_stalled: true,
    carried_from_item_id: 2,
  }

  test('the assignee reads "Assigned to" and the name, beside the initials', () => {
    render(
      <ul>
        <ItemRow item={aged} members={[member]} />
      </ul>,
    )
    const tag = screen.getByText('Assigned to Priya Nair')
    const avatar = tag.parentElement?.querySelector('[data-slot="avatar"]')
    expect(avatar?.getAttribute('data-initials')).toBe('PN')
    expect(avatar?.getAttribute('aria-hidden')).toBe('true')
    // the initials are drawn by CSS: the tag's text is the sentence alone
    expect(tag.parentElement?.textContent).toBe('Assigned to Priya Nair')
  })

  test('the age is a short chip, stalled and carried, with the sentence as tooltip and for screen readers', () => {
    render(
      <ul>
        <ItemRow item={aged} members={[member]} />
      </ul>,
    )
    const sentence =
      'Stalled, open 3 weeks, since the report of Nov 2, carried over from an earlier report'
    const chip = screen.getByText(sentence).closest('[data-slot="age-chip"]')
    expect(chip?.getAttribute('title')).toBe(sentence)
    expect(chip?.getAttribute('data-stalled')).toBe('true')
    expect(chip?.getAttribute('data-carried')).toBe('true')
    const short = chip?.querySelector('[aria-hidden="true"]')
    expect(short?.textContent).toBe('3w')
    expect(short?.querySelectorAll('svg')).toHaveLength(2)
  })

  test('a completed item shows no age', () => {
    render(
      <ul>
        <ItemRow item={{ ...aged, is_completed: true }} members={[member]} />
      </ul>,
    )
    expect(document.querySelector('[data-slot="age-chip"]')).toBeNull()
  })
})
