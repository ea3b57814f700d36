// Response schemas of sign-in, sign-out and the signed-in user (server/src/modules/auth).
import { t } from 'elysia'

/**
 * GET /api/users/me: the signed-in user (modules/auth/service.ts publicUser). Nothing secret:
 * no session, no token. `is_admin` comes from ADMIN_EMAILS, not from the database.
 */
export const User = t.Object({
  id: t.Number(),
  email: t.String(),
  name: t.Nullable(t.String()),
  /** The sign-in provider: 'google', 'oidc' or 'dev'. */
  provider: t.String(),
  provider_user_id: t.String(),
  provider_name: t.Nullable(t.String()),
  picture: t.Nullable(t.String()),
  /** The author's title in the memo header (PUT /api/users/me); null: none. */
  display_title: t.Nullable(t.String()),
  is_admin: t.Boolean(),
  created_at: t.String(),
  updated_at: t.String(),
})
export type User = typeof User.static

/** GET /api/oauth/google/redirect_url: where the browser goes to sign in. */
export const SignInUrl = t.Object({ redirectUrl: t.String() })
export type SignInUrl = typeof SignInUrl.static

/** POST /api/sessions, POST and GET /api/logout. */
export const AuthSuccess = t.Object({ success: t.Boolean() })
export type AuthSuccess = typeof AuthSuccess.static
