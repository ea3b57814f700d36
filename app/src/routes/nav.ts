import { type NavKey, navKeyFromPath } from '@cadence/ui'

const SIDEBAR_TABS = ['reports', 'projects', 'team'] as const
type SidebarTab = (typeof SIDEBAR_TABS)[number]

/** The `sidebar` query value when it names a tab (reports, projects or team), else null. */
function sidebarTab(search: string): SidebarTab | null {
  const value = new URLSearchParams(search).get('sidebar')
  return (SIDEBAR_TABS as readonly string[]).includes(value ?? '') ? (value as SidebarTab) : null
}

/** The active nav item from the location: its path first, then the sidebar tab. */
function activeNav(pathname: string, search: string): NavKey {
  return navKeyFromPath(pathname, sidebarTab(search))
}

export type { SidebarTab }
export { activeNav, SIDEBAR_TABS, sidebarTab }
