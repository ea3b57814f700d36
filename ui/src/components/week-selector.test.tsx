import { describe, expect, mock, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { clampWeekOffset, WeekSelector, weekStartForOffset } from './week-selector'

const today = new Date(2026, 10, 19) // Thu 19 Nov 2026

function setup(offset: number) {
  const onOffsetChange = mock((_n: number) => {})
  render(
    <WeekSelector
      offset={offset}
      onOffsetChange={onOffsetChange}
      startDay="monday"
      endDay="friday"
      today={today}
    />,
  )
  return { onOffsetChange }
}

describe('WeekSelector', () => {
  test('shows this week in the user start and end days', () => {
    setup(0)
    expect(screen.getByText('Nov 16 - Nov 20, 2026')).toBeTruthy()
    expect(screen.getByText('This week')).toBeTruthy()
  })

  test('shows relative labels for other weeks', () => {
    setup(-2)
    expect(screen.getByText('Nov 2 - Nov 6, 2026')).toBeTruthy()
    expect(screen.getByText('2 weeks ago')).toBeTruthy()
  })

  test('previous and next move one week', () => {
    const { onOffsetChange } = setup(3)
    expect(screen.getByText('In 3 weeks')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }))
    expect(onOffsetChange).toHaveBeenLastCalledWith(2)
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }))
    expect(onOffsetChange).toHaveBeenLastCalledWith(4)
  })

  test('stops at 52 weeks back', () => {
    setup(-52)
    expect(
      (screen.getByRole('button', { name: 'Previous week' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    expect((screen.getByRole('button', { name: 'Next week' }) as HTMLButtonElement).disabled).toBe(
      false,
    )
  })

  test('stops at 52 weeks forward', () => {
    setup(52)
    expect((screen.getByRole('button', { name: 'Next week' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
  })

  test('clamps offsets outside -52..52', () => {
    expect(clampWeekOffset(-60)).toBe(-52)
    expect(clampWeekOffset(99)).toBe(52)
    expect(clampWeekOffset(5)).toBe(5)
    expect(weekStartForOffset(100, 'monday', today)).toBe('2027-11-15')
    expect(weekStartForOffset(-52, 'sunday', today)).toBe('2025-11-16')
  })
})
