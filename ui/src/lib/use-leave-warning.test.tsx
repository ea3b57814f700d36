import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, render } from '@testing-library/react'
import { installLeaveGuard, LEAVE_WARNING, useLeaveWarning } from './use-leave-warning'

// As the app's entry does, before any router listens.
installLeaveGuard()

function Editor({ dirty }: { dirty: boolean }) {
  useLeaveWarning(dirty)
  return null
}

/** The browser's Back to `path`: the address changes first, then popstate reaches the listeners. */
function back(path: string) {
  history.replaceState(null, '', path)
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
}

const realConfirm = window.confirm
afterEach(() => {
  cleanup()
  window.confirm = realConfirm
})

describe('useLeaveWarning and the browser Back button', () => {
  test('with changes, Back asks; staying keeps the page and the router never follows', () => {
    history.replaceState(null, '', '/settings')
    const routed: string[] = []
    const router = () => routed.push(location.pathname)
    window.addEventListener('popstate', router)
    const asked: string[] = []
    window.confirm = (message?: string) => {
      asked.push(String(message))
      return false
    }
    render(<Editor dirty />)
    back('/reports')
    expect(asked).toEqual([LEAVE_WARNING])
    expect(routed).toEqual([])
    expect(location.pathname).toBe('/settings')
    window.removeEventListener('popstate', router)
  })

  test('leaving anyway lets the router follow; without changes nothing is asked', () => {
    history.replaceState(null, '', '/settings')
    const routed: string[] = []
    const router = () => routed.push(location.pathname)
    window.addEventListener('popstate', router)
    let asked = 0
    window.confirm = () => {
      asked++
      return true
    }
    const view = render(<Editor dirty />)
    back('/reports')
    expect(asked).toBe(1)
    expect(routed).toEqual(['/reports'])

    history.replaceState(null, '', '/settings')
    view.rerender(<Editor dirty={false} />)
    back('/dashboard')
    expect(asked).toBe(1)
    expect(routed).toEqual(['/reports', '/dashboard'])
    window.removeEventListener('popstate', router)
  })
})
