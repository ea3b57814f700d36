// Team roll-up: an invitation opened while signed out is accepted after sign-in. Kept apart from
// state/team-roll-up.ts so the sign-in callback does not load the signed-in app's state.

/** The invitation a visitor opened before signing in, to come back to once signed in. */
const PENDING_INVITE = 'cadence.invite'

export function rememberInvitation(token: string) {
  try {
    sessionStorage.setItem(PENDING_INVITE, token)
  } catch {}
}

/** The invitation to return to after sign-in (once), or null. */
export function takeRememberedInvitation(): string | null {
  try {
    const token = sessionStorage.getItem(PENDING_INVITE)
    sessionStorage.removeItem(PENDING_INVITE)
    return token
  } catch {
    return null
  }
}
