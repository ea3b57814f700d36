// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the sources under test are code held as text
import { expect, test } from 'bun:test'
import { pathLiterals } from './path-literals'

const literals = (source: string, file = 'x.tsx', allowRouteDeclarations = false) =>
  pathLiterals(file, source, { allowRouteDeclarations }).map((f) => f.literal)

test('a path concatenated, interpolated or written in JSX fails', () => {
  expect(literals(`const a = '/reports/' + id`)).toEqual(['/reports/'])
  expect(literals('const b = `/team-members/${x}`')).toEqual(['/team-members/${x}'])
  expect(literals('const c = () => <Link href="/dashboard">Home</Link>')).toEqual(['/dashboard'])
  expect(literals(`navigate('/settings?tab=metrics')`)).toEqual(['/settings?tab=metrics'])
  expect(literals('const d = `${base}/r/${token}`')).toEqual(['/r/${token}'])
})

test('the finding names the line it is on', () => {
  const found = pathLiterals('x.ts', `const a = 1\n\nconst b = '/projects/' + id\n`)
  expect(found).toEqual([{ file: 'x.ts', line: 3, literal: '/projects/' }])
})

test('comments, API paths, other words and paths from the manifest pass', () => {
  expect(
    literals(`// '/reports/{uuid}' in a comment\n/** \`/team-members/:uuid\` */\nconst x = 1`),
  ).toEqual([])
  expect(literals(`fetch('/api/reports/' + id)`)).toEqual([])
  expect(literals(`const s = '/sw.js'; const r = '/reportsX'; const k = key === '/'`)).toEqual([])
  expect(
    literals(`import { paths } from '@cadence/core/paths'\nconst h = paths.report(id)`),
  ).toEqual([])
})

test("the server's route declarations pass where allowed, its links into the app do not", () => {
  const server = 'app.get("/reports/:uuid", h)\nconst url = `${ctx.config.publicUrl}/invite/${t}`'
  expect(literals(server, 'x.ts', true)).toEqual(['/invite/${t}'])
  expect(literals(server, 'x.ts', false)).toEqual(['/reports/:uuid', '/invite/${t}'])
})
