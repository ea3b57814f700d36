// Data the views take. Every API answer is the contract's type (@cadence/contract: the response
// schemas the server declares on its routes and validates), so a field renamed there fails to
// compile here, in the stories and in the app. Type-only: nothing of the contract (nor of elysia)
// reaches the ui's or the app's bundle. Only what the server never answers is written here.
import type { ProjectWithCounts } from '@cadence/contract'

export type {
  ActivityEntry,
  AdminStats,
  AdminUser,
  AskAnswer,
  AskAnswerKind,
  AssignedItem,
  BriefAsk,
  BriefAuthor,
  BriefDecision,
  BriefSinceLastWeek,
  ChangeItem,
  CreatedShare,
  DashboardData,
  Decision,
  Delivery,
  DeliveryKind,
  DeliveryState,
  EditionDetail,
  EditionInfo,
  Health,
  ImportStructure,
  Invitation,
  InvitationPreview,
  ItemType,
  MemberEntry,
  Metric,
  MetricDirection,
  MetricFlag,
  MetricPoint,
  NeedsYou,
  NudgeStatus,
  OnboardingAnalytics,
  PortfolioProject,
  ProjectAnalytics,
  ProjectHealth,
  ProjectHealthWeek,
  ProjectUpdate,
  ProjectWeekChanges,
  Reader,
  ReaderAcknowledgement,
  ReaderQuestion,
  ReaderQuestionList,
  Report,
  ReportAsk,
  ReportChanges,
  ReportDetail,
  ReportFrequency,
  ReportMetric,
  ReportSection,
  SearchResult,
  SearchResults,
  SearchResultType,
  SectionItem,
  SectionItemWithReport,
  SectionTemplate,
  SectionType,
  SharedBrief,
  SharedItem,
  SharedQuestion,
  SharedReport,
  SharedSection,
  ShareLink,
  SystemSetting,
  TeamMember,
  TeamMemberDashboard,
  TeamMemberPrep,
  TeamMembership,
  TeamUpdate,
  TeamUpdateItem,
  TeamUpdateReport,
  TeamUpdateSection,
  TeamUpdates,
  UnsentChanges,
  User,
  UserSettings,
  Weekday,
} from '@cadence/contract'

/** A project with its counts, as GET /api/projects lists it (the contract's ProjectWithCounts). */
export type Project = ProjectWithCounts

// ui-only: never answered by the server.

export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'default'

export type Toast = {
  id: string
  type: ToastType
  message: string
  /** One action beside the message, e.g. 'Undo' after completing a task; it dismisses the toast. */
  action?: { label: string; run: () => void }
}

/** A search kept in this browser (localStorage), not on the server. */
export type SavedSearch = { id: string; query: string; timestamp: number; resultCount: number }
