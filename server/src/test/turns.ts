/** Counts the event loop's turns from now (a setImmediate each); the function returned stops it. */
export function countTurns(): () => number {
  let turns = 0
  let running = true
  const tick = () => {
    turns++
    if (running) setImmediate(tick)
  }
  setImmediate(tick)
  return () => {
    running = false
    return turns
  }
}
