import { eq } from 'drizzle-orm'
import * as oidc from 'openid-client'
import type { AppContext } from '../../context'
import { devAuthCodes } from '../../db/schema'
import { Unauthorized } from '../../lib/errors'
import { nowIso } from '../../lib/time'
import type { Profile } from './service'
import { pkceChallenge, randomToken, randomVerifier, sha256Hex } from './tokens'

export type Pending = { state: string; verifier: string; provider: 'google' | 'oidc' | 'dev' }

const CODE_TTL_MS = 10 * 60_000
export const DEV_AUTHORIZE_PATH = '/api/oauth/dev/authorize'

const configs = new Map<string, Promise<oidc.Configuration>>()

/** Discovery is fetched once per issuer and kept (openid-client validates ID tokens with it). */
function discover(issuer: string, clientId: string, clientSecret: string) {
  const key = `${issuer}|${clientId}`
  let config = configs.get(key)
  if (!config) {
    config = oidc.discovery(new URL(issuer), clientId, clientSecret)
    config.catch(() => configs.delete(key))
    configs.set(key, config)
  }
  return config
}

function providerConfig(ctx: AppContext, provider: Pending['provider']) {
  if (provider === 'google' && ctx.config.google) {
    const { clientId, clientSecret } = ctx.config.google
    return discover('https://accounts.google.com', clientId, clientSecret)
  }
  if (provider === 'oidc' && ctx.config.oidc) {
    const { issuer, clientId, clientSecret } = ctx.config.oidc
    return discover(issuer, clientId, clientSecret)
  }
  throw new Unauthorized('Sign-in provider is not configured')
}

export function activeProvider(ctx: AppContext): Pending['provider'] | null {
  if (ctx.config.google) return 'google'
  if (ctx.config.oidc) return 'oidc'
  if (ctx.config.devLogin) return 'dev'
  return null
}

const callbackUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/auth/callback`

/** Starts an authorization-code flow with state and PKCE (S256). */
export async function startSignIn(ctx: AppContext) {
  const provider = activeProvider(ctx)
  if (!provider) throw new Unauthorized('No sign-in provider is configured')
  const pending: Pending = { state: randomToken(), verifier: randomVerifier(), provider }
  const challenge = pkceChallenge(pending.verifier)
  if (provider === 'dev') {
    const url = new URL(`${ctx.config.publicUrl}${DEV_AUTHORIZE_PATH}`)
    url.searchParams.set('state', pending.state)
    url.searchParams.set('code_challenge', challenge)
    url.searchParams.set('code_challenge_method', 'S256')
    url.searchParams.set('redirect_uri', callbackUrl(ctx))
    return { pending, redirectUrl: url.toString() }
  }
  const config = await providerConfig(ctx, provider)
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx),
    scope: 'openid email profile',
    state: pending.state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })
  return { pending, redirectUrl: url.toString() }
}

/** The development provider's side: a single-use code bound to the PKCE challenge. */
export function issueDevCode(
  { db }: AppContext,
  input: { email: string; name?: string; codeChallenge: string },
) {
  const code = randomToken()
  db.insert(devAuthCodes)
    .values({
      code_hash: sha256Hex(code),
      email: input.email.trim().toLowerCase(),
      name: input.name?.trim() || null,
      code_challenge: input.codeChallenge,
      expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(),
    })
    .run()
  return code
}

/** Exchanges a code for the provider's profile; wrong, used or expired codes are refused. */
export async function exchangeCode(
  ctx: AppContext,
  pending: Pending,
  code: string,
): Promise<Profile> {
  if (pending.provider === 'dev') {
    const hash = sha256Hex(code)
    const row = ctx.db.select().from(devAuthCodes).where(eq(devAuthCodes.code_hash, hash)).get()
    if (!row || row.used_at || Date.parse(row.expires_at) < Date.now()) {
      throw new Unauthorized('Invalid or expired sign-in code')
    }
    // Single use: burn the code before checking the verifier, so a wrong guess also spends it.
    ctx.db
      .update(devAuthCodes)
      .set({ used_at: nowIso() })
      .where(eq(devAuthCodes.code_hash, hash))
      .run()
    if (pkceChallenge(pending.verifier) !== row.code_challenge) {
      throw new Unauthorized('Invalid sign-in verifier')
    }
    return { provider: 'dev', providerUserId: row.email, email: row.email, name: row.name }
  }
  const config = await providerConfig(ctx, pending.provider)
  const current = new URL(callbackUrl(ctx))
  current.searchParams.set('code', code)
  current.searchParams.set('state', pending.state)
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
    })
    const claims = tokens.claims()
    if (!claims?.sub || typeof claims.email !== 'string') {
      throw new Unauthorized('The provider did not return an e-mail address')
    }
    return {
      provider: pending.provider,
      providerUserId: claims.sub,
      email: claims.email.toLowerCase(),
      name: typeof claims.name === 'string' ? claims.name : null,
      picture: typeof claims.picture === 'string' ? claims.picture : null,
    }
  } catch (error) {
    if (error instanceof Unauthorized) throw error
    console.error('code exchange failed', error)
    throw new Unauthorized('Failed to exchange code for session token')
  }
}
