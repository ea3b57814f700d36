import { routes } from '@cadence/core/routes'
import { type LinkProps, LinkProvider, Spinner } from '@cadence/ui'
import { lazy, Suspense, useEffect } from 'react'
import { Link, Redirect, Route, Switch } from 'wouter'
import { lazyRoute, useRouteReady } from './routes/lazy-route'
import { fetchUser, useAuth } from './state/auth'
import { leaveForSignIn } from './state/auth-next'
import { cache } from './state/cache'
import { useSessionEnded } from './state/session-ended'

// Route-level code splitting: the landing page never downloads the signed-in app.
// `/` is modulepreloaded (vite.config.ts); its module is asked for at once and the route waits
// for it behind a plain spinner (Landing) instead of suspending (./routes/lazy-route).
const LandingPage = lazyRoute(() => import('./routes/landing'))
if (typeof window !== 'undefined' && window.location.pathname === routes.landing) {
  LandingPage.preload().catch(() => {})
}
const AuthCallbackPage = lazy(() => import('./routes/auth-callback'))
const StaticPage = lazy(() => import('./routes/static-pages'))
/** A shared report for readers without an account: nothing of the signed-in app. */
const SharedReportPage = lazy(() => import('./routes/shared'))
/** Joining an executive's team (team roll-up): works signed in or out. */
const InvitationPage = lazy(() => import('./routes/invitation'))
/** Loaded only when a session ends with unsent changes waiting (state/session-ended.ts). */
const SessionEndedPrompt = lazy(() => import('./routes/session-ended'))
/**
 * The signed-in app, with the page the first path opens loaded alongside, so that page renders
 * without suspending either (./routes/lazy-route). Built, src/early-user.js has already asked for
 * both chunks (modulepreload); the dashboard's (where `/` sends a signed-in user) is imported
 * beside the app's here too, for `/` and the development server.
 */
const SignedInApp = lazyRoute(async () => {
  const path = window.location.pathname
  const dashboard = opensDashboard(path)
  const [signedIn] = await Promise.all([
    import('./routes/signed-in'),
    dashboard ? import('./routes/dashboard') : null,
  ])
  await signedIn.preloadPage(dashboard ? routes.dashboard : path).catch(() => {})
  return signedIn
})

/** The pages outside the signed-in app (besides the callback and shared reports). */
const SIGNED_OUT: string[] = [routes.landing, routes.releaseNotes, routes.privacy, routes.terms]
const opensSignedIn = (path: string) =>
  !SIGNED_OUT.includes(path) && !path.startsWith(routes.invitation.replace(':token', ''))

/** `/` sends a signed-in user to the dashboard. */
function opensDashboard(path: string) {
  return path === routes.landing || path === routes.dashboard
}

/**
 * Once the user is known to be signed in: start the signed-in app and, on the dashboard (where `/`
 * sends a signed-in user), GET /api/dashboard together, instead of each one after the previous
 * has loaded and rendered (the dashboard's critical path). The route's own load shares the
 * request in flight (on /dashboard the answer src/early-user.js started, api/early.ts).
 */
function warmSignedIn(path: string) {
  SignedInApp.preload().catch(() => {})
  if (opensDashboard(path)) cache.dashboard.load().catch(() => {})
}

/** ui renders `<Link href>`; in the app that is wouter's client-side link. */
function AppLink({ href, ...props }: LinkProps) {
  const external = /^(https?:|mailto:|#)/.test(href) || props.target === '_blank'
  if (external) return <a href={href} {...props} />
  return <Link href={href} {...props} />
}

function FullPageSpinner() {
  return (
    <div
      className="cad-page-center"
      style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}
    >
      <Spinner label="Loading" />
    </div>
  )
}

/** `/`: the landing route once its chunk is in (a spinner until then, never a Suspense fallback). */
function Landing() {
  const ready = useRouteReady(LandingPage, true)
  return ready ? <LandingPage /> : <FullPageSpinner />
}

/** Signed-in routes: a spinner while the session is pending, `/` when signed out (the page is
 * remembered for after sign-in). */
function Protected() {
  const { status } = useAuth()
  // The spinner stays until the app's chunk is in: suspending instead would commit a fallback and
  // delay the reveal (React's 300 ms throttle).
  const ready = useRouteReady(SignedInApp, status === 'signed-in')
  if (status === 'pending' || (status === 'signed-in' && !ready)) return <FullPageSpinner />
  // A deep link opened signed out comes back after sign-in (state/auth-next.ts).
  if (status === 'signed-out') {
    const { pathname, search, hash } = window.location
    return <Redirect to={leaveForSignIn(`${pathname}${search}${hash}`)} replace />
  }
  return <SignedInApp />
}

function App() {
  const sessionEnded = useSessionEnded()
  useEffect(() => {
    // The callback page fetches the user itself once the code is exchanged.
    const path = window.location.pathname
    // A reader of a shared report has no session to look for.
    if (path === routes.authCallback || path.startsWith(routes.shared.replace(':token', ''))) return
    // A signed-in path: its chunks load while the session is asked (signed out, unused).
    if (opensSignedIn(path)) SignedInApp.preload().catch(() => {})
    void fetchUser().then((user) => {
      if (user) warmSignedIn(path)
    })
  }, [])
  return (
    <LinkProvider component={AppLink}>
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          <Route path={routes.landing}>
            <Landing />
          </Route>
          <Route path={routes.authCallback}>
            <AuthCallbackPage />
          </Route>
          <Route path={routes.releaseNotes}>
            <StaticPage page="release-notes" />
          </Route>
          <Route path={routes.privacy}>
            <StaticPage page="privacy" />
          </Route>
          <Route path={routes.terms}>
            <StaticPage page="terms" />
          </Route>
          <Route path={routes.shared}>
            <SharedReportPage />
          </Route>
          <Route path={routes.invitation}>
            <InvitationPage />
          </Route>
          <Route>
            <Protected />
          </Route>
        </Switch>
      </Suspense>
      {sessionEnded.open && (
        <Suspense fallback={null}>
          <SessionEndedPrompt />
        </Suspense>
      )}
    </LinkProvider>
  )
}

export { App, opensSignedIn }
