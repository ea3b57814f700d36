import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { isAbsolute, join } from 'node:path'
import { assets } from './lib/assets'

// Relative paths are resolved from the repository root, so `bun start` (run from the root) and
// `bun run serve` (run from server/) use the same database and app build.
// The one-file build starts them from the current directory instead (lib/assets.ts).
export const repoRoot = assets.root ?? join(import.meta.dir, '..', '..')

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
  /**
   * Outgoing e-mail (SMTP_URL, MAIL_FROM); null when SMTP_URL is unset: nothing is sent.
   * `requireTls` (SMTP_REQUIRE_TLS, default on): an smtp:// server must upgrade with STARTTLS or
   * nothing is sent (smtps:// is TLS from the first byte either way).
   */
  smtp: { url: string; from: string; requireTls: boolean } | null
  /**
   * The development sign-in provider, where anyone is anyone. On only when no provider variable
   * is set at all (a fresh checkout) or DEV_LOGIN=on is explicit; DEV_LOGIN=off switches it off.
   */
  devLogin: boolean
  /** TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For is believed (addresses, CIDRs). */
  trustedProxies: string[]
  /**
   * ALLOWED_EMAIL_DOMAINS: when set, only e-mail addresses of these domains (lowercase) may sign
   * in, existing accounts included; empty: any.
   */
  allowedEmailDomains: string[]
  /** Sign-in and session creations per client address per minute (SIGN_IN_RATE_LIMIT). */
  signInRateLimit: number
  appDist: string
  secureCookies: boolean
  /** Every address a host name resolves to (the system's resolver; tests stand a table in). */
  resolveHost: (host: string) => Promise<string[]>
  /** Running a service: timeouts, migrations, logs, metrics, traces, retention (operations). */
  ops: OpsConfig
  /** SECRET_KEY: the key sources' tokens are encrypted under (required on PostgreSQL). */
  secretKey: string | null
  /** OUTBOUND_ALLOW_PRIVATE: private hosts, addresses or CIDRs a source may reach. */
  outboundAllowPrivate: string[]
  /** AI_BASE_URL, AI_MODEL, AI_API_KEY: an OpenAI-compatible endpoint for the draft summary. */
  ai: { baseUrl: string; model: string; apiKey: string | null } | null
}

/** What an operator sets to run Cadence as a service (docs/deployment.md). */
export type OpsConfig = {
  /** MIGRATE: `auto` migrates at start, `only` migrates and exits, `off` runs no DDL. */
  migrate: 'auto' | 'only' | 'off'
  /** DATABASE_CONNECT_TIMEOUT, DATABASE_STATEMENT_TIMEOUT, DATABASE_PING_TIMEOUT (seconds). */
  connectTimeout: number
  statementTimeout: number
  pingTimeout: number
  /** LOG_FORMAT: `text` for a terminal (default) or `json`, one object per line. */
  logFormat: 'text' | 'json'
  /** LOG_REQUESTS: `on` (default) writes one line per answered request; `off` only the rest. */
  logRequests: boolean
  /** METRICS_TOKEN: set, GET /metrics answers Prometheus text to `Bearer <token>`; unset, 404. */
  metricsToken: string | null
  /** OTEL_EXPORTER_OTLP_ENDPOINT: set, traces are exported there over OTLP/HTTP. */
  otlpEndpoint: string | null
  /** OTEL_SERVICE_NAME: the service name on the traces (default `cadence`). */
  serviceName: string
  /** DELIVERY_RETENTION_DAYS, ACTIVITY_RETENTION_DAYS: older sent or failed deliveries and activity entries are deleted. */
  deliveryRetentionDays: number
  activityRetentionDays: number
}

/** A whole number of seconds or days within bounds, or the default when unset; else the start stops. */
function bounded(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  max: number,
) {
  const value = env[name]?.trim()
  if (!value) return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0 || n > max)
    throw new Error(`${name} must be a number above 0 and at most ${max} (unset: ${fallback})`)
  return n
}

