// Settings → Profile and organisation: who the memo is from (the author's name and title, the
// organisation), the confidentiality line printed in the footer, the paper size and whether the
// e-mail carries the PDF. One form with its own Save, like Report Preferences; the header preview
// under it follows the fields as they are typed.
import * as React from 'react'
import { useLeaveDialog } from '../components/leave-dialog'
import { MemoHeader } from '../components/report-memo'
import { Button } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { Field } from '../primitives/field'
import { Input } from '../primitives/input'
import { Select } from '../primitives/select'
import type {
  PaperSize,
  ProfileDraft,
  SettingsViewActions,
  SettingsViewData,
} from './settings-types'

/** The longest name, title and organisation the server takes; the confidentiality line's. */
const PROFILE_TEXT_MAX = 120
const CONFIDENTIALITY_MAX = 200

const PAPER: { value: PaperSize; label: string }[] = [
  { value: 'letter', label: 'Letter' },
  { value: 'a4', label: 'A4' },
]

const TEXT_FIELDS = ['name', 'display_title', 'organisation_name', 'confidentiality_line'] as const

/** The form's fields as saved: the profile (GET /api/users/me) and the settings. */
function savedProfile(data: SettingsViewData): ProfileDraft {
  const s = data.settings
  return {
    name: data.profile?.name ?? '',
    display_title: data.profile?.display_title ?? '',
    organisation_name: s.organisation_name ?? '',
    confidentiality_line: s.confidentiality_line ?? '',
    paper_size: s.paper_size === 'a4' ? 'a4' : 'letter',
    email_attach_pdf: s.email_attach_pdf,
  }
}

/** The fields whose trimmed value differs from the saved one: what 'Save Profile' sends. */
function profileChanges(saved: ProfileDraft, values: ProfileDraft): Partial<ProfileDraft> {
  const out: Partial<ProfileDraft> = {}
  for (const k of TEXT_FIELDS) if (values[k].trim() !== saved[k].trim()) out[k] = values[k].trim()
  if (values.paper_size !== saved.paper_size) out.paper_size = values.paper_size
  if (values.email_attach_pdf !== saved.email_attach_pdf)
    out.email_attach_pdf = values.email_attach_pdf
  return out
}

type ProfileProps = {
  data: SettingsViewData
  onSave: NonNullable<SettingsViewActions['onSaveProfile']>
  saving?: boolean
}

function ProfileSettings({ data, onSave, saving }: ProfileProps) {
  const id = React.useId()
  const saved = savedProfile(data)
  const [edits, setEdits] = React.useState<Partial<ProfileDraft>>({})
  const values = { ...saved, ...edits }
  const changes = profileChanges(saved, values)
  const dirty = Object.keys(changes).length > 0
  // Leaving with unsaved changes asks in the app's dialog, not the browser's confirm.
  const leaveDialog = useLeaveDialog(dirty)
  const edit = (change: Partial<ProfileDraft>) => setEdits((e) => ({ ...e, ...change }))
  const tooLong = (k: (typeof TEXT_FIELDS)[number]) =>
    values[k].length > (k === 'confidentiality_line' ? CONFIDENTIALITY_MAX : PROFILE_TEXT_MAX)
  // The server keeps a name once given: it can be changed, not emptied.
  const nameCleared = changes.name === '' && saved.name !== ''
  const invalid = TEXT_FIELDS.some(tooLong) || nameCleared
  const text = (k: (typeof TEXT_FIELDS)[number], label: string, hint: string, ph: string) => (
    <Field
      label={label}
      htmlFor={`${id}-${k}`}
      hint={hint}
      error={
        tooLong(k)
          ? `At most ${k === 'confidentiality_line' ? CONFIDENTIALITY_MAX : PROFILE_TEXT_MAX} characters`
          : k === 'name' && nameCleared
            ? 'Your name cannot be empty'
            : undefined
      }
    >
      <Input
        id={`${id}-${k}`}
        value={values[k]}
        placeholder={ph}
        autoComplete={k === 'name' ? 'name' : k === 'display_title' ? 'organization-title' : 'off'}
        onChange={(e) => edit({ [k]: e.currentTarget.value })}
      />
    </Field>
  )
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!dirty || invalid) return
    try {
      await onSave(changes)
      setEdits({})
    } catch {
      // The app said why (a toast); the edits stay for another try.
    }
  }
  const title = values.display_title.trim() || null
  return (
    <form className="cad-screen__block cad-profile" onSubmit={submit} aria-labelledby={`${id}-h`}>
      {leaveDialog}
      <h2 id={`${id}-h`}>Profile and organisation</h2>
      <p className="cad-screen__muted">
        Who your brief is from. Readers see it at the top of every brief: the page, the e-mail, the
        print and the PDF.
      </p>
      <div className="cad-profile__grid">
        {text('name', 'Your name', 'As readers know you', 'e.g. Dana Whitfield')}
        {text('display_title', 'Your title', 'Shown after your name', 'e.g. Chief Executive')}
        {text(
          'organisation_name',
          'Organisation',
          'Above the title of the brief',
          'e.g. Northwind',
        )}
        {text(
          'confidentiality_line',
          'Confidentiality line',
          'Printed at the foot of every page; leave empty for none',
          'e.g. Confidential: for the board only',
        )}
      </div>
      <div className="cad-screen__field">
        <label className="cad-field__label" htmlFor={`${id}-paper`}>
          Paper size
        </label>
        <Select
          id={`${id}-paper`}
          value={values.paper_size}
          options={PAPER}
          onValueChange={(v) => edit({ paper_size: v === 'a4' ? 'a4' : 'letter' })}
        />
      </div>
      <div className="cad-profile__check">
        <Checkbox
          id={`${id}-pdf`}
          checked={values.email_attach_pdf}
          onCheckedChange={(v) => edit({ email_attach_pdf: v === true })}
        />
        <label htmlFor={`${id}-pdf`}>Attach the PDF to the e-mail</label>
      </div>
      <figure className="cad-profile__preview" aria-label="Memo header preview">
        <figcaption className="cad-field__label">How the brief's header reads</figcaption>
        <div className="cad-memo">
          <MemoHeader
            brief={{
              organisation_name: values.organisation_name.trim() || null,
              author: { name: values.name.trim() || null, title },
              week_start_date: data.previewWeek,
            }}
            weekDays={{ start: data.settings.weekly_start_day, end: data.settings.weekly_end_day }}
          />
        </div>
      </figure>
      <div className="cad-settings__save">
        <Button type="submit" variant="primary" disabled={saving || !dirty || invalid}>
          {saving ? 'Saving...' : 'Save Profile'}
        </Button>
        <span role="status" className="cad-settings__unsaved">
          {dirty && !saving ? 'Unsaved changes' : ''}
        </span>
      </div>
    </form>
  )
}

export { CONFIDENTIALITY_MAX, PROFILE_TEXT_MAX, ProfileSettings, profileChanges, savedProfile }
