import type * as React from 'react'
import { Button } from '../primitives/button'
import { Card } from '../primitives/card'
import { Spinner } from '../primitives/spinner'
import type { InvitationPreview } from '../types'

export type InvitationState =
  | 'loading'
  | 'invalid'
  | 'ready'
  | 'accepting'
  | 'accepted'
  /** Signed in with another address than the one invited: accepting is refused. */
  | 'wrong-account'
  | 'error'

export type InvitationViewProps = {
  state: InvitationState
  preview?: InvitationPreview
  signedIn: boolean
  /** The signed-in user's address, said when it is not the invited one. */
  signedInAs?: string
  error?: string
  onAccept: () => void
  onSignIn: () => void
  /** Signs out and back in with another account, returning to this invitation. */
  onSwitchAccount?: () => void
  onContinue: () => void
}

/** Every state in the same centered card, so the page does not jump as it moves on. */
function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="cad-screen-center">
      <Card className="cad-invitation">{children}</Card>
    </main>
  )
}

/**
 * `/invite/:token`: joining an executive's team. No app navigation; a used, expired or revoked
 * invitation says so and links nothing. Only the address it was sent to (shown masked) can accept
 * it; signed in as anyone else, the page says how the executive can correct the address.
 */
export function InvitationView(p: InvitationViewProps) {
  if (p.state === 'loading')
    return (
      <main className="cad-screen-center">
        <Spinner label="Loading" />
      </main>
    )
  if (p.state === 'invalid')
    return (
      <Frame>
        <h1 className="cad-screen__title">This invitation is no longer valid</h1>
        <p className="cad-screen__muted">It was used, revoked or has expired. Ask for a new one.</p>
      </Frame>
    )
  const inviter = p.preview?.inviter_name ?? 'Your manager'
  const member = p.preview?.team_member_name ?? 'this team member'
  const sentTo = p.preview?.sent_to
  if (p.state === 'wrong-account')
    return (
      <Frame>
        <h1 className="cad-screen__title">This invitation is for another address</h1>
        <p>
          {inviter} sent it to <strong className="cad-break">{sentTo}</strong>
          {p.signedInAs ? (
            <>
              , and you are signed in as <strong className="cad-break">{p.signedInAs}</strong>
            </>
          ) : null}
          . Only that address can accept it.
        </p>
        <p className="cad-screen__muted">
          If you use another address, ask {inviter} to change the e-mail address of {member} in
          Cadence (on {member}'s page under Team) to the one you sign in with, then open this link
          again.
        </p>
        {p.onSwitchAccount ? (
          <Button variant="primary" onClick={p.onSwitchAccount}>
            Sign in with another account
          </Button>
        ) : null}
      </Frame>
    )
  if (p.state === 'accepted')
    return (
      <Frame>
        <h1 className="cad-screen__title">You're on {inviter}'s team</h1>
        <p className="cad-screen__muted">
          What {inviter} assigns to you shows on your dashboard under Assigned to me.
        </p>
        <Button variant="primary" onClick={p.onContinue}>
          Go to dashboard
        </Button>
      </Frame>
    )
  return (
    <Frame>
      <h1 className="cad-screen__title">Join {inviter}'s team</h1>
      <p>
        You were invited as {p.preview?.team_member_name}. {inviter} will see your sent reports and
        can assign you tasks; your drafts and your own tasks stay private.
      </p>
      {sentTo ? (
        <p className="cad-screen__muted">
          Sent to <span className="cad-break">{sentTo}</span>: sign in with that address to accept.
        </p>
      ) : null}
      {p.state === 'error' && p.error ? (
        <p className="cad-form__error" role="alert">
          {p.error}
        </p>
      ) : null}
      {p.signedIn ? (
        <Button variant="primary" onClick={p.onAccept} loading={p.state === 'accepting'}>
          {p.state === 'error' ? 'Try again' : 'Accept invitation'}
        </Button>
      ) : (
        <Button variant="primary" onClick={p.onSignIn}>
          Sign in to accept
        </Button>
      )}
    </Frame>
  )
}
