import { type LinkProps, LinkProvider, Spinner } from '@cadence/ui'
import { lazy, Suspense, useEffect } from 'react'
import { Link, Redirect, Route, Switch } from 'wouter'
import { fetchUser, useAuth } from './state/auth'
import { cache } from './state/cache'

// Route-level code splitting: the landing page never downloads the signed-in app.
const LandingPage = lazy(() => import('./routes/landing'))
const AuthCallbackPage = lazy(() => import('./routes/auth-callback'))
const StaticPage = lazy(() => import('./routes/static-pages'))
const SignedInApp = lazy(() => import('./routes/signed-in'))

/**
 * Once the user is known to be signed in: start the signed-in app and, on the dashboard (where `/`
 * sends a signed-in user), its route chunk and GET /api/dashboard together, instead of each one
 * after the previous has loaded and rendered (the dashboard's critical path). The route's own
 * load shares the request in flight.
 */
function warmSignedIn(path: string) {
  void import('./routes/signed-in').catch(() => {})
  if (path !== '/' && path !== '/dashboard') return
  void import('./routes/dashboard').catch(() => {})
  cache.dashboard.load().catch(() => {})
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

/** Signed-in routes: a spinner while the session is pending, `/` when signed out. */
function Protected() {
  const { status } = useAuth()
  if (status === 'pending') return <FullPageSpinner />
  if (status === 'signed-out') return <Redirect to="/" replace />
  return <SignedInApp />
}

function App() {
  useEffect(() => {
    // The callback page fetches the user itself once the code is exchanged.
    const path = window.location.pathname
    if (path === '/auth/callback') return
    void fetchUser().then((user) => {
      if (user) warmSignedIn(path)
    })
  }, [])
  return (
    <LinkProvider component={AppLink}>
      <Suspense fallback={<FullPageSpinner />}>
        <Switch>
          <Route path="/">
            <LandingPage />
          </Route>
          <Route path="/auth/callback">
            <AuthCallbackPage />
          </Route>
          <Route path="/release-notes">
            <StaticPage page="release-notes" />
          </Route>
          <Route path="/privacy">
            <StaticPage page="privacy" />
          </Route>
          <Route path="/terms">
            <StaticPage page="terms" />
          </Route>
          <Route>
            <Protected />
          </Route>
        </Switch>
      </Suspense>
    </LinkProvider>
  )
}

export { App }
