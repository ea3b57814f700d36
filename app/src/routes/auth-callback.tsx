import { paths } from '@cadence/core/paths'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { exchangeCode } from '../state/auth'
import { takeRememberedNext } from '../state/auth-next'
import { takeRememberedInvitation } from '../state/invite-return'
import { AuthCallbackView } from './public-views'

/**
 * `/auth/callback`: exchanges ?code&state for a session, then back to the invitation or the
 * deep link (remembered by state/auth-next.ts) that sent the user to sign in, else /dashboard; / on
 * failure.
 */
function AuthCallbackPage() {
  const [, navigate] = useLocation()
  useEffect(() => {
    let cancelled = false
    exchangeCode(window.location.search)
      .then((user) => {
        if (cancelled) return
        const invitation = user ? takeRememberedInvitation() : null
        const next = takeRememberedNext()
        const to = invitation ? paths.invitation(invitation) : (next ?? paths.dashboard())
        navigate(user ? to : paths.landing(), { replace: true })
      })
      .catch((error) => {
        // Exchange errors are logged only; the user goes back to /.
        console.error(error)
        if (!cancelled) navigate(paths.landing(), { replace: true })
      })
    return () => {
      cancelled = true
    }
  }, [navigate])
  return <AuthCallbackView />
}

export default AuthCallbackPage
