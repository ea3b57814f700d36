/**
 * A port free right now, chosen by the OS (a random pick in a range can land on a port another
 * process holds, or on one the OS hands out for outgoing connections: EADDRINUSE).
 */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port
  probe.stop(true)
  if (!port) throw new Error('no free port')
  return port
}

// Sign-in over real HTTP against a running server, through the development provider.
export async function httpSignIn(baseUrl: string, email: string): Promise<string> {
  const start = await fetch(`${baseUrl}/api/oauth/google/redirect_url`)
  const oauthCookie = start.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const { redirectUrl } = (await start.json()) as { redirectUrl: string }
  const form = await fetch(redirectUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name: email.split('@')[0] }),
  })
  const callback = new URL(form.headers.get('location')!)
  const session = await fetch(`${baseUrl}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: oauthCookie },
    body: JSON.stringify({
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    }),
  })
  if (!session.ok) throw new Error(`sign-in failed: ${session.status}`)
  return session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ')
}

export async function waitForServer(baseUrl: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      const res = await fetch(`${baseUrl}/api/users/me`)
      if (res.status === 401) return
    } catch {}
    await Bun.sleep(50)
  }
  throw new Error(`server at ${baseUrl} did not start`)
}
