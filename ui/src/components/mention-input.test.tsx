import { describe, expect, mock, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import * as React from 'react'
import type { TeamMember } from '../types'
import { findMentionQuery, MentionInput, matchMembers, removeMention } from './mention-input'

const member = (id: number, name: string, title: string | null): TeamMember =>
  ({
    id,
    uuid: `m-${id}`,
    name,
    title,
    email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  }) as TeamMember

const members = [
  member(1, 'Ada Lovelace', 'Head of Engineering'),
  member(2, 'Grace Hopper', 'Platform Lead'),
  member(3, 'Alan Turing', null),
]

describe('findMentionQuery', () => {
  test('finds @ at the start or after a space, with the query up to the caret', () => {
    expect(findMentionQuery('@ad')).toEqual({ start: 0, end: 3, query: 'ad' })
    expect(findMentionQuery('Ship it @gr')).toEqual({ start: 8, end: 11, query: 'gr' })
    expect(findMentionQuery('Ship it @')?.query).toBe('')
  })

  test('ignores e-mail addresses and queries with spaces', () => {
    expect(findMentionQuery('mail ada@example')).toBeNull()
    expect(findMentionQuery('Ship @grace hopper')).toBeNull()
    expect(findMentionQuery('no mention')).toBeNull()
  })

  test('uses the caret position, not the end of the text', () => {
    expect(findMentionQuery('Ask @al about it', 7)).toEqual({ start: 4, end: 7, query: 'al' })
  })
})

describe('matchMembers', () => {
  test('matches name or title, case-insensitively', () => {
    expect(matchMembers(members, 'ADA').map((m) => m.id)).toEqual([1])
    expect(matchMembers(members, 'lead').map((m) => m.id)).toEqual([2])
    expect(matchMembers(members, 'engineering').map((m) => m.id)).toEqual([1])
    expect(matchMembers(members, 'al').map((m) => m.id)).toEqual([3])
    expect(matchMembers(members, '').length).toBe(3)
    expect(matchMembers(members, 'zzz')).toEqual([])
  })
})

describe('removeMention', () => {
  test('removes the @query and the space it leaves', () => {
    expect(removeMention('Send deck @gr', { start: 10, end: 13, query: 'gr' })).toBe('Send deck')
    expect(removeMention('@gr send deck', { start: 0, end: 3, query: 'gr' })).toBe('send deck')
    expect(removeMention('Send @gr the deck', { start: 5, end: 8, query: 'gr' })).toBe(
      'Send the deck',
    )
  })
})

function Harness({
  onAssign,
  onSubmit,
}: {
  onAssign: (m: TeamMember) => void
  onSubmit: () => void
}) {
  const [value, setValue] = React.useState('')
  return (
    <MentionInput
      aria-label="New item"
      value={value}
      onChange={setValue}
      members={members}
      onAssign={onAssign}
      onSubmit={onSubmit}
    />
  )
}

describe('MentionInput', () => {
  function setup() {
    const onAssign = mock((_m: TeamMember) => {})
    const onSubmit = mock(() => {})
    render(<Harness onAssign={onAssign} onSubmit={onSubmit} />)
    const input = screen.getByRole('combobox', { name: 'New item' }) as HTMLInputElement
    const type = (value: string) =>
      fireEvent.change(input, { target: { value, selectionStart: value.length } })
    return { input, type, onAssign, onSubmit }
  }

  test('@ opens suggestions; arrows and Enter pick one and remove the query', () => {
    const { input, type, onAssign, onSubmit } = setup()
    type('Review budget @a')
    const options = screen.getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      'Ada LovelaceHead of Engineering',
      'Grace HopperPlatform Lead',
      'Alan Turing',
    ])
    expect(input.getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(screen.getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onAssign).toHaveBeenCalledWith(members[1])
    expect(onSubmit).not.toHaveBeenCalled()
    expect(input.value).toBe('Review budget')
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  test('Tab also selects, and ArrowUp wraps to the last suggestion', () => {
    const { input, type, onAssign } = setup()
    type('@a')
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    fireEvent.keyDown(input, { key: 'Tab' })
    expect(onAssign).toHaveBeenCalledWith(members[2])
  })

  test('Escape closes the list; Enter then submits', () => {
    const { input, type, onAssign, onSubmit } = setup()
    type('Plan @gr')
    expect(screen.getByRole('listbox')).toBeTruthy()
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onAssign).not.toHaveBeenCalled()
  })

  test('a space ends the mention', () => {
    const { type } = setup()
    type('@grace ')
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
