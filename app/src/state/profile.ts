import type { ProfileDraft } from '@cadence/ui'
import { api, call, messageOf } from '../api/client'
import { updateSignedInUser } from './auth'
import { cache } from './cache'
import { toast } from './toasts'

type ProfileBody = { name?: string; display_title?: string | null }
type SettingsBody = {
  organisation_name?: string | null
  confidentiality_line?: string | null
  paper_size?: 'letter' | 'a4'
  email_attach_pdf?: boolean
}

/** The two PUT bodies of Settings → Profile and organisation; a blank text clears (null). */
function profileBodies(changes: Partial<ProfileDraft>) {
  const blank = (v: string) => v.trim() || null
  const profile: ProfileBody = {}
  const settings: SettingsBody = {}
  // A name is never cleared (the form refuses an empty one): only a new one is sent.
  if (changes.name?.trim()) profile.name = changes.name.trim()
  if (changes.display_title !== undefined) profile.display_title = blank(changes.display_title)
  if (changes.organisation_name !== undefined)
    settings.organisation_name = blank(changes.organisation_name)
  if (changes.confidentiality_line !== undefined)
    settings.confidentiality_line = blank(changes.confidentiality_line)
  if (changes.paper_size !== undefined) settings.paper_size = changes.paper_size
  if (changes.email_attach_pdf !== undefined) settings.email_attach_pdf = changes.email_attach_pdf
  return { profile, settings }
}

/**
 * Settings → Profile and organisation: the name and title go to PUT /api/users/me, the rest to PUT
 * /api/settings; each answer replaces what the app holds, so the memo header shows it at once.
 * Throws after the error toast, so the form keeps the edits.
 */
async function saveProfile(changes: Partial<ProfileDraft>) {
  const { profile, settings } = profileBodies(changes)
  try {
    if (Object.keys(profile).length > 0) {
      // The server answers the user as GET /api/users/me does (PUT takes name and display_title).
      const user = await call(api.api.users.me.put(profile))
      updateSignedInUser(user)
    }
    if (Object.keys(settings).length > 0) {
      const saved = await call(api.api.settings.put(settings))
      cache.settings.mutate((current) =>
        current ? { ...current, ...settings, ...saved } : current,
      )
    }
    toast.success('Profile saved')
  } catch (error) {
    toast.error(`Failed to save the profile: ${messageOf(error, 'Unknown error')}`)
    throw error
  }
}

export { profileBodies, saveProfile }
