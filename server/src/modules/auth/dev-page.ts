const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The development provider's sign-in page: plain HTML, no script, two fields. */
export function devSignInPage(action: string, error?: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in · Cadence</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(380px, calc(100vw - 32px)); border: 1px solid #8884; border-radius: 10px; padding: 24px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p { font-size: 14px; line-height: 1.5; margin: 0 0 16px; opacity: .8; }
  .warn { background: #fef3c7; color: #78350f; border-radius: 6px; padding: 8px 12px; opacity: 1; }
  .error { background: #fee2e2; color: #7f1d1d; border-radius: 6px; padding: 8px 12px; opacity: 1; }
  label { display: block; font-size: 14px; font-weight: 600; margin: 12px 0 4px; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: 8px 10px; border: 1px solid #8888; border-radius: 6px; }
  button { margin-top: 20px; width: 100%; font: inherit; font-weight: 600; padding: 9px; border: 0; border-radius: 6px; background: #3b5bdb; color: #fff; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 2px solid #3b5bdb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>Development sign-in</h1>
  <p class="warn">This is the development sign-in of Cadence. Anyone can sign in as anyone: it must be switched off in a deployment (configure a real provider or set <code>DEV_LOGIN=off</code>).</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="${escapeHtml(action)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required autocomplete="email" autofocus>
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="name">
    <button type="submit">Sign in</button>
  </form>
</main>
</body>
</html>`
}
