import { routes } from '@cadence/core/routes'
import { Spinner } from '@cadence/ui'
import { Redirect, useSearch } from 'wouter'
import { login, useAuth } from '../state/auth'
import { nextOfSearch, rememberedNext, rememberNext } from '../state/auth-next'
import { LandingView } from './public-views'

/**
 * `/`: the landing page; a signed-in visitor goes to /dashboard, or to `?next=` (a checked path
 * of this origin), a spinner while pending. Signing in keeps the page to return to for the
 * callback: `?next=`, else the deep link that sent the visitor here (state/auth-next.ts).
 */
function LandingPage() {
  const { status, refusal } = useAuth()
  const next = nextOfSearch(useSearch())
  if (status === 'pending') {
    return (
      <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
        <Spinner label="Loading" />
      </div>
    )
  }
  if (status === 'signed-in') return <Redirect to={next ?? routes.dashboard} replace />
  return (
    <LandingView
      onSignIn={() => {
        rememberNext(next ?? rememberedNext())
        void login()
      }}
      refusal={refusal}
    />
  )
}

export default LandingPage
