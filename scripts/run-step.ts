// Runs one command as a named step, streaming its output, and reads the pass/fail counts
// that bun test and vitest print so the whole suite can close on one summary line.
export type StepResult = {
  name: string
  ok: boolean
  passed: number
  failed: number
  seconds: number
  /** The failing tests' lines, so the closing summary names them even when the log is cut. */
  failures: string[]
}

const ESC = String.fromCharCode(27)
const stripAnsi = (s: string) => s.replace(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '')

export function countResults(output: string): { passed: number; failed: number } {
  const text = stripAnsi(output)
  let passed = 0
  let failed = 0
  // bun test: " 12 pass" / " 0 fail" on their own lines
  for (const m of text.matchAll(/^\s*(\d+) pass$/gm)) passed += Number(m[1])
  for (const m of text.matchAll(/^\s*(\d+) fail$/gm)) failed += Number(m[1])
  // vitest: "Tests  40 passed (40)" or "Tests  1 failed | 39 passed (40)"
  for (const m of text.matchAll(/^\s*Tests\s+(.*)\(\d+\)\s*$/gm)) {
    const p = /(\d+) passed/.exec(m[1])
    const f = /(\d+) failed/.exec(m[1])
    if (p) passed += Number(p[1])
    if (f) failed += Number(f[1])
  }
  return { passed, failed }
}

export function failedTests(output: string): string[] {
  const text = stripAnsi(output)
  const lines = new Set<string>()
  // bun test: "(fail) describe > test [12.3ms]"; vitest: " FAIL  file > test" or " × test"
  for (const m of text.matchAll(/^\s*(\(fail\) .*|FAIL\s+\S.*|[×✗] .*)$/gm)) lines.add(m[1].trim())
  return [...lines]
}

export async function runStep(
  name: string,
  cmd: string[],
  opts: { cwd?: string; env?: Record<string, string>; buffered?: boolean } = {},
): Promise<StepResult> {
  const started = performance.now()
  const header = `\n=== ${name}: ${cmd.join(' ')}${opts.cwd ? ` (in ${opts.cwd})` : ''}`
  // Buffered (a step running beside another): one line when it starts, its whole output in one
  // block when it ends, so two steps' lines never interleave.
  console.log(opts.buffered ? `${header} — started, output when it ends` : header)
  const proc = Bun.spawn(cmd, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let output = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true })
      output += text
      if (!opts.buffered) sink.write(text)
    }
  }
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)])
  const code = await proc.exited
  if (opts.buffered) process.stdout.write(`${header}\n${output}`)
  const counts = countResults(output)
  const seconds = (performance.now() - started) / 1000
  return { name, ok: code === 0, ...counts, seconds, failures: failedTests(output) }
}
