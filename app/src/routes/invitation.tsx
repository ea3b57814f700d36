import { type InvitationState, InvitationView } from '@cadence/ui'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useParams } from 'wouter'
import { ApiError, messageOf } from '../api/client'
import { login, useAuth } from '../state/auth'
import { rememberInvitation } from '../state/invite-return'
import { acceptInvitation, previewInvitation, useInvitationPreview } from '../state/roll-up'

/** Where accepting stands; the preview itself is the invitation resource's. */
type Acceptance =
  | { state: 'accepting' | 'accepted' | 'invalid' }
  | { state: 'error'; error: string }

/**
 * `/invite/:token`: joining an executive's team (team roll-up). Signed out, 'Sign in to accept'
 * remembers the invitation for after the sign-in; a used, expired or revoked one says so. The
 * server answers the page and its API with no-store and no referrer.
 */
export default function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>()
  const [, navigate] = useLocation()
  const { status } = useAuth()
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
      error={error}
      onAccept={() => void accept()}
      onSignIn={() => {
        rememberInvitation(token)
        void login()
      }}
      onContinue={() => navigate('/dashboard')}
    />
  )
}
