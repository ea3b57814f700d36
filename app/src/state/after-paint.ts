// The signed-in app's secondary data, after the first screen: loads that start once the screen
// shown now is painted, and whose answers land together (one render for all of them). Apart from
// ./resource.ts, which only takes a batch, so the landing page's entry does not carry it.

/** See answerBatch. */
type AnswerBatch = {
  /** `answer`, settled only once every answer added before the batch closed has settled. */
  add: <T>(answer: Promise<T>) => Promise<T>
  /** No more answers join: the batch settles them all once the last one is in. */
  close: () => void
}

/** A batch does not hold its answers longer than this after closing (one slow request). */
const BATCH_MAX_WAIT_MS = 3000

/**
 * Answers that land together: each added answer settles only once all of them have, in one
 * synchronous loop, so what each one's consumer writes (a resource's data) is written in the same
 * turn, and React renders the subscribers once instead of once per answer (valtio notifies them
 * in a microtask after the writes; React renders in the microtask after those). A slow answer
 * holds the others for at most BATCH_MAX_WAIT_MS; one that comes later settles on its own.
 */
function answerBatch(maxWaitMs = BATCH_MAX_WAIT_MS): AnswerBatch {
  let pending = 0
  let closed = false
  let released = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const waiting: (() => void)[] = []
  const release = () => {
    if (released) return
    released = true
    clearTimeout(timer)
    for (const settle of waiting.splice(0)) settle()
  }
  const arrived = (settle: () => void) => {
    pending--
    if (released) return settle()
    waiting.push(settle)
    if (closed && pending === 0) release()
  }
  return {
    add<T>(answer: Promise<T>) {
      if (released) return answer
      pending++
      return new Promise<T>((resolve, reject) => {
        answer.then(
          (value) => arrived(() => resolve(value)),
          (error: unknown) => arrived(() => reject(error)),
        )
      })
    },
    close() {
      if (closed) return
      closed = true
      if (pending === 0) return release()
      timer = setTimeout(release, maxWaitMs)
    },
  }
}

/** Loads waiting for the next paint; null when none is queued. */
let afterPaintQueue: ((batch: AnswerBatch) => void)[] | null = null

/**
 * Starts `start` once the screen shown now has been painted, with every other start queued
 * meanwhile, in one task and one answerBatch: the shell's and a page's secondary data (settings,
 * lists, badges) neither delay the first screen's paint (their requests, their answers' work) nor
 * render the shell once per answer. After the next frame, or a second at most (a hidden tab has
 * no frames).
 */
function loadAfterPaint(start: (batch: AnswerBatch) => void) {
  if (afterPaintQueue) {
    afterPaintQueue.push(start)
    return
  }
  const queue = [start]
  afterPaintQueue = queue
  let done = false
  const run = () => {
    if (done) return
    done = true
    clearTimeout(fallback)
    afterPaintQueue = null
    const batch = answerBatch()
    for (const each of queue) {
      try {
        each(batch)
      } catch (error) {
        console.error(error)
      }
    }
    batch.close()
  }
  // The frame's callbacks run before its paint; the task after them runs after it.
  const fallback = setTimeout(run, 1000)
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0))
}

export type { AnswerBatch }
export { answerBatch, loadAfterPaint }
