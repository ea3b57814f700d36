import * as React from 'react'
import { Button } from '../primitives/button'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { Field } from '../primitives/field'
import { Input } from '../primitives/input'

type NewTeamMember = { name: string; title: string | null; email: string }
type TeamMemberErrors = { name?: string; email?: string }

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The validation messages for a team member form; empty when valid. */
function validateTeamMember(input: { name: string; email: string }): TeamMemberErrors {
  const errors: TeamMemberErrors = {}
  if (!input.name.trim()) errors.name = 'Name is required'
  // Optional: a member may be added by name alone (an e-mail is needed only to invite them).
  const email = input.email.trim()
  if (email && !EMAIL_PATTERN.test(email)) errors.email = 'Enter a valid e-mail or leave it empty'
  return errors
}

type AddTeamMemberDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Called with trimmed values; an empty title is null. A rejection keeps the dialog open. */
  onSubmit: (member: NewTeamMember) => void | Promise<void>
}

/** The form's fields, their errors and its submit: cleared whenever the dialog closes. */
function useTeamMemberForm({ onOpenChange, onSubmit }: Omit<AddTeamMemberDialogProps, 'open'>) {
  const [name, setName] = React.useState('')
  const [title, setTitle] = React.useState('')
  const [email, setEmail] = React.useState('')
  const [errors, setErrors] = React.useState<TeamMemberErrors>({})
  const [failure, setFailure] = React.useState<string | null>(null)
  const [busy, setBusy] = React.useState(false)

  const change = (next: boolean) => {
    if (!next) {
      setName('')
      setTitle('')
      setEmail('')
      setErrors({})
      setFailure(null)
    }
    onOpenChange(next)
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    const found = validateTeamMember({ name, email })
    setErrors(found)
    if (found.name || found.email) return
    setBusy(true)
    setFailure(null)
    try {
      await onSubmit({ name: name.trim(), title: title.trim() || null, email: email.trim() })
      change(false)
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'Failed to add team member')
    } finally {
      setBusy(false)
    }
  }
  const fields = { name, title, email, setName, setTitle, setEmail }
  return { fields, errors, setErrors, failure, busy, change, submit }
}

function AddTeamMemberDialog({ open, onOpenChange, onSubmit }: AddTeamMemberDialogProps) {
  const { fields, errors, setErrors, failure, busy, change, submit } = useTeamMemberForm({
    onOpenChange,
    onSubmit,
  })
  const { name, title, email, setName, setTitle, setEmail } = fields
  const id = React.useId()

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Add New Team Member"
        size="sm"
        // Name takes focus here, not by autoFocus: an input focused before the dialog's own
        // open step would keep the dialog from noting its opener, to give focus back on close.
        onOpenAutoFocus={(e) => {
          e.preventDefault()
          document.getElementById(`${id}-name`)?.focus()
        }}
      >
        <form onSubmit={submit} className="cad-form" noValidate data-slot="add-team-member-form">
          <Field label="Name" htmlFor={`${id}-name`} error={errors.name}>
            <Input
              id={`${id}-name`}
              value={name}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
              onBlur={() =>
                setErrors((prev) => ({
                  ...prev,
                  name: validateTeamMember({ name, email: 'a@b.co' }).name,
                }))
              }
            />
          </Field>
          <Field label="Title (optional)" htmlFor={`${id}-title`}>
            <Input
              id={`${id}-title`}
              value={title}
              placeholder="e.g. Head of Design"
              onChange={(e) => setTitle(e.target.value)}
            />
          </Field>
          <Field
            label="Email (optional)"
            htmlFor={`${id}-email`}
            hint="Needed only to invite them to Cadence"
            error={errors.email}
          >
            <Input
              id={`${id}-email`}
              type="email"
              value={email}
              autoComplete="off"
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() =>
                email.trim() &&
                setErrors((prev) => ({
                  ...prev,
                  email: validateTeamMember({ name: 'x', email }).email,
                }))
              }
            />
          </Field>
          {failure && (
            <p className="cad-form__error" role="alert">
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button variant="ghost" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={!name.trim()} loading={busy}>
              Add Team Member
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export type { AddTeamMemberDialogProps, NewTeamMember, TeamMemberErrors }
export { AddTeamMemberDialog, EMAIL_PATTERN, validateTeamMember }
