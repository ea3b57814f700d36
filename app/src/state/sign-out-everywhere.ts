// Settings' 'Sign out everywhere', apart from state/auth.ts: the landing page loads auth, and this
// (with the toasts) belongs to the signed-in Settings page only (the landing's JS budget).
import { api, messageOf } from '../api/client'
import { hasQueued } from '../offline/fetch'
import { clearLocalSession } from './auth'
import { clearOfflineData } from './pwa'
import { toast } from './toasts'

/**
 * Settings' 'Sign out everywhere': the server ends every session of hers, this one included
 * (POST /api/sessions/revoke-all), then this tab signs out. Refused while changes made offline
 * still wait to be sent (they would be lost with the session). Rejects after its toast.
 */
async function signOutEverywhere() {
  if (hasQueued()) {
    toast.error('Changes made offline are still being sent. Try again in a moment.')
    throw new Error('changes still queued')
  }
  const { error } = await api.api.sessions['revoke-all'].post()
  if (error) {
    toast.error(`Failed to sign out everywhere: ${messageOf(error, 'Unknown error')}`)
    throw error
  }
  await clearOfflineData(clearLocalSession())
}

export { signOutEverywhere }
