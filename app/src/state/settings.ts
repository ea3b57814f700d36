import type { ReportFrequency, SectionTemplate, SectionType, Weekday } from '@cadence/ui'
import { api, call, messageOf } from '../api/client'
import { cache } from './cache'
import { toast } from './toasts'

type Preferences = {
  report_frequency?: ReportFrequency
  weekly_start_day: Weekday
  weekly_end_day: Weekday
}

/** Week over week settings (docs/week-over-week.md); PUT accepts any of them alone. */
type ReportDeliveryPreferences = {
  carry_over?: boolean
  reminder_enabled?: boolean
  /** Team roll-up: remind linked team members who have not sent. */
  team_reminder_enabled?: boolean
  report_recipients?: readonly string[]
}

/**
 * The PUT body for Report Preferences: only the fields given; recipients trimmed with empty
 * entries dropped (the server validates the addresses, drops duplicates and answers the list).
 */
function reportPreferencesPayload(prefs: Partial<Preferences> & ReportDeliveryPreferences) {
  const body: Partial<Preferences> & {
    carry_over?: boolean
    reminder_enabled?: boolean
    team_reminder_enabled?: boolean
    report_recipients?: string[]
  } = {}
  for (const key of ['report_frequency', 'weekly_start_day', 'weekly_end_day'] as const) {
    if (prefs[key] !== undefined) Object.assign(body, { [key]: prefs[key] })
  }
  if (typeof prefs.carry_over === 'boolean') body.carry_over = prefs.carry_over
  if (typeof prefs.reminder_enabled === 'boolean') body.reminder_enabled = prefs.reminder_enabled
  if (typeof prefs.team_reminder_enabled === 'boolean')
    body.team_reminder_enabled = prefs.team_reminder_enabled
  if (prefs.report_recipients)
    body.report_recipients = prefs.report_recipients.map((r) => r.trim()).filter(Boolean)
  return body
}

async function savePreferences(
  prefs: Partial<Preferences> & ReportDeliveryPreferences,
  successMessage = 'Settings saved successfully!',
) {
  try {
    const body = reportPreferencesPayload(prefs)
    const saved = await call(api.api['user-settings'].put(body))
    cache.settings.mutate((current) => (current ? { ...current, ...body, ...saved } : current))
    cache.dashboard.invalidate()
    toast.success(successMessage)
    return true
  } catch (error) {
    toast.error(`Failed to save settings: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

/**
 * Report Preferences' carry-over, reminder and recipients: each change is shown at once and saved
 * on its own (PUT /api/user-settings); the server's answer replaces it. On failure the previous
 * values come back, the error toast says why, and the reason is returned for the form.
 */
async function saveWeekOverWeek(changes: ReportDeliveryPreferences): Promise<string | null> {
  const body = reportPreferencesPayload(changes)
  if (Object.keys(body).length === 0) return null
  const before = cache.settings.state.data
  const previous = before
    ? Object.fromEntries(Object.keys(body).map((k) => [k, before[k as keyof typeof before]]))
    : {}
  cache.settings.mutate((current) => (current ? { ...current, ...body } : current))
  try {
    const saved = await call(api.api['user-settings'].put(body))
    cache.settings.mutate((current) => (current ? { ...current, ...saved } : current))
    toast.success('Settings saved successfully!')
    return null
  } catch (error) {
    cache.settings.mutate((current) => (current ? { ...current, ...previous } : current))
    const message = messageOf(error, 'Unknown error')
    toast.error(`Failed to save settings: ${message}`)
    return message
  }
}

/** Settings → Delivery: the chat webhooks, saved at once; answers the server's error or null. */
async function saveWebhooks(urls: string[]): Promise<string | null> {
  try {
    const saved = await call(api.api.settings.put({ webhook_urls: urls }))
    cache.settings.mutate((current) =>
      current ? { ...current, webhook_urls: saved.webhook_urls } : current,
    )
    toast.success('Settings saved successfully!')
    return null
  } catch (error) {
    const message = messageOf(error, 'Unknown error')
    toast.error(`Failed to save settings: ${message}`)
    return message
  }
}

async function addSection(name: string, type: SectionType): Promise<boolean> {
  const trimmed = name.trim()
  if (!trimmed) return false
  const list = cache.sectionTemplates.state.data ?? []
  try {
    const created = await call(
      api.api['section-templates'].post({ name: trimmed, type, sort_order: list.length }),
    )
    cache.sectionTemplates.mutate((current) => [...(current ?? []), created])
    toast.success(`Section "${trimmed}" added successfully!`)
    return true
  } catch (error) {
    toast.error(`Failed to add section: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

/** Saves only when the trimmed name is non-empty and changed, or the type changed. */
async function updateSection(id: number, patch: { name?: string; type?: SectionType }) {
  const current = cache.sectionTemplates.state.data?.find((s) => s.id === id)
  if (!current) return false
  const changed: { name?: string; type?: SectionType } = {}
  const name = patch.name?.trim()
  if (name && name !== current.name) changed.name = name
  if (patch.type && patch.type !== current.type) changed.type = patch.type
  if (Object.keys(changed).length === 0) return false
  const previous = cache.sectionTemplates.mutate(
    (list) => list?.map((s) => (s.id === id ? { ...s, ...changed } : s)) ?? list,
  )
  try {
    await call(api.api['section-templates']({ id }).put(changed))
    toast.success('Section updated successfully')
    return true
  } catch {
    cache.sectionTemplates.mutate(() => previous)
    toast.error('Failed to update section')
    return false
  }
}

async function deleteSection(id: number) {
  const previous = cache.sectionTemplates.mutate((list) => list?.filter((s) => s.id !== id) ?? list)
  try {
    await call(api.api['section-templates']({ id }).delete())
  } catch (error) {
    cache.sectionTemplates.mutate(() => previous)
    toast.error(`Failed to update section: ${messageOf(error)}`)
  }
}

/** Sends each section's position, from 0, as its sort_order. */
function reorderPayload(sections: readonly { id: number }[]) {
  return { sections: sections.map((s, index) => ({ id: s.id, sort_order: index })) }
}

async function reorderSections(next: readonly SectionTemplate[]) {
  const payload = reorderPayload(next)
  const previous = cache.sectionTemplates.mutate(() =>
    next.map((s, index) => ({ ...s, sort_order: index })),
  )
  try {
    await call(api.api['section-templates'].reorder.put(payload))
    toast.success('Sections reordered successfully')
    return true
  } catch (error) {
    cache.sectionTemplates.mutate(() => previous)
    toast.error(`Failed to reorder sections: ${messageOf(error, 'Unknown error')}`)
    return false
  }
}

export type { Preferences, ReportDeliveryPreferences }
export {
  addSection,
  deleteSection,
  reorderPayload,
  reorderSections,
  reportPreferencesPayload,
  savePreferences,
  saveWebhooks,
  saveWeekOverWeek,
  updateSection,
}
