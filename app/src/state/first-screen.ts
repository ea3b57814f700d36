// Work that no first screen needs, started once the first screen is painted: the service
// worker's registration (its install downloads every built file, ~1.2 MB of precache) and the
// help widget's configuration. Beside the first screen they share the network, the server and the
// CPU with its own requests and render (docs/performance.md, "Pages and interactions").

/** A signed-in path whose shell never shows (signed out after all) runs the tasks after this. */
const SIGNED_IN_FALLBACK_MS = 10_000

let waiting: (() => void)[] | null = []

/** Runs `task` once the first screen is painted (at once if it has been). */
function afterFirstScreen(task: () => void) {
  if (waiting) waiting.push(task)
  else task()
}

/** The first screen is painted: its waiting tasks run (once). */
function firstScreenPainted() {
  const tasks = waiting ?? []
  waiting = null
  for (const task of tasks) task()
}

/**
 * When the first screen counts as painted: on a signed-in path, when its shell says so
 * (routes/signed-in.tsx, after its first paint), or SIGNED_IN_FALLBACK_MS after the load event;
 * on any other path, after the load event and the next frame (the frame's callbacks run before
 * its paint, the task after them after it).
 */
function watchFirstScreen(signedInPath: boolean) {
  const onLoad = () => {
    if (signedInPath) setTimeout(firstScreenPainted, SIGNED_IN_FALLBACK_MS)
    else requestAnimationFrame(() => setTimeout(firstScreenPainted, 0))
  }
  if (document.readyState === 'complete') onLoad()
  else window.addEventListener('load', onLoad, { once: true })
}

export { afterFirstScreen, firstScreenPainted, watchFirstScreen }
