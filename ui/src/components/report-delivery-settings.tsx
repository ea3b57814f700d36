import { Plus as LucidePlus, X as LucideX } from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { Button, IconButton } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { icon } from '../primitives/icon'
import type { UserSettings } from '../types'

const Plus = /* @__PURE__ */ icon(LucidePlus)
const X = /* @__PURE__ */ icon(LucideX)

type WeekOverWeekSettings = Required<
  Pick<UserSettings, 'carry_over' | 'reminder_enabled' | 'report_recipients'>
> & { team_reminder_enabled?: boolean }

type ReportDeliverySettingsProps = Omit<React.ComponentProps<'section'>, 'onChange'> & {
  carryOver: boolean
  reminderEnabled: boolean
  recipients: string[]
  /** Team roll-up's reminder to one's team; the checkbox shows when given. */
  teamReminderEnabled?: boolean
  /** What saves the checkboxes (Settings: 'Save Preferences'), between them and the recipients. */
  saveBar?: React.ReactNode
  /** GET /api/config's mailEnabled: without e-mail the reminder and the recipients only wait. */
  mailEnabled?: boolean
  /** The server's answer to the last change, e.g. 'At most 20 recipients'. */
  error?: string | null
  /**
   * A checkbox toggled or a recipient added or removed, one field at a time. The page decides when
   * it is saved: Settings keeps the checkboxes in the Report Preferences form (saved by 'Save
   * Preferences') and saves each recipient change at once.
   */
  onChange: (changes: Partial<WeekOverWeekSettings>) => void
}

const MAX_RECIPIENTS = 20
// The server's check is the authority; this one catches typos before the round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type AddToListFormProps = {
  /** The base of the error paragraph's id. */
  id: string
  type: 'email' | 'url'
  label: string
  placeholder: string
  buttonLabel: string
  value: string
  onValueChange: (value: string) => void
  invalid: boolean
  /** The check's or the server's message, under the form. */
  message: string | null
  onSubmit: (e: React.FormEvent) => void
}

/** One address to add to a list (report recipients, chat webhooks), and what is wrong with it. */
function AddToListForm(p: AddToListFormProps) {
  return (
    <>
      <form className="cad-wow-settings__add" onSubmit={p.onSubmit} noValidate>
        <input
          className="cad-input"
          type={p.type}
          aria-label={p.label}
          aria-invalid={p.invalid ? true : undefined}
          aria-describedby={p.message ? `${p.id}-error` : undefined}
          placeholder={p.placeholder}
          value={p.value}
          onChange={(e) => p.onValueChange(e.target.value)}
        />
        <Button type="submit" size="sm">
          <Plus size={14} aria-hidden />
          {p.buttonLabel}
        </Button>
      </form>
      {p.message ? (
        <p id={`${p.id}-error`} className="cad-form__error" role="alert">
          {p.message}
        </p>
      ) : null}
    </>
  )
}

/** One checkbox setting with its label and hint (and what else it needs to say). */
function SettingOption({
  id,
  label,
  hint,
  checked,
  onChecked,
  children,
}: {
  id: string
  label: string
  hint: string
  checked: boolean
  onChecked: (checked: boolean) => void
  children?: React.ReactNode
}) {
  return (
    <div className="cad-wow-settings__option">
      <Checkbox
        id={id}
        checked={checked}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(v) => onChecked(v === true)}
      />
      <div className="cad-wow-settings__text">
        <label htmlFor={id}>{label}</label>
        <span id={`${id}-hint`} className="cad-wow-settings__hint">
          {hint}
        </span>
        {children}
      </div>
    </div>
  )
}

