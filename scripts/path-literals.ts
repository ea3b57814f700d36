// `bun run check` step: app URLs are built by `paths.<page>(…)` (core/src/paths.ts), never
// written as strings. Fails on a string or template literal that starts an app path
// (`'/reports/' + id`, `` `/team-members/${x}` ``, `href="/dashboard"`) in ui/ and app/, and on the
// server's links into the app (`${publicUrl}/r/…`). The first segments come from the manifest, so a
// new route is covered when it is declared. `/api/…` is not an app URL; the server's own route
// declarations (`.get('/reports/:uuid', …)`, under `/api`) are not either. Tests are left out:
// they address the URLs a user types.
import { Glob } from 'bun'
import { routes } from '../core/src/routes'

const SEGMENTS = [
  ...new Set(
    Object.values(routes)
      .map((pattern) => pattern.split('/')[1] ?? '')
      .filter(Boolean),
  ),
]
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// A quote, backtick or the end of a `${…}` directly before `/segment`, which is followed by the end
// of the path, a further segment, a query, a hash or an interpolation.
const PATH_START = new RegExp(
  `(["'\`}])/(?:${SEGMENTS.map(escapeRegExp).join('|')})(?=[/"'\`?#$])`,
  'g',
)
// The server's Elysia route declarations: `.get("/reports/:uuid", …)` and the like.
const ROUTE_DECLARATION = /\.(?:get|post|put|patch|delete|all|head|options|group)\(\s*$/

export type Finding = { file: string; line: number; literal: string }

/** Every app path written as a literal in one source file (comments ignored). */
export function pathLiterals(
  file: string,
  source: string,
  options: { allowRouteDeclarations?: boolean } = {},
): Finding[] {
  const loader = file.endsWith('.tsx') ? 'tsx' : file.endsWith('.js') ? 'js' : 'ts'
  // The transpiler drops comments and types, and keeps every string as written.
  const code = new Bun.Transpiler({ loader, trimUnusedImports: false }).transformSync(source)
  const lines = source.split('\n')
  let last = 0
  const findings: Finding[] = []
  for (const match of code.matchAll(PATH_START)) {
    const at = match.index + 1
    if (options.allowRouteDeclarations && match[1] !== '}') {
      if (ROUTE_DECLARATION.test(code.slice(Math.max(0, at - 40), at - 1))) continue
    }
    const literal = (code.slice(at).match(/^[^"'`\s]*/)?.[0] ?? '').slice(0, 60)
    // The transpiler keeps the source's order, so the next finding is on this line or below.
    const line = lineOf(lines, literal, Math.max(0, last - 1))
    last = line
    findings.push({ file, line, literal })
  }
  return findings
}

const COMMENT = /^\s*(\/\/|\/\*|\*)/

/** The next line after `after` of the original source that holds the literal outside a comment. */
function lineOf(lines: string[], literal: string, after: number) {
  const head = literal.split('${')[0] ?? literal
  const start = new RegExp(`[\`'"}]${escapeRegExp(head)}`)
  const holds = (line: string) => start.test(line) && !COMMENT.test(line)
  const index = lines.findIndex((line, i) => i >= after && holds(line))
  return index === -1 ? lines.findIndex(holds) + 1 : index + 1
}

const SCANNED = [
  { glob: 'ui/src/**/*.{ts,tsx}' },
  { glob: 'app/src/**/*.{ts,tsx,js}' },
  { glob: 'app/vite.config.ts' },
  { glob: 'server/src/**/*.ts', allowRouteDeclarations: true },
]
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file)

if (import.meta.main) {
  const root = new URL('..', import.meta.url).pathname
  const findings: Finding[] = []
  for (const { glob, allowRouteDeclarations } of SCANNED) {
    for (const file of new Glob(glob).scanSync(root)) {
      if (isTest(file)) continue
      const source = await Bun.file(`${root}${file}`).text()
      findings.push(...pathLiterals(file, source, { allowRouteDeclarations }))
    }
  }
  for (const f of findings) {
    console.error(`${f.file}:${f.line}: app path '${f.literal}' written as a string; use paths`)
  }
  if (findings.length > 0) {
    console.error(
      `${findings.length} app path literal(s): build them with paths from core/src/paths.ts`,
    )
    process.exit(1)
  }
}
