import { type InvitationState, InvitationView } from '@cadence/ui'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useParams } from 'wouter'
import { ApiError, messageOf } from '../api/client'
import { login, useAuth } from '../state/auth'
import { rememberInvitation } from '../state/invite-return'
import { acceptInvitation, previewInvitation } from '../state/roll-up'

/**
 * `/invite/:token`: joining an executive's team (team roll-up). Signed out, 'Sign in to accept'
 * remembers the invitation for after the sign-in; a used, expired or revoked one says so. The
 * server answers the page and its API with no-store and no referrer.
 */
export default function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>()
  const [, navigate] = useLocation()
  const { status } = useAuth()
  const [state, setState] = useState<InvitationState>('loading')
  const [preview, setPreview] = useState<{ inviter_name: string; team_member_name: string }>()
  const [error, setError] = useState<string>()

  useEffect(() => {
    let cancelled = false
    previewInvitation(token)
      .then((found) => {
        if (cancelled) return
        setPreview(found)
        setState('ready')
      })
      .catch((err) => {
        if (cancelled) return
        if (err instanceof ApiError && err.status === 404) setState('invalid')
        else {
          setError(messageOf(err))
          setState('error')
        }
      })
    return () => {
      cancelled = true
    }
  }, [token])

  const accept = useCallback(async () => {
    setState('accepting')
    try {
      await acceptInvitation(token)
      setState('accepted')
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setState('invalid')
      else {
        setError(messageOf(err))
        setState('error')
      }
    }
  }, [token])

  return (
    <InvitationView
      state={status === 'pending' && state === 'ready' ? 'loading' : state}
      preview={preview}
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
