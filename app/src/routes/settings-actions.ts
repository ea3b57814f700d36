import type { Project, SettingsViewActions } from '@cadence/ui'
import { useState } from 'react'
import { downloadExport, importAccount } from '../state/account'
import { addMetric, deleteMetric, updateMetric } from '../state/metrics'
import { saveProfile } from '../state/profile'
import { addProject, renameProject, setProjectOwner, setProjectsStatus } from '../state/projects'
import {
  addSection,
  deleteSection,
  reorderSections,
  savePreferences,
  saveWebhooks,
  saveWeekOverWeek,
  updateSection,
} from '../state/settings'
import { loadShares, revokeShare } from '../state/sharing'
import { signOutEverywhere } from '../state/sign-out-everywhere'
import { loadMyTeams, unlink } from '../state/team-roll-up'

/**
 * What Settings does. Report Preferences' fields go out together on 'Save Preferences' (only the
 * changed ones); every list (recipients, sections, projects, webhooks, metrics, links) saves per row.
 */
function useSettingsActions(projects: readonly Project[]) {
  const [saving, setSaving] = useState(false)
  const [combining, setCombining] = useState<number[] | null>(null)
  const [deleting, setDeleting] = useState<Project | null>(null)
  const [recipientsError, setRecipientsError] = useState<string | null>(null)
  const [webhookError, setWebhookError] = useState<string | null>(null)
  const uuidOf = (id: number) => projects.find((p) => p.id === id)?.uuid
  const uuidsOf = (ids: readonly number[]) =>
    ids.map(uuidOf).filter((u): u is string => typeof u === 'string')
  const actions: SettingsViewActions = {
    onSavePreferences: async (changes) => {
      if (Object.keys(changes).length === 0) return
      setSaving(true)
      await savePreferences(changes).finally(() => setSaving(false))
    },
    onRecipientsChange: async (recipients) =>
      setRecipientsError(await saveWeekOverWeek({ report_recipients: recipients })),
    onAddSection: (name, type) => void addSection(name, type),
    onUpdateSection: (id, changes) => void updateSection(id, changes),
    onDeleteSection: (id) => void deleteSection(id),
    onReorderSections: (next) => void reorderSections(next),
    onAddProject: (name) => void addProject(name),
    onRenameProject: (id, name) => {
      const uuid = uuidOf(id)
      if (uuid) void renameProject(uuid, name)
    },
    onSetProjectOwner: (id, ownerMemberId) => {
      const uuid = uuidOf(id)
      if (uuid) void setProjectOwner(uuid, ownerMemberId)
    },
    // Row buttons and the selection bar both report 'Archived/Activated N project(s)'.
    onSetProjectsStatus: (ids, status) => void setProjectsStatus(uuidsOf(ids), status),
    onCombineProjects: (ids) => setCombining([...ids]),
    onDeleteProject: (project) => setDeleting(project),
    onExport: () => void downloadExport(),
    onImportFile: (file) => void importAccount(file),
    onRevokeShare: revokeShare,
    onOpenSharing: () => {
      void loadShares()
      void loadMyTeams()
    },
    onLeaveTeam: (uuid) => void unlink(uuid, { leaving: true }),
    onWebhooksChange: async (urls) => setWebhookError(await saveWebhooks(urls)),
    onSaveProfile: async (changes) => {
      setSaving(true)
      // Rejects after its toast: the form keeps the edits.
      await saveProfile(changes).finally(() => setSaving(false))
    },
    onSignOutEverywhere: signOutEverywhere,
    metrics: { onAddMetric: addMetric, onUpdateMetric: updateMetric, onDeleteMetric: deleteMetric },
  }
  return {
    actions,
    saving,
    recipientsError,
    webhookError,
    combining,
    setCombining,
    deleting,
    setDeleting,
    uuidsOf,
  }
}

export { useSettingsActions }
