import { CombineProjectsDialog, DeleteProjectDialog, PageSkeleton } from '@cadence/ui'
import { useEffect } from 'react'
import { useAuth } from '../state/auth'
import {
  cache,
  useProjects,
  useSectionTemplates,
  useSettings,
  useTeamMembers,
} from '../state/cache'
import { loadMetrics, useMetrics } from '../state/metrics'
import { combineProjects, deleteProject } from '../state/projects'
import { loadShares, useShares } from '../state/sharing'
import { connectSource, loadSources, revokeSource, useSources } from '../state/sources'
import { useMyTeams } from '../state/team-roll-up'
import { useSettingsActions } from './settings-actions'
import { useMailEnabled } from './use-mail-enabled'
import { SettingsView } from './views'

/** The tabs a link may open with `?tab=`. */
const TAB_PARAM: Record<string, 'metrics' | 'sections' | 'profile' | 'sources' | undefined> = {
  metrics: 'metrics',
  sources: 'sources',
  profile: 'profile',
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
  const sources = useSources()
  const members = useTeamMembers()
  const { user } = useAuth()
  // The hint that e-mail is not configured.
  const mailEnabled = useMailEnabled()
  const list = projects.data ?? []
  const s = useSettingsActions(list)
  useEffect(() => {
    cache.settings.load().catch(() => {})
    cache.sectionTemplates.load().catch(() => {})
    cache.projects.load({ force: true }).catch(() => {})
    cache.teamMembers.load().catch(() => {})
    void loadShares()
    void loadMetrics()
    void loadSources()
  }, [])

  if (!settings.data) return <PageSkeleton />
  return (
    <>
      <SettingsView
        saving={s.saving}
        // A metric found in search opens Settings → Metrics; a report with no sections links
        // Settings → Report Sections.
        defaultTab={TAB_PARAM[new URLSearchParams(location.search).get('tab') ?? '']}
        data={{
          settings: settings.data,
          sections: templates.data ?? [],
          projects: list,
          mailEnabled,
          weekOverWeekError: s.recipientsError,
          shareLinks: shares.links,
          myTeams: myTeams.teams,
          webhookUrls: settings.data.webhook_urls ?? [],
          webhookError: s.webhookError,
          metrics: metrics.metrics,
          teamMembers: members.data ?? [],
          profile: { name: user?.name ?? null, display_title: user?.display_title ?? null },
        }}
        actions={{
          ...s.actions,
          sources: { sources: sources.sources, onConnect: connectSource, onRevoke: revokeSource },
        }}
      />
      <CombineProjectsDialog
        open={s.combining !== null}
        onOpenChange={(open) => {
          if (!open) s.setCombining(null)
        }}
        projects={list.filter((p) => s.combining?.includes(p.id))}
        onSubmit={async (name) => {
          if (!(await combineProjects(s.uuidsOf(s.combining ?? []), name))) {
            throw new Error('Failed to combine projects')
          }
          s.setCombining(null)
        }}
      />
      <DeleteProjectDialog
        open={s.deleting !== null}
        onOpenChange={(open) => {
          if (!open) s.setDeleting(null)
        }}
        project={s.deleting}
        projects={list}
        onConfirm={async (moveTo) => {
          if (!s.deleting || !(await deleteProject(s.deleting.uuid, moveTo))) {
            throw new Error('Failed to delete project')
          }
          s.setDeleting(null)
        }}
      />
    </>
  )
}

export default SettingsPage
