import type { MetricsSettingsActions } from '../components/metrics-settings'
import type { SourcesSettingsProps } from '../components/sources'
import type {
  Metric,
  Project,
  SectionTemplate,
  SectionType,
  ShareLink,
  TeamMembership,
  UserSettings,
} from '../types'

export type SettingsTab =
  | 'preferences'
  | 'sections'
  | 'projects'
  | 'sharing'
  | 'delivery'
  | 'metrics'
  | 'sources'
  | 'profile'

/**
 * The fields of the Report Preferences form, all saved together by 'Save Preferences': the week,
 * the frequency, carry-over and the reminders (the user's and the one for their team).
 */
export type PreferencesDraft = Pick<
  UserSettings,
  | 'weekly_start_day'
  | 'weekly_end_day'
  | 'report_frequency'
  | 'carry_over'
  | 'reminder_enabled'
  | 'team_reminder_enabled'
>

export type PaperSize = 'letter' | 'a4'

/**
 * Settings → Profile and organisation: the author's name and title (PUT /api/users/me), the
 * organisation, the confidentiality line, the paper size and the PDF attachment (PUT
 * /api/settings). Texts as typed; blank clears.
 */
export type ProfileDraft = {
  name: string
  display_title: string
  organisation_name: string
  confidentiality_line: string
  paper_size: PaperSize
  email_attach_pdf: boolean
}

/** The settings with the fields of issue 41 the server may not answer yet (optional until then). */
export type ProfileSettingsFields = {
  confidentiality_line?: string | null
  paper_size?: PaperSize
}

/** What the settings page shows. */
export type SettingsViewData = {
  settings: UserSettings & ProfileSettingsFields
  /** Settings → Profile and organisation: the signed-in user's name and title. */
  profile?: { name: string | null; display_title: string | null }
  /** The week the header preview shows (its start, 'YYYY-MM-DD'); a sample week without it. */
  previewWeek?: string
  sections: SectionTemplate[]
  projects: Project[]
  /** GET /api/config's mailEnabled; false adds a hint that e-mail is not configured. */
  mailEnabled?: boolean
  /** The server's answer to the last recipients change, e.g. 'At most 20 recipients'. */
  weekOverWeekError?: string | null
  /** Settings → Sharing: the private links to reports. */
  shareLinks?: readonly ShareLink[]
  /** Settings → Delivery: chat webhooks posted on Send. */
  webhookUrls?: readonly string[]
  /** The server's answer to the last webhook change. */
  webhookError?: string | null
  /** Team roll-up, in the Sharing tab: the teams the user is on. */
  myTeams?: readonly TeamMembership[]
  /** Settings → Metrics: the account's metrics. */
  metrics?: readonly Metric[]
  /** Settings → Projects: the team members a project's owner is chosen from. */
  teamMembers?: ReadonlyArray<{ id: number; name: string }>
}

/** What the settings page does; a tab whose actions are absent is not shown. */
export type SettingsViewActions = {
  /** 'Save Preferences': only the fields that differ from the saved settings (never none). */
  onSavePreferences: (changes: Partial<PreferencesDraft>) => void
  onAddSection: (name: string, type: SectionType) => void
  onUpdateSection: (id: number, changes: { name?: string; type?: SectionType }) => void
  onDeleteSection: (id: number) => void
  onReorderSections: (next: SectionTemplate[]) => void
  onAddProject: (name: string) => void
  onRenameProject: (id: number, name: string) => void
  onSetProjectsStatus: (ids: number[], status: 'active' | 'archived') => void
  /** Settings → Projects: a project's owner (a team member's id; null: none chosen). */
  onSetProjectOwner?: (id: number, ownerMemberId: number | null) => void
  onCombineProjects: (ids: number[]) => void
  /** Opens DeleteProjectDialog for this project. */
  onDeleteProject: (project: Project) => void
  onExport?: () => void
  onImportFile?: (file: File) => void
  /**
   * The report's e-mail recipients, a list of delivery targets: each Add or Remove is saved at
   * once, on its own (not part of Save Preferences).
   */
  onRecipientsChange: (recipients: string[]) => void
  /** Settings → Sharing (the tab shows with it): revoke a private link. */
  onRevokeShare?: (id: number) => Promise<void>
  /** Opening the Sharing tab (the app loads the links then). */
  onOpenSharing?: () => void
  /** Settings → Delivery (the tab shows with it). */
  onWebhooksChange?: (urls: string[]) => void
  /** Team roll-up, in the Sharing tab: leave a team. */
  onLeaveTeam?: (teamMemberUuid: string) => void
  /** Settings → Metrics (the tab shows with them): define, change and delete metrics. */
  metrics?: MetricsSettingsActions
  /** Settings › Sources (the tab shows with it): the connections, connect and revoke. */
  sources?: Omit<SourcesSettingsProps, 'projects'>
  /**
   * Settings → Profile and organisation (the tab shows with it): only the changed fields, texts
   * trimmed. A rejection keeps the form's edits.
   */
  onSaveProfile?: (changes: Partial<ProfileDraft>) => Promise<void> | void
  /** 'Sign out everywhere' (Report Preferences, under Your data): every session of hers ends. */
  onSignOutEverywhere?: () => Promise<void> | void
}

export type SettingsViewProps = {
  data: SettingsViewData
  actions: SettingsViewActions
  saving?: boolean
  loading?: boolean
  defaultTab?: SettingsTab
}
