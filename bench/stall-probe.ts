// The stall probe of bench/stalls.ts, a process of its own (so the bench's own reading of large
// answers is never counted): asks `/api/health/live` of the server one request at a time, 1 ms
// apart, until a line arrives on stdin; then prints the longest time between two answers (how
// long the server's event loop was held at once), the answers' count and their median latency.
const base = process.argv[2]
if (!base) throw new Error('usage: bun bench/stall-probe.ts <base url> [server pid]')
// With the server's pid: the time its main thread spent on a core between two answers
// (/proc/<pid>/task/<pid>/schedstat, nanoseconds run), which a loaded machine does not inflate.
const pid = process.argv[3]
const threadMsOf = () => {
  try {
    const stat = require('node:fs').readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')
    return Number(stat.split(' ')[0]) / 1e6
  } catch {
    return Number.NaN
  }
}
let lastThread = pid ? threadMsOf() : Number.NaN
let threadMs = 0

let stop = false
void (async () => {
  for await (const _ of Bun.stdin.stream()) break
  stop = true
})()

const latencies: number[] = []
let last = performance.now()
let longestMs = 0
while (!stop) {
  const started = performance.now()
  const res = await fetch(`${base}/api/health/live`)
  await res.arrayBuffer()
  const now = performance.now()
  latencies.push(now - started)
  longestMs = Math.max(longestMs, now - last)
  last = now
  if (pid) {
    const thread = threadMsOf()
    threadMs = Math.max(threadMs, thread - lastThread)
    lastThread = thread
  }
  await Bun.sleep(1)
}
latencies.sort((a, b) => a - b)
console.log(
  JSON.stringify({
    longestMs,
    threadMs,
    answers: latencies.length,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
  }),
)
process.exit(0)
