import { describe, expect, test } from 'bun:test'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import * as React from 'react'
import { Dialog, DialogContent } from './dialog'

/** A button that opens a dialog whose field takes focus with autoFocus, as the add dialogs do. */
function Opener({ autoFocusField }: { autoFocusField: boolean }) {
  const [open, setOpen] = React.useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add Project
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Add New Project">
          <input aria-label="Name" autoFocus={autoFocusField} />
        </DialogContent>
      </Dialog>
    </>
  )
}

describe('Dialog gives focus back to what opened it', () => {
  for (const autoFocusField of [true, false])
    test(`when closed with Escape (${autoFocusField ? 'a field with autoFocus' : 'no autoFocus'})`, async () => {
      render(<Opener autoFocusField={autoFocusField} />)
      const opener = screen.getByRole('button', { name: 'Add Project' })
      opener.focus()
      act(() => fireEvent.click(opener))
      const field = await screen.findByRole('textbox', { name: 'Name' })
      if (autoFocusField) expect(document.activeElement).toBe(field)
      act(() => {
        fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
      })
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull())
      await waitFor(() => expect(document.activeElement).toBe(opener))
    })
})