function opsConfig(env: Record<string, string | undefined>): OpsConfig {
  const migrate = env.MIGRATE?.trim().toLowerCase() || 'auto'
  if (migrate !== 'auto' && migrate !== 'only' && migrate !== 'off')
    throw new Error("MIGRATE must be 'auto', 'only' or 'off' (unset: auto)")
  const logFormat = env.LOG_FORMAT?.trim().toLowerCase() || 'text'
  if (logFormat !== 'text' && logFormat !== 'json')
    throw new Error("LOG_FORMAT must be 'text' or 'json' (unset: text)")
  const logRequests = env.LOG_REQUESTS?.trim().toLowerCase() || 'on'
  if (logRequests !== 'on' && logRequests !== 'off')
    throw new Error("LOG_REQUESTS must be 'on' or 'off' (unset: on)")
  const otlp = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || null
  if (otlp && !/^https?:\/\/[^/]/i.test(otlp))
    throw new Error('OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL')
  return {
    migrate,
    connectTimeout: bounded(env, 'DATABASE_CONNECT_TIMEOUT', 5, 300),
    statementTimeout: bounded(env, 'DATABASE_STATEMENT_TIMEOUT', 5, 3600),
    pingTimeout: bounded(env, 'DATABASE_PING_TIMEOUT', 2, 60),
    logFormat,
    logRequests: logRequests === 'on',
    metricsToken: metricsToken(env.METRICS_TOKEN),
    otlpEndpoint: otlp,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'cadence',
    deliveryRetentionDays: bounded(env, 'DELIVERY_RETENTION_DAYS', 90, 36_500),
    activityRetentionDays: bounded(env, 'ACTIVITY_RETENTION_DAYS', 365, 36_500),
  }
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

/** nodemailer options an SMTP_URL query may carry that would weaken or contradict the TLS rule. */
const SMTP_TLS_OPTIONS = ['requireTLS', 'ignoreTLS', 'opportunisticTLS']

/**
 * SMTP_REQUIRE_TLS: 'on' (the default) or 'off'; anything else stops the start. With it on, an
 * SMTP_URL that turns TLS off through its query (nodemailer reads `?ignoreTLS=true`) stops too.
 */
function smtpRequireTls(value: string | undefined, url: string | undefined) {
  const v = value?.trim().toLowerCase() || 'on'
  if (v !== 'on' && v !== 'off')
    throw new Error("SMTP_REQUIRE_TLS must be 'on' or 'off' (unset: on)")
  if (v === 'off' || !url) return v === 'on'
  const query = new URL(url).searchParams
  const named = SMTP_TLS_OPTIONS.filter((o) =>
    [...query.keys()].some((k) => k.toLowerCase() === o.toLowerCase()),
  )
  if (named.length)
    throw new Error(
      `SMTP_URL: remove ${named.join(', ')} from its query; TLS is SMTP_REQUIRE_TLS's (on: smtps:// or STARTTLS required, off: STARTTLS when offered)`,
    )
  return true
}

/** The variables of each sign-in provider; any one of them set means that provider is wanted. */
const GOOGLE_VARS = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const
const OIDC_VARS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const

/**
 * A provider is configured completely or not at all: a half-configured one stops the start and
 * says what is missing (it must never fall back to the development sign-in, where anyone is
 * anyone). OIDC_CLIENT_SECRET may be empty for a public client (PKCE).
 */
function signInProviders(env: Record<string, string | undefined>, compiled: boolean) {
  const value = (name: string) => env[name]?.trim() || ''
  const missing = (names: readonly string[]) => names.filter((n) => !value(n))
  let google: Config['google'] = null
  if (GOOGLE_VARS.some(value)) {
    const absent = missing(GOOGLE_VARS)
    if (absent.length)
      throw new Error(`Google sign-in is half-configured: set ${absent.join(' and ')} too`)
    google = { clientId: value('GOOGLE_CLIENT_ID'), clientSecret: value('GOOGLE_CLIENT_SECRET') }
  }
  let oidc: Config['oidc'] = null
  if (OIDC_VARS.some(value)) {
    const absent = missing(['OIDC_ISSUER', 'OIDC_CLIENT_ID'])
    if (absent.length)
      throw new Error(`OIDC sign-in is half-configured: set ${absent.join(' and ')} too`)
    let issuer: URL | null = null
    try {
      issuer = new URL(value('OIDC_ISSUER'))
    } catch {}
    if (!issuer || !/^https?:$/.test(issuer.protocol))
      throw new Error('OIDC_ISSUER must be the issuer URL, like https://login.example.com')
    oidc = {
      issuer: value('OIDC_ISSUER'),
      clientId: value('OIDC_CLIENT_ID'),
      clientSecret: value('OIDC_CLIENT_SECRET'),
    }
  }
  const devLoginValue = value('DEV_LOGIN')
  if (devLoginValue && devLoginValue !== 'on' && devLoginValue !== 'off')
    throw new Error("DEV_LOGIN must be 'on' or 'off' (unset: on only without any sign-in provider)")
  const devLogin = devLoginDecision({
    value: devLoginValue || null,
    provider: Boolean(google || oidc),
    compiled,
  })
  return { google, oidc, devLogin }
}

/** What the one-file build says when it has no sign-in at all: it does not start. */
export const COMPILED_NO_SIGN_IN =
  'The one-file build has no sign-in configured, and it does not start with the development ' +
  'sign-in (anyone can sign in as anyone) unless told to: configure GOOGLE_CLIENT_ID and ' +
  'GOOGLE_CLIENT_SECRET or OIDC_*, or set DEV_LOGIN=on to try it (it then listens on 127.0.0.1 ' +
  'unless HOST is set)'

/**
 * Whether the development sign-in is on. From the repository (`bun start`, tests): on without any
 * provider, DEV_LOGIN deciding when set. The one-file build (`dist/cadence`, a deployment) is
 * closed by default: on only with DEV_LOGIN=on, and with neither a provider nor DEV_LOGIN it
 * refuses to start (COMPILED_NO_SIGN_IN) instead of opening the door to anyone.
 */
export function devLoginDecision(input: {
  value: string | null
  provider: boolean
  compiled: boolean
}): boolean {
  if (input.value === 'on') return true
  if (input.value === 'off') return false
  if (!input.compiled) return !input.provider
  if (!input.provider) throw new Error(COMPILED_NO_SIGN_IN)
  return false
}

/**
 * HOST: as set; unset, all interfaces — except the one-file build with the development sign-in on,
 * which listens on the loopback only unless HOST says otherwise.
 */
export const listenHost = (host: string | undefined, compiled: boolean, devLogin: boolean) =>
  host?.trim() || (compiled && devLogin ? '127.0.0.1' : '0.0.0.0')

/** METRICS_TOKEN: unset (metrics off) or at least 32 characters; a shorter one stops the start. */
export const METRICS_TOKEN_MIN = 32
function metricsToken(value: string | undefined) {
  const token = value?.trim() || null
  if (token && token.length < METRICS_TOKEN_MIN)
    throw new Error(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters (it is ${token.length}): make one with \`openssl rand -hex 32\``,
    )
  return token
}

/** TRUSTED_PROXIES: comma-separated IPv4/IPv6 addresses or CIDR ranges; anything else stops. */
function trustedProxyList(value: string | undefined) {
  const list = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address)
    const max = family === 6 ? 128 : 32
    const ok =
      family !== 0 &&
      extra === undefined &&
      (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max))
    if (!ok)
      throw new Error(
        `TRUSTED_PROXIES: '${entry}' is not an IP address or CIDR range (like 10.0.0.0/8)`,
      )
  }
  return list
}

