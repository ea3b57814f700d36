import { matchRoute, paths } from '@cadence/core/paths'
import { type RouteName, routes } from '@cadence/core/routes'
import { AppShell, PageSkeleton, SyncStatus, Toaster, UpdateBanner } from '@cadence/ui'
import { lazy, memo, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { Route, Switch, useLocation, useSearch } from 'wouter'
import { useOutbox } from '../offline/fetch'
import { loadAfterPaint } from '../state/after-paint'
import { checkAdmin, logout, useAuth } from '../state/auth'
import { cache, useSettings } from '../state/cache'
import { useDialogs } from '../state/dialogs'
import { firstScreenPainted } from '../state/first-screen'
import { syncOnboarding, useOnboarding } from '../state/onboarding'
import { applyUpdate, dismissUpdate, usePwa } from '../state/pwa'
import { loadQuestionBadges, useQuestionBadges } from '../state/question-badges'
import { openSearch } from '../state/search'
import { dismissToast, useToasts } from '../state/toasts'
import { lazyRoute } from './lazy-route'
import { activeNav, type SidebarTab, sidebarTab } from './nav'
import { RouteAnnouncer, useRouteFocus } from './route-focus'
import { SearchMount } from './search-mount'
import { useSearchShortcut } from './search-shortcut'

const DashboardPage = lazyRoute(() => import('./dashboard'))
const ReportsOverviewPage = lazyRoute(() => import('./reports-overview'))
const ReportPage = lazyRoute(() => import('./report'))
const DraftPage = lazyRoute(() => import('./draft'))
const EditionPage = lazyRoute(() => import('./edition'))
const ProjectsOverviewPage = lazyRoute(() => import('./projects-overview'))
const ProjectPage = lazyRoute(() => import('./project'))
const TeamOverviewPage = lazyRoute(() => import('./team-overview'))
const TeamMemberPage = lazyRoute(() => import('./team-member'))
const TeamUpdatesPage = lazyRoute(() => import('./team-updates'))
const DecisionsPage = lazyRoute(() => import('./decisions'))
const PrepPage = lazyRoute(() => import('./prep'))
const SettingsPage = lazyRoute(() => import('./settings'))
const AdminPage = lazyRoute(() => import('./admin'))
const NotFoundPage = lazy(() => import('./not-found'))

/** Each page by its route, in the order the router tries them (a draft before its report). */
const PAGES = [
  ['dashboard', DashboardPage],
  ['reports', ReportsOverviewPage],
  ['draft', DraftPage],
  ['edition', EditionPage],
  ['report', ReportPage],
  ['projects', ProjectsOverviewPage],
  ['project', ProjectPage],
  ['team', TeamOverviewPage],
  ['teamUpdates', TeamUpdatesPage],
  ['decisions', DecisionsPage],
  ['prep', PrepPage],
  ['teamMember', TeamMemberPage],
  ['settings', SettingsPage],
  ['admin', AdminPage],
] as const satisfies ReadonlyArray<readonly [RouteName, unknown]>

/**
 * The first data of a page, loaded with its chunk (its answer is usually in already: src/early-
 * user.js asked for it), so the page's first render shows it rather than a skeleton first.
 */
const DATA_AHEAD: Partial<Record<RouteName, (uuid: string) => Promise<unknown>>> = {
  report: (uuid) => import('../state/reports').then((r) => r.loadReportAhead(uuid)),
  draft: (uuid) => import('../state/reports').then((r) => r.loadReportAhead(uuid)),
}

/** The longest the app waits for a page's first data before it shows the page (a skeleton). */
const DATA_AHEAD_WAIT_MS = 500

/**
 * Loads the page of `path` ahead (app.tsx, with the signed-in app), so the first page renders
 * without suspending: no fallback committed, no reveal throttle on the critical path; and its
 * first data, for at most DATA_AHEAD_WAIT_MS.
 */
export function preloadPage(path: string): Promise<unknown> {
  const page = PAGES.find(([route]) => matchRoute(route, path))
  if (!page) return Promise.resolve()
  const ahead = DATA_AHEAD[page[0]]
  const uuid = (matchRoute(page[0], path) as { uuid?: string } | null)?.uuid
  const data =
    ahead && uuid
      ? Promise.race([
          ahead(uuid).catch(() => {}),
          new Promise((resolve) => setTimeout(resolve, DATA_AHEAD_WAIT_MS)),
        ])
      : null
  return Promise.all([page[1].preload(), data])
}
const OnboardingLayer = lazy(() => import('./onboarding-layer'))
// The app-wide dialogs load when one first opens, then stay mounted for their close animation.
const AppDialogs = lazy(() => import('./app-dialogs'))
// The reports/projects/team sidebar shows on detail pages and with ?sidebar=, not on the dashboard.
const AppSidebar = lazy(() => import('./app-sidebar'))

const SMALL_SCREEN = '(max-width: 767px)'

/** Below 768 px the sidebar is a slide-over (DESIGN.md); above it is always in the layout. */
function useSmallScreen() {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(SMALL_SCREEN)
      query.addEventListener('change', onChange)
      return () => query.removeEventListener('change', onChange)
    },
    () => window.matchMedia(SMALL_SCREEN).matches,
  )
}

