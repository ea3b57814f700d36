import { paths } from '@cadence/core/paths'
import { type InvitationState, InvitationView } from '@cadence/ui'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useParams } from 'wouter'
import { ApiError, messageOf } from '../api/client'
import { login, logout, useAuth } from '../state/auth'
import { rememberInvitation } from '../state/invite-return'
import { acceptInvitation, previewInvitation, useInvitationPreview } from '../state/team-roll-up'

/** Where accepting stands; the preview itself is the invitation resource's. */
type Acceptance =
  | { state: 'accepting' | 'accepted' | 'invalid' | 'wrong-account' }
  | { state: 'error'; error: string }

/**
 * `/invite/:token`: joining an executive's team (team roll-up). Signed out, 'Sign in to accept'
 * remembers the invitation for after the sign-in; a used, expired or revoked one says so; signed
 * in with another address than the invited one (403), the page says so and how to correct it. The
 * server answers the page and its API with no-store and no referrer.
 */
export default function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>()
  const [, navigate] = useLocation()
  const { status, user } = useAuth()
  const preview = useInvitationPreview(token)
  const [acceptance, setAcceptance] = useState<Acceptance | null>(null)

  useEffect(() => {
    setAcceptance(null)
    previewInvitation(token).catch(() => {})
  }, [token])

  const accept = useCallback(async () => {
    setAcceptance({ state: 'accepting' })
    try {
      await acceptInvitation(token)
      setAcceptance({ state: 'accepted' })
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setAcceptance({ state: 'invalid' })
      else if (err instanceof ApiError && err.status === 403)
        setAcceptance({ state: 'wrong-account' })
      else setAcceptance({ state: 'error', error: messageOf(err) })
    }
  }, [token])

  const state: InvitationState =
    acceptance?.state ??
    (preview.error ? 'error' : !preview.loaded ? 'loading' : preview.data ? 'ready' : 'invalid')
  const error = acceptance?.state === 'error' ? acceptance.error : (preview.error ?? undefined)

  return (
    <InvitationView
      state={status === 'pending' && state === 'ready' ? 'loading' : state}
      preview={preview.data ?? undefined}
      signedIn={status === 'signed-in'}
      signedInAs={user?.email}
      error={error}
      onAccept={() => void accept()}
      onSignIn={() => {
        rememberInvitation(token)
        void login()
      }}
      onSwitchAccount={() => {
        rememberInvitation(token)
        void logout().then(() => login())
      }}
      onContinue={() => navigate(paths.dashboard())}
    />
  )
}
