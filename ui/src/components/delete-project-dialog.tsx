import * as React from 'react'
import { Button } from '../primitives/button'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { Field } from '../primitives/field'
import { Select } from '../primitives/select'
import type { Project } from '../types'

const GENERAL = 'general'

type DeleteProjectDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  project: Project | null
  /** All projects; active ones other than `project` are offered as destinations. */
  projects: Project[]
  /**
   * Deletes the project. `undefined` when it has no references (plain delete); otherwise the
   * destination: null for General, or a project id. A rejection keeps the dialog open.
   */
  onConfirm: (moveToProjectId: number | null | undefined) => void | Promise<void>
}

function DeleteProjectDialog({
  open,
  onOpenChange,
  project,
  projects,
  onConfirm,
}: DeleteProjectDialogProps) {
  const [destination, setDestination] = React.useState('')
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const id = React.useId()
  const references = project?.total_references ?? 0
  const needsDestination = references > 0
  const destinations = projects.filter((p) => p.status === 'active' && p.id !== project?.id)

  const change = (next: boolean) => {
    if (!next) {
      setDestination('')
      setError(null)
    }
    onOpenChange(next)
  }
  const confirm = async () => {
    if (needsDestination && !destination) return
    setBusy(true)
    setError(null)
    try {
      await onConfirm(
        !needsDestination ? undefined : destination === GENERAL ? null : Number(destination),
      )
      change(false)
    } catch (err) {
      setError(`Failed to delete project: ${err instanceof Error ? err.message : 'Unknown error'}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title="Delete project" size="sm">
        <div className="cad-form">
          <p>
            Delete <strong className="cad-break">“{project?.name}”</strong>?{' '}
            {needsDestination
              ? `It is referenced by ${references} ${references === 1 ? 'item' : 'items'}. Choose where they move first.`
              : 'It has no references. This cannot be undone.'}
          </p>
          {needsDestination && (
            <Field label="Move items to" htmlFor={`${id}-dest`}>
              <Select
                id={`${id}-dest`}
                value={destination}
                onValueChange={setDestination}
                placeholder="Choose a destination"
                options={[
                  { value: GENERAL, label: 'General (no project)' },
                  ...destinations.map((p) => ({ value: String(p.id), label: p.name })),
                ]}
              />
            </Field>
          )}
          {error && (
            <p className="cad-form__error" role="alert">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button variant="ghost" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={confirm}
              loading={busy}
              disabled={!project || (needsDestination && !destination)}
            >
              Delete Project
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  )
}

export type { DeleteProjectDialogProps }
export { DeleteProjectDialog }
