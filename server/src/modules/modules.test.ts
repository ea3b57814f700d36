import { expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

// Biome's noImportCycles keeps files from importing each other in a circle; this keeps the
// feature modules themselves one way: every folder under modules/ is a node (a feature, or a
// layer of one: `sending/queue`, `sending/brief`, `reports/read`), and if folder A imports
// anything of folder B, nothing of B (nor of what B builds on) imports A
// (docs/architecture.md, "One name per feature").

const root = import.meta.dir

/** The folder under modules/ a file is in ('' for a file of modules/ itself). */
const folderOf = (file: string) => relative(root, dirname(file))

/** For each folder, the other folders its production files import. */
function moduleImports() {
  const graph = new Map<string, Map<string, string>>()
  const files = readdirSync(root, { recursive: true }) as string[]
  for (const file of files) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.d.ts')) continue
    const from = folderOf(join(root, file))
    if (!from) continue
    const uses = graph.get(from) ?? new Map<string, string>()
    graph.set(from, uses)
    const text = readFileSync(join(root, file), 'utf8')
    for (const [, spec] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(root, dirname(file), spec)
      if (!target.startsWith(`${root}/`)) continue
      const other = folderOf(
        existsSync(target) && statSync(target).isDirectory() ? join(target, 'index.ts') : target,
      )
      if (other && other !== from && !uses.has(other)) uses.set(other, file)
    }
  }
  return graph
}

/** A path that comes back to where it started, or null. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const done = new Set<string>()
  const walk = (at: string, path: string[]): string[] | null => {
    const seen = path.indexOf(at)
    if (seen >= 0) return [...path.slice(seen), at]
    if (done.has(at)) return null
    for (const next of graph.get(at)?.keys() ?? []) {
      const cycle = walk(next, [...path, at])
      if (cycle) return cycle
    }
    done.add(at)
    return null
  }
  for (const module of graph.keys()) {
    const cycle = walk(module, [])
    if (cycle) return cycle
  }
  return null
}

test('the feature modules import each other one way: no module reaches back to itself', () => {
  const graph = moduleImports()
  const cycle = findCycle(graph)
  const through = cycle?.slice(1).map((to, i) => `${graph.get(cycle[i])?.get(to)} → ${to}`)
  expect(through ?? []).toEqual([])
})

test('the check sees a cycle when there is one', () => {
  const graph = new Map([
    ['a', new Map([['b', 'a/x.ts']])],
    ['b', new Map([['c', 'b/y.ts']])],
    ['c', new Map([['a', 'c/z.ts']])],
  ])
  expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a'])
  graph.get('c')?.delete('a')
  expect(findCycle(graph)).toBeNull()
})
