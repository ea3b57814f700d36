import type { WeekOverWeekSettings } from '../components/report-delivery-settings'
import type {
  Project,
  SectionTemplate,
  SectionType,
  ShareLink,
  TeamMembership,
  UserSettings,
} from '../types'

export type SettingsTab = 'preferences' | 'sections' | 'projects' | 'sharing' | 'delivery'

export type SettingsViewProps = {
  settings: UserSettings
  sections: SectionTemplate[]
  projects: Project[]
  saving?: boolean
  loading?: boolean
  defaultTab?: SettingsTab
  onSavePreferences: (
    s: Pick<UserSettings, 'weekly_start_day' | 'weekly_end_day' | 'report_frequency'>,
  ) => void
  onAddSection: (name: string, type: SectionType) => void
  onUpdateSection: (id: number, changes: { name?: string; type?: SectionType }) => void
  onDeleteSection: (id: number) => void
  onReorderSections: (next: SectionTemplate[]) => void
  onAddProject: (name: string) => void
  onRenameProject: (id: number, name: string) => void
  onSetProjectsStatus: (ids: number[], status: 'active' | 'archived') => void
  onCombineProjects: (ids: number[]) => void
  /** Opens DeleteProjectDialog for this project. */
  onDeleteProject: (project: Project) => void
  onExport?: () => void
  onImportFile?: (file: File) => void
  /**
   * Carry-over, the weekly reminder and the report's recipients (Report Preferences). Each change
   * is saved on its own and at once, not through Save Preferences; shown only with this callback.
   */
  onWeekOverWeekChange?: (changes: Partial<WeekOverWeekSettings>) => void
  /** GET /api/config's mailEnabled; false adds a hint that e-mail is not configured. */
  mailEnabled?: boolean
  /** The server's answer to the last week-over-week change, e.g. 'At most 20 recipients'. */
  weekOverWeekError?: string | null
  /** Settings → Sharing (the tab shows with onRevokeShare): the private links to reports. */
  shareLinks?: readonly ShareLink[]
  onRevokeShare?: (id: number) => Promise<void>
  /** Opening the Sharing tab (the app loads the links then). */
  onOpenSharing?: () => void
  /** Settings → Delivery (the tab shows with onWebhooksChange): chat webhooks posted on Send. */
  webhookUrls?: readonly string[]
  onWebhooksChange?: (urls: string[]) => void
  /** The server's answer to the last webhook change. */
  webhookError?: string | null
  /** Team roll-up, in the Sharing tab: the teams the user is on (leave one) and team reminders. */
  myTeams?: readonly TeamMembership[]
  onLeaveTeam?: (teamMemberUuid: string) => void
  onTeamReminderChange?: (enabled: boolean) => void
}
