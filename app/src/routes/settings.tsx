import { CombineProjectsDialog, DeleteProjectDialog, PageSkeleton, type Project } from '@cadence/ui'
import { useEffect, useState } from 'react'
import { downloadExport, importAccount } from '../state/account'
import { cache, useProjects, useSectionTemplates, useSettings } from '../state/cache'
import { addMetric, deleteMetric, loadMetrics, updateMetric, useMetrics } from '../state/metrics'
import {
  addProject,
  combineProjects,
  deleteProject,
  renameProject,
  setProjectsStatus,
} from '../state/projects'
import {
  addSection,
  deleteSection,
  reorderSections,
  savePreferences,
  saveWebhooks,
  saveWeekOverWeek,
  updateSection,
} from '../state/settings'
import { loadShares, revokeShare, useShares } from '../state/sharing'
import { loadMyTeams, unlink, useMyTeams } from '../state/team-roll-up'
import { useMailEnabled } from './use-mail-enabled'
import { SettingsView } from './views'

/** The tabs a link may open with `?tab=`. */
const TAB_PARAM: Record<string, 'metrics' | 'sections' | undefined> = {
  metrics: 'metrics',
  sections: 'sections',
}

/** `/settings`: report preferences, report sections and projects. */
function SettingsPage() {
  const settings = useSettings()
  const templates = useSectionTemplates()
  const projects = useProjects()
  const shares = useShares()
  const myTeams = useMyTeams()
  const metrics = useMetrics()
  const [saving, setSaving] = useState(false)
  const [combining, setCombining] = useState<number[] | null>(null)
  const [deleting, setDeleting] = useState<Project | null>(null)
  // The hint that e-mail is not configured.
  const mailEnabled = useMailEnabled()
  const [weekOverWeekError, setWeekOverWeekError] = useState<string | null>(null)
  const [webhookError, setWebhookError] = useState<string | null>(null)
  useEffect(() => {
    cache.settings.load().catch(() => {})
    cache.sectionTemplates.load().catch(() => {})
    cache.projects.load({ force: true }).catch(() => {})
    void loadShares()
    void loadMetrics()
  }, [])

  const list = projects.data ?? []
  const uuidOf = (id: number) => list.find((p) => p.id === id)?.uuid
  const uuidsOf = (ids: readonly number[]) =>
    ids.map(uuidOf).filter((u): u is string => typeof u === 'string')

  if (!settings.data) return <PageSkeleton />
  return (
    <>
      <SettingsView
        saving={saving}
        // A metric found in search opens Settings → Metrics; a report with no sections links
        // Settings → Report Sections.
        defaultTab={TAB_PARAM[new URLSearchParams(location.search).get('tab') ?? '']}
        data={{
          settings: settings.data,
          sections: templates.data ?? [],
          projects: list,
          mailEnabled,
          weekOverWeekError,
          shareLinks: shares.links,
          myTeams: myTeams.teams,
          webhookUrls: settings.data.webhook_urls ?? [],
          webhookError,
          metrics: metrics.metrics,
        }}
        actions={{
          onSavePreferences: async (prefs) => {
            setSaving(true)
            await savePreferences(prefs).finally(() => setSaving(false))
          },
          onAddSection: (name, type) => void addSection(name, type),
          onUpdateSection: (id, changes) => void updateSection(id, changes),
          onDeleteSection: (id) => void deleteSection(id),
          onReorderSections: (next) => void reorderSections(next),
          onAddProject: (name) => void addProject(name),
          onRenameProject: (id, name) => {
            const uuid = uuidOf(id)
            if (uuid) void renameProject(uuid, name)
          },
          // Row buttons and the selection bar both report 'Archived/Activated N project(s)'.
          onSetProjectsStatus: (ids, status) => void setProjectsStatus(uuidsOf(ids), status),
          onCombineProjects: (ids) => setCombining([...ids]),
          onDeleteProject: (project) => setDeleting(project),
          onWeekOverWeekChange: async (changes) => {
            setWeekOverWeekError(await saveWeekOverWeek(changes))
          },
          onExport: () => void downloadExport(),
          onImportFile: (file) => void importAccount(file),
          onRevokeShare: revokeShare,
          onOpenSharing: () => {
            void loadShares()
            void loadMyTeams()
          },
          onLeaveTeam: (uuid) => void unlink(uuid, { leaving: true }),
          onTeamReminderChange: (enabled) =>
            void saveWeekOverWeek({ team_reminder_enabled: enabled }).then(setWeekOverWeekError),
          onWebhooksChange: async (urls) => setWebhookError(await saveWebhooks(urls)),
          metrics: {
            onAddMetric: addMetric,
            onUpdateMetric: updateMetric,
            onDeleteMetric: deleteMetric,
          },
        }}
      />
      <CombineProjectsDialog
        open={combining !== null}
        onOpenChange={(open) => {
          if (!open) setCombining(null)
        }}
        projects={list.filter((p) => combining?.includes(p.id))}
        onSubmit={async (name) => {
          if (!(await combineProjects(uuidsOf(combining ?? []), name))) {
            throw new Error('Failed to combine projects')
          }
          setCombining(null)
        }}
      />
      <DeleteProjectDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null)
        }}
        project={deleting}
        projects={list}
        onConfirm={async (moveTo) => {
          if (!deleting || !(await deleteProject(deleting.uuid, moveTo))) {
            throw new Error('Failed to delete project')
          }
          setDeleting(null)
        }}
      />
    </>
  )
}

export default SettingsPage
