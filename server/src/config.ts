import { isAbsolute, join } from 'node:path'

// Relative paths are resolved from the repository root, so `bun start` (run from the root) and
// `bun run serve` (run from server/) use the same database and app build.
export const repoRoot = join(import.meta.dir, '..', '..')

export type Config = {
  port: number
  host: string
  databasePath: string
  /** DATABASE_URL: a postgres:// or postgresql:// URL selects PostgreSQL and wins over DATABASE_PATH. */
  databaseUrl: string | null
  /** Connections per instance to PostgreSQL (DATABASE_POOL_SIZE). */
  databasePoolSize: number
  publicUrl: string
  adminEmails: string[]
  google: { clientId: string; clientSecret: string } | null
  oidc: { issuer: string; clientId: string; clientSecret: string } | null
  helpWidget: { url: string; siteKey: string } | null
  /** Outgoing e-mail (SMTP_URL, MAIL_FROM); null when SMTP_URL is unset: nothing is sent. */
  smtp: { url: string; from: string } | null
  /**
   * The development sign-in provider. On when no real provider is configured; `DEV_LOGIN=off`
   * switches it off for a deployment, `DEV_LOGIN=on` forces it on beside a real provider.
   */
  devLogin: boolean
  /** Sign-in and session creations per client address per minute (SIGN_IN_RATE_LIMIT). */
  signInRateLimit: number
  appDist: string
  secureCookies: boolean
}

const resolvePath = (p: string) => (p === ':memory:' || isAbsolute(p) ? p : join(repoRoot, p))

/** DATABASE_URL, when set, must be a PostgreSQL URL; anything else stops the start. */
function databaseUrl(url: string | undefined) {
  if (!url?.trim()) return null
  if (!/^postgres(ql)?:\/\/[^/]/i.test(url.trim())) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it for SQLite)')
  }
  return url.trim()
}

/** SMTP_URL must be an smtp:// or smtps:// URL with a host; anything else stops the start. */
function smtpUrl(url: string) {
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {}
  if (!parsed || !/^smtps?:$/.test(parsed.protocol) || !parsed.hostname) {
    throw new Error('SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host')
  }
  return url
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? 3000)
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '')
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : null
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        }
      : null
  const devLogin =
    env.DEV_LOGIN === 'on' ? true : env.DEV_LOGIN === 'off' ? false : !google && !oidc
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databasePath: resolvePath(env.DATABASE_PATH ?? './data/weekly.db'),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10) || 10,
    publicUrl,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    google,
    oidc,
    helpWidget:
      env.HELP_WIDGET_URL && env.HELP_WIDGET_SITE_KEY
        ? { url: env.HELP_WIDGET_URL, siteKey: env.HELP_WIDGET_SITE_KEY }
        : null,
    smtp: env.SMTP_URL?.trim()
      ? {
          url: smtpUrl(env.SMTP_URL.trim()),
          from: env.MAIL_FROM?.trim() || `Cadence <no-reply@${new URL(publicUrl).hostname}>`,
        }
      : null,
    devLogin,
    signInRateLimit: Number(env.SIGN_IN_RATE_LIMIT ?? 30) || 30,
    appDist: resolvePath(env.APP_DIST ?? './app/dist'),
    secureCookies: publicUrl.startsWith('https://'),
  }
}
