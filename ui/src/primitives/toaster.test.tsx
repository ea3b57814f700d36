import { afterEach, beforeEach, describe, expect, jest, mock, test } from 'bun:test'
import { act, render, screen } from '@testing-library/react'
import type { Toast, ToastType } from '../types'
import { TOAST_DURATIONS, TOAST_LIMIT, Toaster } from './toaster'

describe('Toaster', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  test('durations per kind, and a limit on how many show', () => {
    expect(TOAST_DURATIONS).toEqual({
      success: 4000,
      error: 6000,
      warning: 5000,
      info: 4000,
      default: 5000,
    })
    expect(TOAST_LIMIT).toBe(20)
  })

  test("an action runs once and dismisses its toast ('Undo' after completing a task)", () => {
    const run = mock(() => {})
    const onDismiss = mock((_id: string) => {})
    render(
      <Toaster
        toasts={[
          { id: 'a', type: 'success', message: 'Task completed', action: { label: 'Undo', run } },
        ]}
        onDismiss={onDismiss}
      />,
    )
    act(() => screen.getByRole('button', { name: 'Undo' }).click())
    expect(run).toHaveBeenCalledTimes(1)
    expect(onDismiss).toHaveBeenCalledWith('a')
  })

  test('shows at most 20 toasts, the newest ones', () => {
    const toasts: Toast[] = Array.from({ length: 25 }, (_, i) => ({
      id: String(i),
      type: 'info',
      message: `Message ${i}`,
    }))
    render(<Toaster toasts={toasts} onDismiss={() => {}} />)
    const shown = screen.getAllByRole('status')
    expect(shown).toHaveLength(20)
    expect(shown[0].textContent).toContain('Message 5')
    expect(shown[19].textContent).toContain('Message 24')
  })

  test('errors are alerts; the rest are status messages', () => {
    render(
      <Toaster
        toasts={[
          { id: 'a', type: 'error', message: 'Failed to save' },
          { id: 'b', type: 'success', message: 'Saved' },
        ]}
        onDismiss={() => {}}
      />,
    )
    expect(screen.getByRole('alert').textContent).toContain('Failed to save')
    expect(screen.getByRole('status').textContent).toContain('Saved')
  })

  for (const type of Object.keys(TOAST_DURATIONS) as ToastType[]) {
    test(`a ${type} toast asks to be dismissed after ${TOAST_DURATIONS[type]} ms`, () => {
      const onDismiss = mock((_id: string) => {})
      render(<Toaster toasts={[{ id: 't1', type, message: 'Hello' }]} onDismiss={onDismiss} />)
      act(() => jest.advanceTimersByTime(TOAST_DURATIONS[type] - 1))
      expect(onDismiss).not.toHaveBeenCalled()
      act(() => jest.advanceTimersByTime(1))
      expect(onDismiss).toHaveBeenCalledWith('t1')
    })
  }

  test('the dismiss button dismisses at once', () => {
    const onDismiss = mock((_id: string) => {})
    render(
      <Toaster toasts={[{ id: 'x', type: 'success', message: 'Saved' }]} onDismiss={onDismiss} />,
    )
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click())
    expect(onDismiss).toHaveBeenCalledWith('x')
  })
})
