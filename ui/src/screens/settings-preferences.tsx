// Settings saves one way. A preference — one value of the account's own settings: the week days,
// the frequency, carry-over, the reminders — is a field of the Report Preferences form and is
// saved only by 'Save Preferences' (disabled until something changed, 'Unsaved changes' until
// saved, leaving warns). A list of things — section templates, projects, metrics, report
// recipients, webhooks, share links, teams — saves each row with its own Add, Save or Remove.
import * as React from 'react'
import { useLeaveDialog } from '../components/leave-dialog'
import { ReportDeliverySettings } from '../components/report-delivery-settings'
import { WEEKDAYS } from '../lib/dates'
import { Button } from '../primitives/button'
import { Select } from '../primitives/select'
import type { ReportFrequency, UserSettings } from '../types'
import type { PreferencesDraft, SettingsViewActions, SettingsViewData } from './settings-types'

const FREQS: ReportFrequency[] = ['weekly', 'bi-weekly', 'monthly', 'quarterly']
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const FIELDS = [
  'weekly_start_day',
  'weekly_end_day',
  'report_frequency',
  'carry_over',
  'reminder_enabled',
  'team_reminder_enabled',
] as const satisfies readonly (keyof PreferencesDraft)[]

/** The form's fields as saved. */
export function savedPreferences(settings: UserSettings): PreferencesDraft {
  return Object.fromEntries(FIELDS.map((k) => [k, settings[k]])) as PreferencesDraft
}

/** The edited fields whose value differs from the saved one: what 'Save Preferences' sends. */
export function preferenceChanges(
  saved: PreferencesDraft,
  edits: Partial<PreferencesDraft>,
): Partial<PreferencesDraft> {
  return Object.fromEntries(
    FIELDS.filter((k) => k in edits && edits[k] !== saved[k]).map((k) => [k, edits[k]]),
  ) as Partial<PreferencesDraft>
}

/**
 * The Report Preferences form's state, kept by the Settings page so switching tabs keeps it: the
 * user's edits over the saved settings. A saved edit stops counting once the settings say it.
 */
export function usePreferencesForm(settings: UserSettings) {
  const [edits, setEdits] = React.useState<Partial<PreferencesDraft>>({})
  const saved = savedPreferences(settings)
  const changes = preferenceChanges(saved, edits)
  const dirty = Object.keys(changes).length > 0
  // Leaving with unsaved changes asks in the app's dialog, not the browser's confirm.
  const leaveDialog = useLeaveDialog(dirty)
  return {
    values: { ...saved, ...edits },
    changes,
    dirty,
    leaveDialog,
    edit: (change: Partial<PreferencesDraft>) => setEdits((e) => ({ ...e, ...change })),
  }
}

export type PreferencesForm = ReturnType<typeof usePreferencesForm>

type PreferencesProps = {
  data: SettingsViewData
  actions: SettingsViewActions
  form: PreferencesForm
  saving?: boolean
  /** 'Your data' (download and import), under the form. */
  children?: React.ReactNode
}

/**
 * Settings → Report Preferences: the form and its Save, the recipients (saved per row), then
 * 'Your data'.
 */
export function Preferences({ data, actions, form, saving, children }: PreferencesProps) {
  const idBase = React.useId()
  const { values, dirty, edit } = form
  const sel = (label: string, key: keyof PreferencesDraft, opts: readonly string[]) => (
    <div className="cad-screen__field">
      <label className="cad-field__label" htmlFor={`${idBase}-${key}`}>
        {label}
      </label>
      <Select
        id={`${idBase}-${key}`}
        value={String(values[key])}
        options={opts.map((o) => ({ value: o, label: cap(o) }))}
        onValueChange={(v) => edit({ [key]: v })}
      />
    </div>
  )
  return (
    <div className="cad-screen__block">
      <h2>Report Preferences</h2>
      {sel('Week start day', 'weekly_start_day', WEEKDAYS)}
      {sel('Week end day', 'weekly_end_day', WEEKDAYS)}
      {sel('Report frequency', 'report_frequency', FREQS)}
      <ReportDeliverySettings
        carryOver={values.carry_over}
        reminderEnabled={values.reminder_enabled}
        teamReminderEnabled={values.team_reminder_enabled}
        recipients={data.settings.report_recipients}
        mailEnabled={data.mailEnabled}
        error={data.weekOverWeekError}
        onChange={({ report_recipients, ...change }) => {
          if (report_recipients) actions.onRecipientsChange(report_recipients)
          else edit(change)
        }}
        saveBar={
          <div className="cad-settings__save">
            <Button
              variant="primary"
              disabled={saving || !dirty}
              onClick={() => actions.onSavePreferences(form.changes)}
            >
              {saving ? 'Saving...' : 'Save Preferences'}
            </Button>
            <span role="status" className="cad-settings__unsaved">
              {dirty && !saving ? 'Unsaved changes' : ''}
            </span>
          </div>
        }
      />
      {children}
    </div>
  )
}