/**
 * What the signed-in app loads on start: settings, lists, admin, readers' questions, the outbox.
 * Once the first screen is painted (none of it is on it), and its answers applied together: the
 * shell renders once for them all, not once per answer (state/resource.ts, loadAfterPaint).
 */
function useSignedInData() {
  const settings = useSettings()
  const questions = useQuestionBadges()
  useEffect(() => {
    loadAfterPaint((batch) => {
      void checkAdmin(batch)
      for (const resource of [cache.settings, cache.projects, cache.teamMembers, cache.reports]) {
        resource.load({ batch }).catch((error) => console.error(error))
      }
      // Readers' new questions: counted on start and whenever the window comes back.
      void loadQuestionBadges(batch)
    })
    const onFocus = () => void loadQuestionBadges()
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [])
  useEffect(() => {
    syncOnboarding(settings.data)
  }, [settings.data])
  // After the first screen's paint: the offline outbox (counts and replays queued changes), and
  // what waited for it (the service worker, the help widget: state/first-screen.ts).
  useEffect(() => {
    loadAfterPaint(() => {
      void import('../offline/outbox').then((outbox) => outbox.startOutbox())
      firstScreenPainted()
    })
  }, [])
  return { questions }
}

/** Which app-wide layers to mount: each loads on first use, then stays for its close animation. */
function useLayers() {
  const onboarding = useOnboarding()
  const dialogs = useDialogs()
  const [dialogsUsed, setDialogsUsed] = useState(false)
  if (!dialogsUsed && (dialogs.createReport || dialogs.addProject || dialogs.addTeamMember)) {
    setDialogsUsed(true)
  }
  return { dialogsUsed, onboardingOpen: onboarding.open }
}

/** The detail pages that open the sidebar on their list, by the tab they open. */
const DETAIL_TABS = [
  ['report', 'reports'],
  ['project', 'projects'],
  ['teamMember', 'team'],
] as const satisfies ReadonlyArray<readonly [RouteName, SidebarTab]>

/** The sidebar's tab: ?sidebar= names one, a detail page (a report, …) implies one. */
function sidebarRoute(location: string, search: string) {
  const queryTab = sidebarTab(search)
  for (const [route, detailTab] of DETAIL_TABS) {
    const detail = matchRoute(route, location)
    if (detail) return { queryTab, tab: queryTab ?? detailTab, activeUuid: detail.uuid }
  }
  return { queryTab, tab: queryTab, activeUuid: undefined }
}

/** Above the page: the app's update banner and the changes the server refused on replay. */
function ShellBanner() {
  const pwa = usePwa()
  const outbox = useOutbox()
  if (!pwa.updateAvailable && outbox.rejected.length === 0) return null
  return (
    <>
      {pwa.updateAvailable && <UpdateBanner onUpdate={applyUpdate} onLater={dismissUpdate} />}
      <SyncStatus
        rejected={outbox.rejected}
        busy={outbox.syncing}
        onRetry={(seq) => void import('../offline/outbox').then((o) => o.retryChange(seq))}
        onDiscard={(seq) => void import('../offline/outbox').then((o) => o.discardChange(seq))}
      />
    </>
  )
}

/**
 * The pages behind sign-in, each loaded on first visit. Memoised: the shell's own state (a toast,
 * the outbox's count, the sidebar) does not render the page again; the routes follow the location.
 */
const SignedInRoutes = memo(function SignedInRoutes() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Switch>
        {PAGES.map(([route, Page]) => (
          <Route key={route} path={routes[route]} component={Page} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  )
})

/** Everything behind sign-in: the shell, its layers and the lazily loaded pages. */
function SignedInApp() {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const auth = useAuth()
  const pwa = usePwa()
  const outbox = useOutbox()
  const toasts = useToasts()
  const smallScreen = useSmallScreen()
  const layers = useLayers()
  const { questions } = useSignedInData()
  useSearchShortcut()
  const announcement = useRouteFocus(location)
  const { queryTab, tab, activeUuid } = sidebarRoute(location, search)

  return (
    <AppShell
      active={activeNav(location, search)}
      user={auth.user}
      isAdmin={auth.isAdmin === true}
      badges={{
        reports: {
          count: questions.total,
          label: `new question${questions.total === 1 ? '' : 's'} from readers`,
        },
      }}
      onSearch={openSearch}
      onSignOut={() => {
        void logout()
        navigate(paths.landing(), { replace: true })
      }}
      onNavigate={(href) => navigate(href)}
      sidebar={
        tab ? (
          <Suspense fallback={null}>
            <AppSidebar tab={tab} activeUuid={activeUuid} />
          </Suspense>
        ) : undefined
      }
      sidebarOpen={smallScreen && queryTab !== null}
      onSidebarOpenChange={(open) => {
        // The slide-over is open while ?sidebar= names a tab: the toggle adds it, closing drops it.
        if (!open) navigate(location)
        else if (tab) navigate(`${location}?sidebar=${tab}`)
      }}
      offline={pwa.offline}
      pendingChanges={outbox.pending}
      banner={<ShellBanner />}
    >
      <SignedInRoutes />
      <SearchMount />
      <Suspense fallback={null}>
        {layers.onboardingOpen && <OnboardingLayer />}
        {layers.dialogsUsed && <AppDialogs />}
      </Suspense>
      <Toaster toasts={toasts as never} onDismiss={dismissToast} />
      <RouteAnnouncer text={announcement} />
    </AppShell>
  )
}

export default SignedInApp
