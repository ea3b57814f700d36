// The data requests src/early-user.js started before the app loaded, keyed by path and query.

/**
 * What src/early-user.js leaves on window: when it ran, its responses in flight, and whether a
 * service worker controlled the page then (so saw those requests).
 */
type EarlyAnswers = {
  at: number
  answers: Record<string, Promise<Response>>
  controlled?: boolean
}

const earlyAnswers = () => (globalThis as { __cadenceEarly?: EarlyAnswers }).__cadenceEarly

/** An early answer older than this is not taken: the app asks anew. */
const EARLY_MS = 20_000

/**
 * The response src/early-user.js started for this GET, handed out once: the app's first GET of
 * the same path and query takes it instead of asking again (later ones, and any after 20 s, ask).
 */
function takeEarlyAnswer(url: URL): Promise<Response> | null {
  const early = earlyAnswers()
  if (!early || typeof location === 'undefined' || url.origin !== location.origin) return null
  const key = `${url.pathname}${url.search}`
  const answer = early.answers[key]
  if (!answer) return null
  delete early.answers[key]
  return Date.now() - early.at < EARLY_MS ? answer : null
}

/**
 * Whether a service worker saw the early requests: false when it did not control the page as it
 * began, even if one has claimed the page since (its answers are then the page's to keep).
 */
function earlyAnswersSeenByWorker(): boolean {
  return earlyAnswers()?.controlled === true
}

export { earlyAnswersSeenByWorker, takeEarlyAnswer }
