import { Spinner } from '../primitives/spinner'

export type AuthCallbackViewProps = Record<string, never>

export function AuthCallbackView(_props: AuthCallbackViewProps) {
  return (
    <div className="cad-screen-center" role="status">
      <Spinner decorative />
      <h1 className="cad-screen__title">Signing you in...</h1>
      <p className="cad-screen__muted">Just a moment while we set up your account.</p>
    </div>
  )
}