/** The report's e-mail recipients: the list, each with Remove, and the form adding one. */
function Recipients({
  recipients,
  error,
  noMail,
  onChange,
}: Pick<ReportDeliverySettingsProps, 'recipients' | 'error' | 'onChange'> & {
  noMail: React.ReactNode
}) {
  const id = React.useId()
  const [draft, setDraft] = React.useState('')
  const [invalid, setInvalid] = React.useState<string | null>(null)
  const add = (e: React.FormEvent) => {
    e.preventDefault()
    const email = draft.trim()
    if (!EMAIL.test(email)) return setInvalid('Valid email is required')
    if (recipients.some((r) => r.toLowerCase() === email.toLowerCase()))
      return setInvalid('Already a recipient')
    if (recipients.length >= MAX_RECIPIENTS) return setInvalid('At most 20 recipients')
    setInvalid(null)
    setDraft('')
    onChange({ report_recipients: [...recipients, email] })
  }
  return (
    <div className="cad-wow-settings__recipients">
      <h4 id={`${id}-recipients`} className="cad-wow-settings__subtitle">
        Report recipients
      </h4>
      <span className="cad-wow-settings__hint">Send e-mails the report to these addresses.</span>
      {noMail}
      {recipients.length === 0 ? (
        <p className="cad-wow-settings__empty">No recipients yet</p>
      ) : (
        <ul className="cad-wow-settings__list" aria-labelledby={`${id}-recipients`}>
          {recipients.map((r) => (
            <li key={r} className="cad-wow-settings__recipient">
              <span className="cad-wow-settings__email">{r}</span>
              <IconButton
                size="sm"
                label={`Remove ${r}`}
                onClick={() => onChange({ report_recipients: recipients.filter((x) => x !== r) })}
              >
                <X size={14} aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <AddToListForm
        id={id}
        type="email"
        label="Recipient e-mail"
        placeholder="name@example.com"
        buttonLabel="Add recipient"
        value={draft}
        onValueChange={(value) => {
          setDraft(value)
          if (invalid) setInvalid(null)
        }}
        invalid={invalid !== null}
        message={invalid ?? error ?? null}
        onSubmit={add}
      />
    </div>
  )
}

/** Carry-over, the reminders and the report's e-mail recipients (Report Preferences). */
function ReportDeliverySettings({
  carryOver,
  reminderEnabled,
  recipients,
  teamReminderEnabled,
  saveBar,
  mailEnabled = true,
  error,
  onChange,
  className,
  ...props
}: ReportDeliverySettingsProps) {
  const id = React.useId()
  const noMail = mailEnabled ? null : (
    <span className="cad-wow-settings__hint">
      Needs e-mail to be configured on the server; nothing is sent until then.
    </span>
  )
  return (
    <section
      data-slot="report-delivery-settings"
      aria-labelledby={`${id}-title`}
      className={cn('cad-wow-settings', className)}
      {...props}
    >
      <h3 id={`${id}-title`} className="cad-wow-settings__title">
        Week over week
      </h3>
      <SettingOption
        id={`${id}-carry`}
        label="Carry over open items"
        hint="A new report starts with the open tasks and follow-ups of the previous one."
        checked={carryOver}
        onChecked={(v) => onChange({ carry_over: v })}
      />
      <SettingOption
        id={`${id}-reminder`}
        label="Weekly reminder e-mail"
        hint="On your week end day, while this week's report is not sent."
        checked={reminderEnabled}
        onChecked={(v) => onChange({ reminder_enabled: v })}
      >
        {noMail}
      </SettingOption>
      {teamReminderEnabled === undefined ? null : (
        <SettingOption
          id={`${id}-team-reminder`}
          label="Remind my team to send their report"
          hint="On your week end day, an e-mail to each team member on Cadence who has not sent this week's report; once a week each."
          checked={teamReminderEnabled}
          onChecked={(v) => onChange({ team_reminder_enabled: v })}
        >
          {noMail}
        </SettingOption>
      )}
      {saveBar}
      <Recipients recipients={recipients} error={error} noMail={noMail} onChange={onChange} />
    </section>
  )
}

export type { ReportDeliverySettingsProps, WeekOverWeekSettings }
export { AddToListForm, ReportDeliverySettings }
