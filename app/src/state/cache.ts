import type {
  DashboardData,
  Project,
  Report,
  SectionTemplate,
  TeamMember,
  UserSettings,
} from '@cadence/ui'
import { api, call } from '../api/client'
import { setOutboxContext } from '../offline/context'
import { createResource, useResource } from './resource'

// The client cache: one generic resource per slot, 5-minute freshness.
const cache = {
  projects: createResource<Project[]>(() => call(api.api.projects.get())),
  sectionTemplates: createResource<SectionTemplate[]>(() =>
    call(api.api['section-templates'].get()),
  ),
  teamMembers: createResource<TeamMember[]>(() => call(api.api['team-members'].get())),
  settings: createResource<UserSettings>(() => call(api.api['user-settings'].get())),
  dashboard: createResource<DashboardData>(() => call(api.api.dashboard.get())),
  /** Every report (the sidebar and the reports overview group them by week). */
  reports: createResource<Report[]>(() => call(api.api.reports.get())),
}

type CacheKey = keyof typeof cache

// The offline outbox names changes by the dashboard's tasks, and after a sync or a discard
// reloads the answers it may have changed.
setOutboxContext({
  cachedDashboard: () => cache.dashboard.state.data,
  invalidateCaches: () => {
    cache.dashboard.invalidate()
    cache.reports.invalidate()
    cache.teamMembers.invalidate()
  },
  reloadCaches: () => {
    const loads: Promise<unknown>[] = []
    if (cache.dashboard.state.data) loads.push(cache.dashboard.load({ force: true }))
    if (cache.reports.state.data) loads.push(cache.reports.load({ force: true }))
    return loads
  },
})

const resetHooks = new Set<() => void>()

/** Keyed caches kept outside `cache` (e.g. per-report changes) drop their data with it. */
function onCacheReset(hook: () => void) {
  resetHooks.add(hook)
}

/** Drops everything (sign-out): the next user must never see the previous one's data. */
function resetCache() {
  for (const resource of Object.values(cache)) resource.reset()
  for (const hook of resetHooks) hook()
}

function invalidate(...keys: CacheKey[]) {
  for (const key of keys) cache[key].invalidate()
}

const useProjects = () => useResource(cache.projects)
const useSectionTemplates = () => useResource(cache.sectionTemplates)
const useTeamMembers = () => useResource(cache.teamMembers)
const useSettings = () => useResource(cache.settings)
const useDashboard = () => useResource(cache.dashboard)
const useReports = () => useResource(cache.reports)

export type { CacheKey }
export {
  cache,
  invalidate,
  onCacheReset,
  resetCache,
  useDashboard,
  useProjects,
  useReports,
  useSectionTemplates,
  useSettings,
  useTeamMembers,
}
