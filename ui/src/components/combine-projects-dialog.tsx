import { ArrowLeft as LucideArrowLeft, Folder as LucideFolder } from 'lucide-react'
import * as React from 'react'
import { Button } from '../primitives/button'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { Field } from '../primitives/field'
import { icon } from '../primitives/icon'
import { Input } from '../primitives/input'
import type { Project } from '../types'
import { PROJECT_NAME_MAX } from './add-project-dialog'

const ArrowLeft = /* @__PURE__ */ icon(LucideArrowLeft)
const Folder = /* @__PURE__ */ icon(LucideFolder)

type CombineProjectsDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The selected projects to merge. */
  projects: Project[]
  /** Called with the trimmed new name after the confirm step; a rejection keeps it open. */
  onSubmit: (newProjectName: string) => void | Promise<void>
}

type Step = 'impact' | 'details' | 'confirm'

/** 'Please select at least 2 projects to combine', a name error, or null when the input is valid. */
function combineError(count: number, name: string | null): string | null {
  if (count < 2) return 'Please select at least 2 projects to combine'
  if (name === null) return null
  if (!name.trim()) return 'Project name is required'
  if (name.trim().length > PROJECT_NAME_MAX)
    return `Project name must be at most ${PROJECT_NAME_MAX} characters`
  return null
}

const refs = (p: Project) => p.total_references

/** Step 1: the projects that go and how many references move. */
function ImpactStep({
  projects,
  onCancel,
  onNext,
}: {
  projects: Project[]
  onCancel: () => void
  onNext: () => void
}) {
  const total = projects.reduce((n, p) => n + refs(p), 0)
  return (
    <div className="cad-form">
      <p>
        These {projects.length} projects will be merged into one. All their report items, tasks and
        follow-ups move to the new project.
      </p>
      <ul
        className="cad-combine__list"
        data-slot="combine-impact"
        tabIndex={0}
        aria-label="Projects to combine"
      >
        {projects.map((p) => (
          <li key={p.uuid}>
            <Folder size={14} aria-hidden />
            <span className="cad-combine__name">{p.name}</span>
            <span className="cad-muted cad-tabular">
              {refs(p)} {refs(p) === 1 ? 'reference' : 'references'}
            </span>
          </li>
        ))}
      </ul>
      <p className="cad-muted cad-tabular">
        {total} {total === 1 ? 'reference' : 'references'} in total will be moved.
      </p>
      <DialogFooter>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" onClick={onNext}>
          Next
        </Button>
      </DialogFooter>
    </div>
  )
}

/** Step 2: the new project's name (the first project's as a hint). */
function DetailsStep({
  name,
  error,
  placeholder,
  actions,
}: {
  name: string
  error: string | null
  placeholder?: string
  actions: { setName: (name: string) => void; back: () => void; next: (e: React.FormEvent) => void }
}) {
  const id = React.useId()
  return (
    <form className="cad-form" onSubmit={actions.next}>
      <Field label="New project name" htmlFor={`${id}-name`} error={error ?? undefined}>
        <Input
          id={`${id}-name`}
          value={name}
          autoFocus
          maxLength={PROJECT_NAME_MAX}
          placeholder={placeholder}
          onChange={(e) => actions.setName(e.target.value)}
        />
      </Field>
      <DialogFooter>
        <Button variant="ghost" onClick={actions.back}>
          <ArrowLeft size={14} aria-hidden /> Back
        </Button>
        <Button type="submit" variant="primary" disabled={!name.trim()}>
          Continue
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Step 3: the last word before the merge, with the server's refusal if it fails. */
function ConfirmStep({
  count,
  name,
  error,
  busy,
  actions,
}: {
  count: number
  name: string
  error: string | null
  busy: boolean
  actions: { back: () => void; combine: () => void }
}) {
  return (
    <div className="cad-form">
      <p>
        Combine {count} projects into <strong>“{name.trim()}”</strong>? This cannot be undone.
      </p>
      {error && (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button variant="ghost" onClick={actions.back}>
          <ArrowLeft size={14} aria-hidden /> Back
        </Button>
        <Button variant="danger" onClick={actions.combine} loading={busy}>
          Combine Projects
        </Button>
      </DialogFooter>
    </div>
  )
}

const STEP_TEXT: Record<Step, string> = {
  impact: 'Step 1 of 3: review the impact',
  details: 'Step 2 of 3: name the project',
  confirm: 'Step 3 of 3: confirm',
}

function CombineProjectsDialog({
  open,
  onOpenChange,
  projects,
  onSubmit,
}: CombineProjectsDialogProps) {
  const [step, setStep] = React.useState<Step>('impact')
  const [name, setName] = React.useState('')
  const [error, setError] = React.useState<string | null>(null)
  const [busy, setBusy] = React.useState(false)
  const tooFew = combineError(projects.length, null)

  const change = (next: boolean) => {
    if (!next) {
      setStep('impact')
      setName('')
      setError(null)
    }
    onOpenChange(next)
  }
  const toConfirm = (e?: React.FormEvent) => {
    e?.preventDefault()
    const found = combineError(projects.length, name)
    setError(found)
    if (!found) setStep('confirm')
  }
  const combine = async () => {
    setBusy(true)
    setError(null)
    try {
      await onSubmit(name.trim())
      change(false)
    } catch (err) {
      setError(
        `Failed to combine projects: ${err instanceof Error ? err.message : 'Unknown error'}`,
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title="Combine Projects" description={STEP_TEXT[step]}>
        {tooFew ? (
          <div className="cad-form">
            <p className="cad-form__error" role="alert">
              {tooFew}
            </p>
            <DialogFooter>
              <Button onClick={() => change(false)}>Close</Button>
            </DialogFooter>
          </div>
        ) : step === 'impact' ? (
          <ImpactStep
            projects={projects}
            onCancel={() => change(false)}
            onNext={() => setStep('details')}
          />
        ) : step === 'details' ? (
          <DetailsStep
            name={name}
            error={error}
            placeholder={projects[0]?.name}
            actions={{ setName, back: () => setStep('impact'), next: toConfirm }}
          />
        ) : (
          <ConfirmStep
            count={projects.length}
            name={name}
            error={error}
            busy={busy}
            actions={{ back: () => setStep('details'), combine }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

export type { CombineProjectsDialogProps }
export { CombineProjectsDialog, combineError }
