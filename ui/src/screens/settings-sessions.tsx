// Settings → Profile and organisation → 'Your sessions': sign out everywhere (a lost phone, a
// shared computer). Every session of hers ends on every instance, this one included
// (POST /api/sessions/revoke-all); asked in place first, since it signs her out here too.
import * as React from 'react'
import { Button } from '../primitives/button'
import { ConfirmInline } from '../primitives/confirm-inline'

type SessionsProps = { onSignOutEverywhere: () => Promise<void> | void }

function SessionsSettings({ onSignOutEverywhere }: SessionsProps) {
  const id = React.useId()
  const [confirming, setConfirming] = React.useState(false)
  const [busy, setBusy] = React.useState(false)
  // The question takes the button's place: when it goes, the focus comes back to the button.
  const button = React.useRef<HTMLButtonElement>(null)
  const asked = React.useRef(false)
  React.useEffect(() => {
    if (confirming) asked.current = true
    else if (asked.current) {
      asked.current = false
      button.current?.focus()
    }
  }, [confirming])
  const confirm = async () => {
    setBusy(true)
    try {
      await onSignOutEverywhere()
    } catch {
      // The app said why (a toast); the button is there for another try.
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }
  return (
    <section className="cad-screen__block" aria-labelledby={`${id}-h`} data-slot="sessions">
      <h2 id={`${id}-h`}>Your sessions</h2>
      <p className="cad-screen__muted">
        Signed in on a computer you no longer use, or lost a phone? End every session of yours on
        every device, this one included. You sign in again here.
      </p>
      {confirming ? (
        <ConfirmInline
          message="Sign out of Cadence on every device, this one included?"
          confirmLabel={busy ? 'Signing out...' : 'Yes, sign out everywhere'}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button ref={button} variant="secondary" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      )}
    </section>
  )
}

export { SessionsSettings }
