import { paths } from '@cadence/core/paths'
import { eq, sql } from 'drizzle-orm'
import type * as oidc from 'openid-client'
import type { AppContext } from '../../context'
import { devAuthCodes } from '../../db/schema'
import { HttpError, Unauthorized } from '../../lib/errors'
import { nowIso } from '../../lib/time'
import type { Profile } from './service'
import { pkceChallenge, randomToken, randomVerifier, sha256Hex } from './tokens'

export type Pending = {
  state: string
  verifier: string
  provider: 'google' | 'oidc' | 'dev'
  /** OpenID Connect: the nonce the ID token must carry (not used by the development provider). */
  nonce?: string
}

const CODE_TTL_MS = 10 * 60_000
export const DEV_AUTHORIZE_PATH = '/api/oauth/dev/authorize'

const configs = new Map<string, Promise<oidc.Configuration>>()

/** openid-client is loaded on the first OpenID sign-in: a server with the dev sign-in never loads it. */
const loadOidc = () => import('openid-client')

/** Discovery is fetched once per issuer and kept (openid-client validates ID tokens with it). */
function discover(issuer: string, clientId: string, clientSecret: string) {
  const key = `${issuer}|${clientId}`
  let config = configs.get(key)
  if (!config) {
    const url = new URL(issuer)
    // Plain http only for an issuer on this machine (a local Keycloak, the tests' fake issuer).
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    config = loadOidc().then((oidc) => {
      const execute = url.protocol === 'http:' && loopback ? [oidc.allowInsecureRequests] : []
      // A provider may issue public clients (no secret): then no client authentication.
      const auth = clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None()
      return oidc.discovery(url, clientId, undefined, auth, { execute })
    })
    config.catch(() => configs.delete(key))
    configs.set(key, config)
  }
  return config
}

async function providerConfig(ctx: AppContext, provider: Pending['provider']) {
  let found: { issuer: string; clientId: string; clientSecret: string } | null = null
  if (provider === 'google' && ctx.config.google) {
    found = { issuer: 'https://accounts.google.com', ...ctx.config.google }
  } else if (provider === 'oidc' && ctx.config.oidc) {
    found = ctx.config.oidc
  }
  if (!found) throw new Unauthorized('Sign-in provider is not configured')
  try {
    return await discover(found.issuer, found.clientId, found.clientSecret)
  } catch (error) {
    // Unreachable or broken discovery is the provider's failure, not ours and not the user's.
    console.warn(`OpenID discovery of ${found.issuer} failed: ${(error as Error).message}`)
    throw new HttpError(502, 'The sign-in provider could not be reached; try again later')
  }
}

export function activeProvider(ctx: AppContext): Pending['provider'] | null {
  return activeProviders(ctx)[0] ?? null
}

/** Every provider a sign-in may come back from now (the first one starts new sign-ins). */
export function activeProviders(ctx: AppContext): Pending['provider'][] {
  const active: Pending['provider'][] = []
  if (ctx.config.google) active.push('google')
  if (ctx.config.oidc) active.push('oidc')
  if (ctx.config.devLogin) active.push('dev')
  return active
}

const callbackUrl = (ctx: AppContext) => `${ctx.config.publicUrl}${paths.authCallback()}`

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
  const oidc = await loadOidc()
  pending.nonce = randomToken()
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx),
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })
  return { pending, redirectUrl: url.toString() }
}

/** The development provider's side: a single-use code bound to the PKCE challenge. */
export async function issueDevCode(
  { db }: AppContext,
  input: { email: string; name?: string; codeChallenge: string },
) {
  const code = randomToken()
  // Spent and expired codes are of no further use; drop them so the table stays small.
  await db.orm
    .delete(devAuthCodes)
    .where(sql`${devAuthCodes.expires_at} < ${nowIso()} OR ${devAuthCodes.used_at} IS NOT NULL`)
  await db.orm.insert(devAuthCodes).values({
    code_hash: sha256Hex(code),
    email: input.email.trim().toLowerCase(),
    name: input.name?.trim() || null,
    code_challenge: input.codeChallenge,
    expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(),
  })
  return code
}

/**
 * Exchanges a code for the provider's profile; wrong, used or expired codes are refused.
 * `callback` is what the callback page forwarded (its state already matched to `pending`).
 */
export async function exchangeCode(
  ctx: AppContext,
  pending: Pending,
  callback: { code: string; state: string },
): Promise<Profile> {
  const { code } = callback
  if (pending.provider === 'dev') {
    const hash = sha256Hex(code)
    const [row] = await ctx.db.orm
      .select()
      .from(devAuthCodes)
      .where(eq(devAuthCodes.code_hash, hash))
    if (!row || row.used_at || Date.parse(row.expires_at) < Date.now()) {
      throw new Unauthorized('Invalid or expired sign-in code')
    }
    // Single use: burn the code before checking the verifier, so a wrong guess also spends it.
    await ctx.db.orm
      .update(devAuthCodes)
      .set({ used_at: nowIso() })
      .where(eq(devAuthCodes.code_hash, hash))
    if (pkceChallenge(pending.verifier) !== row.code_challenge) {
      throw new Unauthorized('Invalid sign-in verifier')
    }
    return { provider: 'dev', providerUserId: row.email, email: row.email, name: row.name }
  }
  const config = await providerConfig(ctx, pending.provider)
  const oidc = await loadOidc()
  const current = new URL(callbackUrl(ctx))
  current.searchParams.set('code', code)
  // The state the provider sent back, as the callback page forwarded it: openid-client checks it
  // against the pending sign-in's (the route matched them already; this is the second lock).
  current.searchParams.set('state', callback.state)
  // The callback page forwards only code and state. A provider that sends `iss` back (RFC 9207)
  // makes openid-client require it; with a single configured provider there is no mix-up to
  // detect, so supply the issuer the configuration was discovered from.
  const metadata = config.serverMetadata()
  if (metadata.authorization_response_iss_parameter_supported) {
    current.searchParams.set('iss', metadata.issuer)
  }
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      // An ID token from another authorization request (replayed, or injected) has another nonce.
      expectedNonce: pending.nonce,
    })
    const claims = tokens.claims()
    if (!claims?.sub || typeof claims.email !== 'string') {
      throw new Unauthorized('The provider did not return an e-mail address')
    }
    // ADMIN_EMAILS trusts the address, so only an address the provider says it verified is
    // accepted: a multi-tenant provider may let a user set any address ('nOAuth'). Google and
    // every mainstream OpenID provider send email_verified; one that does not cannot be used.
    if (claims.email_verified !== true) {
      throw new Unauthorized('The provider has not verified this e-mail address')
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
    // One line: the provider's reason, without a stack for what is usually a stale or bad code.
    const e = error as { message?: string; code?: string; cause?: { message?: string } }
    console.warn(
      `code exchange failed: ${e.message ?? error}${e.code ? ` (${e.code})` : ''}` +
        (e.cause?.message ? `: ${e.cause.message}` : ''),
    )
    throw new Unauthorized('Failed to exchange code for session token')
  }
}
