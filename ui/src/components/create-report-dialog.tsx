import * as React from 'react'
import { Button } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { Dialog, DialogContent, DialogFooter } from '../primitives/dialog'
import { Field } from '../primitives/field'
import { Input, Textarea } from '../primitives/input'
import type { Weekday } from '../types'
import { WeekSelector, weekStartForOffset } from './week-selector'

type NewReport = {
  week_start_date: string
  title?: string
  summary?: string
  /** Carry the previous report's open tasks and follow-ups into this one (POST /api/reports). */
  carry_over: boolean
}

type CreateReportDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  startDay?: Weekday
  endDay?: Weekday
  today?: Date
  /** Where 'Carry over open items from the previous report' starts: the user's setting. */
  defaultCarryOver?: boolean
  /** Controls the carry-over checkbox instead (with onCarryOverChange). */
  carryOver?: boolean
  onCarryOverChange?: (carryOver: boolean) => void
  /** Called with the chosen week, the optional, trimmed title and summary, and carry_over. */
  onSubmit: (report: NewReport) => void | Promise<void>
}

/** The report's optional title and summary. */
function TitleAndSummary({
  id,
  title,
  summary,
  onTitle,
  onSummary,
}: {
  id: string
  title: string
  summary: string
  onTitle: (title: string) => void
  onSummary: (summary: string) => void
}) {
  return (
    <>
      <Field label="Title (optional)" htmlFor={`${id}-title`}>
        <Input
          id={`${id}-title`}
          autoFocus
          value={title}
          placeholder="Add a title for this week's report..."
          onChange={(e) => onTitle(e.target.value)}
        />
      </Field>
      <Field label="Summary (optional)" htmlFor={`${id}-summary`}>
        <Textarea
          id={`${id}-summary`}
          value={summary}
          placeholder="Add a summary of this week's progress..."
          onChange={(e) => onSummary(e.target.value)}
        />
      </Field>
    </>
  )
}

function CreateReportDialog({
  open,
  onOpenChange,
  startDay = 'monday',
  endDay = 'friday',
  today,
  defaultCarryOver = true,
  carryOver,
  onCarryOverChange,
  onSubmit,
}: CreateReportDialogProps) {
  const [ownCarry, setOwnCarry] = React.useState(defaultCarryOver)
  const carry = carryOver ?? ownCarry
  const setCarry = (next: boolean) => {
    if (carryOver === undefined) setOwnCarry(next)
    onCarryOverChange?.(next)
  }
  const [offset, setOffset] = React.useState(0)
  const [title, setTitle] = React.useState('')
  const [summary, setSummary] = React.useState('')
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const id = React.useId()

  const change = (next: boolean) => {
    if (!next) {
      setOffset(0)
      setTitle('')
      setSummary('')
      setError(null)
      setOwnCarry(defaultCarryOver)
    }
    onOpenChange(next)
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await onSubmit({
        week_start_date: weekStartForOffset(offset, startDay, today),
        ...(title.trim() ? { title: title.trim() } : {}),
        ...(summary.trim() ? { summary: summary.trim() } : {}),
        carry_over: carry,
      })
      change(false)
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to create report')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Create New Weekly Report"
        description="Pick the week this report covers."
      >
        <form onSubmit={submit} className="cad-form" data-slot="create-report-form">
          <WeekSelector
            offset={offset}
            onOffsetChange={setOffset}
            startDay={startDay}
            endDay={endDay}
            today={today}
          />
          <TitleAndSummary
            id={id}
            title={title}
            summary={summary}
            onTitle={setTitle}
            onSummary={setSummary}
          />
          <label className="cad-form__check" htmlFor={`${id}-carry`}>
            <Checkbox
              id={`${id}-carry`}
              checked={carry}
              onCheckedChange={(v) => setCarry(v === true)}
            />
            Carry over open items from the previous report
          </label>
          {error && (
            <p className="cad-form__error" role="alert">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button variant="ghost" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" loading={busy}>
              Create Report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

export type { CreateReportDialogProps, NewReport }
export { CreateReportDialog }
