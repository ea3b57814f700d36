import * as React from 'react'
import { Button } from '../primitives/button'
import { DatePicker } from '../primitives/date-picker'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { Field } from '../primitives/field'
import { Input, Textarea } from '../primitives/input'
import { Select } from '../primitives/select'
import type { Decision, Project, TeamMember } from '../types'

const TITLE_MAX = 500
const WHY_MAX = 10_000
/** The Select's value for 'the user' and for 'no project' (a Select value cannot be empty). */
const ME = 'me'
const NONE = 'none'

/** What POST /api/decisions and PUT /api/decisions/{id} take. */
type DecisionInput = {
  title: string
  decided_on: string
  decided_by_member_uuid: string | null
  rationale: string | null
  revisit_on: string | null
  project_uuid: string | null
  source_item_id?: number | null
}

type DecisionDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The decision edited, or the values a new one starts with; `id` present: editing. */
  initial?: Partial<Decision> | null
  /** Today (YYYY-MM-DD): a new decision's date. */
  today: string
  projects: Pick<Project, 'uuid' | 'name'>[]
  members: Pick<TeamMember, 'uuid' | 'name'>[]
  /** Rejected: the dialog stays open and shows the message. */
  onSubmit: (input: DecisionInput) => void | Promise<void>
}

/** Record or edit a decision: what, when, by whom, the project, why, and when to revisit it. */
type DecisionDetailsValue = {
  decidedOn: string
  by: string
  project: string
  why: string
  revisit: string
}

/** When and by whom, the project, why, and when to revisit it. */
function DecisionDetails({
  id,
  value,
  set,
  projects,
  members,
}: {
  id: string
  value: DecisionDetailsValue
  set: { [K in keyof DecisionDetailsValue]: (next: string) => void }
  projects: DecisionDialogProps['projects']
  members: DecisionDialogProps['members']
}) {
  return (
    <>
      <div className="cad-decision-form__row">
        <DatePicker label="Decided on" value={value.decidedOn} onChange={set.decidedOn} />
        <Field label="Decided by" htmlFor={`${id}-by`}>
          <Select
            id={`${id}-by`}
            value={value.by}
            onValueChange={set.by}
            options={[
              { value: ME, label: 'You' },
              ...members.map((m) => ({ value: m.uuid, label: m.name })),
            ]}
          />
        </Field>
      </div>
      <Field label="Project" htmlFor={`${id}-project`}>
        <Select
          id={`${id}-project`}
          value={value.project}
          onValueChange={set.project}
          options={[
            { value: NONE, label: 'No project' },
            ...projects.map((p) => ({ value: p.uuid, label: p.name })),
          ]}
        />
      </Field>
      <Field label="Why" htmlFor={`${id}-why`}>
        <Textarea
          id={`${id}-why`}
          value={value.why}
          maxLength={WHY_MAX}
          rows={3}
          placeholder="What made this the right call"
          onChange={(e) => set.why(e.target.value)}
        />
      </Field>
      <DatePicker
        label="Revisit on (optional)"
        value={value.revisit}
        min={value.decidedOn || undefined}
        onChange={set.revisit}
      />
      <p className="cad-field__hint">
        On its revisit date the decision comes back as a follow-up in that week's report.
      </p>
    </>
  )
}

/** The dialog's fields and error, set from `initial` (or empty, decided today) each time it opens. */
function useDecisionFields(open: boolean, initial: DecisionDialogProps['initial'], today: string) {
  const [title, setTitle] = React.useState('')
  const [decidedOn, setDecidedOn] = React.useState(today)
  const [by, setBy] = React.useState(ME)
  const [project, setProject] = React.useState(NONE)
  const [why, setWhy] = React.useState('')
  const [revisit, setRevisit] = React.useState('')
  const [error, setError] = React.useState<string | null>(null)
  React.useEffect(() => {
    if (!open) return
    setTitle(initial?.title ?? '')
    setDecidedOn(initial?.decided_on ?? today)
    setBy(initial?.decided_by_member_uuid ?? ME)
    setProject(initial?.project_uuid ?? NONE)
    setWhy(initial?.rationale ?? '')
    setRevisit(initial?.revisit_on ?? '')
    setError(null)
  }, [open, initial, today])
  return {
    title,
    setTitle,
    error,
    setError,
    value: { decidedOn, by, project, why, revisit },
    set: {
      decidedOn: setDecidedOn,
      by: setBy,
      project: setProject,
      why: setWhy,
      revisit: setRevisit,
    },
  }
}

function DecisionDialog({
  open,
  onOpenChange,
  initial,
  today,
  projects,
  members,
  onSubmit,
}: DecisionDialogProps) {
  const id = React.useId()
  const [busy, setBusy] = React.useState(false)
  const fields = useDecisionFields(open, initial, today)
  const { title, setTitle, error, setError } = fields
  const { decidedOn, by, project, why, revisit } = fields.value
  const editing = initial?.id !== undefined
  const revisitTooEarly = Boolean(revisit && decidedOn && revisit < decidedOn)
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!title.trim() || !decidedOn || revisitTooEarly) return
    setBusy(true)
    setError(null)
    try {
      await onSubmit({
        title: title.trim(),
        decided_on: decidedOn,
        decided_by_member_uuid: by === ME ? null : by,
        rationale: why.trim() || null,
        revisit_on: revisit || null,
        project_uuid: project === NONE ? null : project,
        ...(editing ? {} : { source_item_id: initial?.source_item_id ?? null }),
      })
      onOpenChange(false)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to save the decision')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? 'Edit decision' : 'Record a decision'} size="md">
        <form onSubmit={submit} className="cad-form cad-decision-form" data-slot="decision-form">
          <Field label="What was decided" htmlFor={`${id}-title`} error={error ?? undefined}>
            <Input
              id={`${id}-title`}
              value={title}
              maxLength={TITLE_MAX}
              autoFocus
              placeholder="e.g. Move the launch to March"
              onChange={(e) => setTitle(e.target.value)}
            />
          </Field>
          <DecisionDetails
            id={id}
            value={fields.value}
            set={fields.set}
            projects={projects}
            members={members}
          />
          {revisitTooEarly ? (
            <p className="cad-field__error" role="alert">
              The revisit date is on or after the day it was decided.
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={!title.trim() || !decidedOn || revisitTooEarly}
              loading={busy}
            >
              {editing ? 'Save' : 'Record decision'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export type { DecisionDialogProps, DecisionInput }
export { DecisionDialog }
