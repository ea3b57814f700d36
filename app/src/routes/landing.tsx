import { Spinner } from '@cadence/ui'
import { Redirect } from 'wouter'
import { login, useAuth } from '../state/auth'
import { LandingView } from './public-views'

/** `/`: the landing page; a signed-in visitor goes to /dashboard, a spinner while pending. */
function LandingPage() {
  const { status, refusal } = useAuth()
  if (status === 'pending') {
    return (
      <div style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
        <Spinner label="Loading" />
      </div>
    )
  }
  if (status === 'signed-in') return <Redirect to="/dashboard" replace />
  return <LandingView onSignIn={() => void login()} refusal={refusal} />
}

export default LandingPage
