// The data requests src/early-user.js started before the app loaded, keyed by path and query.

/** What src/early-user.js leaves on window: when it ran, and its responses in flight. */
type EarlyAnswers = { at: number; answers: Record<string, Promise<Response>> }

/** An early answer older than this is not taken: the app asks anew. */
const EARLY_MS = 20_000

/**
 * The response src/early-user.js started for this GET, handed out once: the app's first GET of
 * the same path and query takes it instead of asking again (later ones, and any after 20 s, ask).
 */
function takeEarlyAnswer(url: URL): Promise<Response> | null {
  const early = (globalThis as { __cadenceEarly?: EarlyAnswers }).__cadenceEarly
  if (!early || typeof location === 'undefined' || url.origin !== location.origin) return null
  const key = `${url.pathname}${url.search}`
  const answer = early.answers[key]
  if (!answer) return null
  delete early.answers[key]
  return Date.now() - early.at < EARLY_MS ? answer : null
}

export { takeEarlyAnswer }