/** ALLOWED_EMAIL_DOMAINS: comma-separated domain names (example.com); anything else stops. */
function emailDomains(value: string | undefined) {
  const list = (value ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean)
  for (const domain of list)
    if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain))
      throw new Error(`ALLOWED_EMAIL_DOMAINS: '${domain}' is not a domain name (like example.com)`)
  return list
}

/**
 * The configuration from the environment. `compiled`: started as the one-file build (its entry
 * sets where its files are, lib/assets.ts), which is closed by default (devLoginDecision).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  compiled = assets.root !== undefined,
): Config {
  const port = Number(env.PORT ?? 3000)
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '')
  const { google, oidc, devLogin } = signInProviders(env, compiled)
  const smtpUrlValue = env.SMTP_URL?.trim() ? smtpUrl(env.SMTP_URL.trim()) : undefined
  const requireTls = smtpRequireTls(env.SMTP_REQUIRE_TLS, smtpUrlValue)
  return {
    port,
    host: listenHost(env.HOST, compiled, devLogin),
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
    smtp: smtpUrlValue
      ? {
          url: smtpUrlValue,
          from: env.MAIL_FROM?.trim() || `Cadence <no-reply@${new URL(publicUrl).hostname}>`,
          requireTls,
        }
      : null,
    devLogin,
    trustedProxies: trustedProxyList(env.TRUSTED_PROXIES),
    allowedEmailDomains: emailDomains(env.ALLOWED_EMAIL_DOMAINS),
    signInRateLimit: Number(env.SIGN_IN_RATE_LIMIT ?? 30) || 30,
    appDist: resolvePath(env.APP_DIST ?? assets.appDist ?? './app/dist'),
    secureCookies: publicUrl.startsWith('https://'),
    resolveHost: async (host) =>
      (await lookup(host, { all: true, verbatim: true })).map((a) => a.address),
    ops: opsConfig(env),
    secretKey: env.SECRET_KEY?.trim() || null,
    outboundAllowPrivate: (env.OUTBOUND_ALLOW_PRIVATE ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    ai: env.AI_BASE_URL?.trim()
      ? {
          baseUrl: env.AI_BASE_URL.trim().replace(/\/+$/, ''),
          model: env.AI_MODEL?.trim() || 'default',
          apiKey: env.AI_API_KEY?.trim() || null,
        }
      : null,
  }
}
