import { describe, expect, test } from 'bun:test'
import { join, relative } from 'node:path'

// One code path for behaviour (docs/database.md, "Two engines"): outside the engines' own
// folders, no service may use what exists on SQLite only. A builder's `.all()`, `.get()`,
// `.run()` or `.values()` and `db.sqlite` would work in the SQLite run and fail on PostgreSQL.
const root = join(import.meta.dir, '..')
const ENGINE_OWN = [/^db\/sqlite\//, /^db\/pg\//, /^search\/sqlite\.ts$/, /^search\/pg\.ts$/]
const ALLOWED = [/^scripts\/backup\.ts$/, /^db\/copy\.ts$/, /^index\.ts$/]

const files = [...new Bun.Glob('**/*.ts').scanSync({ cwd: root })]
  .map((f) => relative(root, join(root, f)))
  .filter((f) => !f.endsWith('.test.ts') && !f.startsWith('test/'))

const SQLITE_ONLY = [
  { what: 'a builder run synchronously', re: /\)\s*\.(all|get|run|values)\(\)/ },
  { what: 'a builder run synchronously', re: /^\s*\.(all|get|run)\(\)/ },
  { what: 'the SQLite connection', re: /\bdb\.sqlite\b|\bctx\.db\.sqlite\b/ },
  { what: 'bun:sqlite', re: /from 'bun:sqlite'/ },
  { what: "Drizzle's synchronous transaction", re: /\.transaction\(\s*\(/ },
]

describe('the engine boundary', () => {
  test('finds the server source', () => {
    expect(files.length).toBeGreaterThan(40)
    expect(files).toContain('modules/reports/service.ts')
  })

  test('services use only what both engines have', async () => {
    const offenders: string[] = []
    for (const file of files) {
      if (ENGINE_OWN.some((re) => re.test(file)) || ALLOWED.some((re) => re.test(file))) continue
      const lines = (await Bun.file(join(root, file)).text()).split('\n')
      lines.forEach((line, i) => {
        for (const rule of SQLITE_ONLY)
          if (rule.re.test(line)) offenders.push(`${file}:${i + 1} ${rule.what}: ${line.trim()}`)
      })
    }
    expect(offenders).toEqual([])
  })

  test("neither engine's folder imports the other's: both implement src/db/statements.ts", async () => {
    const crossing: string[] = []
    for (const file of files) {
      const other = file.startsWith('db/sqlite/') ? 'pg' : file.startsWith('db/pg/') ? 'sqlite' : ''
      if (!other) continue
      const text = await Bun.file(join(root, file)).text()
      if (new RegExp(`from '(\\.\\./)+(db/)?${other}\\b`).test(text)) crossing.push(file)
    }
    expect(files).toContain('db/statements.ts')
    expect(crossing).toEqual([])
  })

  test('the check sees a violation when there is one', () => {
    const line = 'const row = db.select().from(users).where(eq(users.id, 1)).get()'
    expect(SQLITE_ONLY.some((rule) => rule.re.test(line))).toBe(true)
    expect(
      SQLITE_ONLY.some((rule) => rule.re.test('const rows = await db.orm.select().from(users)')),
    ).toBe(false)
  })
})
