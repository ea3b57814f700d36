import * as React from 'react'
import { Button } from '../primitives/button'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { Field } from '../primitives/field'
import { Input } from '../primitives/input'

const PROJECT_NAME_MAX = 255

type AddProjectDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Called with the trimmed name. A rejected promise keeps the dialog open and shows its message. */
  onSubmit: (name: string) => void | Promise<void>
}

function AddProjectDialog({ open, onOpenChange, onSubmit }: AddProjectDialogProps) {
  const [name, setName] = React.useState('')
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const id = React.useId()

  const change = (next: boolean) => {
    if (!next) {
      setName('')
      setError(null)
    }
    onOpenChange(next)
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return
    setBusy(true)
    setError(null)
    try {
      await onSubmit(trimmed)
      change(false)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to add project')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title="Add New Project" size="sm">
        <form onSubmit={submit} className="cad-form" data-slot="add-project-form">
          <Field label="Project name" htmlFor={`${id}-name`} error={error ?? undefined}>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={PROJECT_NAME_MAX}
              autoFocus
              placeholder="e.g. Platform migration"
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button variant="ghost" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={!name.trim()} loading={busy}>
              Add Project
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export type { AddProjectDialogProps }
export { AddProjectDialog, PROJECT_NAME_MAX }
