// Unsaved changes ask in the app's own dialog, not the browser's confirm (issue 46).
import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { installLeaveGuard } from '../lib/use-leave-warning'
import { useLeaveDialog } from './leave-dialog'

installLeaveGuard()

function Editor({ dirty }: { dirty: boolean }) {
  const dialog = useLeaveDialog(dirty)
  return (
    <>
      <a href="/reports">Reports</a>
      {dialog}
    </>
  )
}

const realConfirm = window.confirm
afterEach(() => {
  cleanup()
  window.confirm = realConfirm
})

describe('useLeaveDialog', () => {
  test("a link asks in the app's dialog: staying keeps the page, leaving follows the link", async () => {
    history.replaceState(null, '', '/settings')
    window.confirm = () => {
      throw new Error("the browser's confirm must not be used")
    }
    const followed: string[] = []
    // The router: hears the click after the guard (bubbling), unless it was stopped.
    const router = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a')
      if (link && !event.defaultPrevented) followed.push(link.getAttribute('href') ?? '')
      event.preventDefault()
    }
    document.addEventListener('click', router)
    render(<Editor dirty />)
    fireEvent.click(screen.getByText('Reports'))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    expect(dialog.textContent).toContain('You have unsaved changes')
    expect(followed).toEqual([])
    // Staying is the focused, safe answer.
    const stay = screen.getByRole('button', { name: 'Stay and keep editing' })
    await waitFor(() => expect(document.activeElement).toBe(stay))
    fireEvent.click(stay)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(followed).toEqual([])

    fireEvent.click(screen.getByText('Reports'))
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }))
    await waitFor(() => expect(followed).toEqual(['/reports']))
    document.removeEventListener('click', router)
  })

  test("Back asks in the app's dialog and puts the page's address back", async () => {
    history.replaceState(null, '', '/settings')
    window.confirm = () => {
      throw new Error("the browser's confirm must not be used")
    }
    const routed: string[] = []
    const router = () => routed.push(location.pathname)
    window.addEventListener('popstate', router)
    render(<Editor dirty />)
    history.replaceState(null, '', '/reports')
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
    await screen.findByRole('dialog', { name: 'Leave without saving?' })
    expect(routed).toEqual([])
    expect(location.pathname).toBe('/settings')
    fireEvent.click(screen.getByRole('button', { name: 'Stay and keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(location.pathname).toBe('/settings')
    window.removeEventListener('popstate', router)
  })

  test('without changes nothing is asked', () => {
    history.replaceState(null, '', '/settings')
    let defaultPrevented = true
    const router = (event: MouseEvent) => {
      defaultPrevented = event.defaultPrevented
      event.preventDefault()
    }
    document.addEventListener('click', router)
    render(<Editor dirty={false} />)
    fireEvent.click(screen.getByText('Reports'))
    expect(defaultPrevented).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
    document.removeEventListener('click', router)
  })
})
