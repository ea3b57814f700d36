import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { exchangeCode } from '../state/auth'
import { takeRememberedInvitation } from '../state/invite-return'
import { AuthCallbackView } from './public-views'

/**
 * `/auth/callback`: exchanges ?code&state for a session, then /dashboard (or back to the
 * invitation that sent the user to sign in), or / on failure.
 */
function AuthCallbackPage() {
  const [, navigate] = useLocation()
  useEffect(() => {
    let cancelled = false
    exchangeCode(window.location.search)
      .then((user) => {
        if (cancelled) return
        const invitation = user ? takeRememberedInvitation() : null
        navigate(invitation ? `/invite/${invitation}` : user ? '/dashboard' : '/', {
          replace: true,
        })
      })
      .catch((error) => {
        // Exchange errors are logged only; the user goes back to /.
        console.error(error)
        if (!cancelled) navigate('/', { replace: true })
      })
    return () => {
      cancelled = true
    }
  }, [navigate])
  return <AuthCallbackView />
}

export default AuthCallbackPage
