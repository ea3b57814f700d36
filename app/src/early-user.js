// Loaded by index.html before the app (a classic script: the CSP allows no inline script). On `/`
// it starts GET /api/users/me while the app's scripts download; app/src/state/auth.ts takes this
// response once, for its first user fetch, instead of asking again. Only `/`: elsewhere the app
// asks itself (on /auth/callback a response from before the sign-in would be a stale 401).
if (location.pathname === '/') {
  window.__cadenceEarlyUser = fetch('/api/users/me', { credentials: 'include' })
  // A failure is the app's to handle when it takes the response; never an unhandled rejection.
  window.__cadenceEarlyUser.catch(() => {})
}
