import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { exchangeCode } from '../state/auth'
import { AuthCallbackView } from './public-views'

/** `/auth/callback`: exchanges ?code&state for a session, then /dashboard, or / on failure. */
function AuthCallbackPage() {
  const [, navigate] = useLocation()
  useEffect(() => {
    let cancelled = false
    exchangeCode(window.location.search)
      .then((user) => {
        if (!cancelled) navigate(user ? '/dashboard' : '/', { replace: true })
      })
      .catch((error) => {
        // product-spec §8: exchange errors are logged only; the user goes back to /.
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
