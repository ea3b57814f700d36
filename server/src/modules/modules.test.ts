import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// Biome's noImportCycles keeps files from importing each other in a circle; this keeps the
// feature modules themselves one way: if module A imports anything of module B, nothing of B
// (nor of what B builds on) imports A (docs/architecture.md, "One name per feature").

const root = import.meta.dir

/** For each module, the other modules its production files import. */
function moduleImports() {
  const graph = new Map<string, Map<string, string>>()
  for (const module of readdirSync(root, { withFileTypes: true })) {
    if (!module.isDirectory()) continue
    const uses = new Map<string, string>()
    graph.set(module.name, uses)
    const files = readdirSync(join(root, module.name), { recursive: true }) as string[]
    for (const file of files) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
      const text = readFileSync(join(root, module.name, file), 'utf8')
      for (const [, other] of text.matchAll(/from '\.\.\/([a-z-]+)\//g))
        if (other !== module.name && !uses.has(other)) uses.set(other, `${module.name}/${file}`)
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
