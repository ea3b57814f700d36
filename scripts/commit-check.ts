// `bun run check` step: every commit since the convention started has a subject of at most 72
// characters, in the imperative (no trailing period, not "Added"/"Fixed"…), separated from its
// body by a blank line. History before CONVENTION_SINCE is left as it is.
const CONVENTION_SINCE = 'd42ff30'
const MAX_SUBJECT = 72

const git = (...args: string[]) => {
  const proc = Bun.spawnSync(['git', ...args], { stdout: 'pipe', stderr: 'pipe' })
  return { ok: proc.exitCode === 0, out: proc.stdout.toString() }
}

export function subjectProblems(message: string): string[] {
  const [subject = '', second] = message.split('\n')
  const problems: string[] = []
  if (subject.length > MAX_SUBJECT)
    problems.push(`subject is ${subject.length} characters (at most ${MAX_SUBJECT})`)
  if (subject.trim() === '') problems.push('subject is empty')
  if (/\.$/.test(subject)) problems.push('subject ends with a period')
  if (/^(Added|Fixed|Changed|Removed|Updated)\b/.test(subject))
    problems.push('subject is not in the imperative ("Add", not "Added")')
  if (second !== undefined && second.trim() !== '')
    problems.push('no blank line between subject and body')
  return problems
}

if (import.meta.main) {
  // A shallow or foreign clone may not have the starting commit: then check what is there.
  const range = git('cat-file', '-e', `${CONVENTION_SINCE}^{commit}`).ok
    ? [`${CONVENTION_SINCE}^..HEAD`]
    : ['-n', '50', 'HEAD']
  const log = git('log', '--format=%H%x00%B%x01', ...range)
  let bad = 0
  for (const entry of log.out.split('\x01')) {
    const [hash, message] = entry.replace(/^\n/, '').split('\x00')
    if (!hash || message === undefined || message.startsWith('Merge ')) continue
    for (const p of subjectProblems(message)) {
      bad++
      console.error(`${hash.slice(0, 7)} ${message.split('\n')[0]?.slice(0, 80)}: ${p}`)
    }
  }
  if (bad > 0) {
    console.error(
      'Commit messages: a subject of at most 72 characters in the imperative, a blank line, then the why.',
    )
    process.exit(1)
  }
  console.log('commit messages: ok')
}
