// `bun server/src/scripts/copy-bench.ts [items…]`: how copy-data's time grows with the rows (issue
// 43 point 6). For each size (default 50,000 and 250,000) it fills a new SQLite database with one
// user's items, copies it into another new SQLite file with copyData (the code of `bun run
// backup`, `restore` and `copy-data`) and prints the time per item, which stays flat: pages are
// read by primary key (keyset), not by OFFSET.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../db'
import { copyData } from '../db/copy'
import type { Engine } from '../db/engine'

const sizes = process.argv.slice(2).map(Number)
const dir = mkdtempSync(join(tmpdir(), 'cadence-copy-bench-'))
try {
  const rows: string[] = []
  for (const n of sizes.length ? sizes : [50_000, 250_000]) {
    const source = openDatabase(join(dir, `source-${n}.db`))
    const src = source as unknown as Engine
    const [user] = await src.orm
      .insert(src.t.users)
      .values({ email: 'bench@example.com', name: 'Bench', provider: 'dev', provider_user_id: 'b' })
      .returning()
    const [report] = await src.orm
      .insert(src.t.reports)
      .values({ user_id: user.id, uuid: crypto.randomUUID(), week_start_date: '2026-11-23' })
      .returning()
    const [section] = await src.orm
      .insert(src.t.reportSections)
      .values({
        report_id: report.id,
        user_id: user.id,
        section_name: 'Highlights',
        content: '',
        section_type: 'standard',
        sort_order: 0,
      })
      .returning()
    source.sqlite.exec(
      `WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ${n})
       INSERT INTO section_items (section_id, user_id, content, sort_order)
       SELECT ${section.id}, ${user.id}, 'Item ' || i || ' on the quarterly plan', i FROM c`,
    )
    const target = openDatabase(join(dir, `target-${n}.db`)) as unknown as Engine
    const started = performance.now()
    const copied = await copyData(src, target)
    const ms = performance.now() - started
    const items = copied.find((r) => r.table === 'section_items')
    if (items?.target !== n) throw new Error(`copied ${items?.target} of ${n} items`)
    rows.push(
      `| ${n.toLocaleString('en')} | ${(ms / 1000).toFixed(1)} s | ${((ms * 1000) / n).toFixed(1)} µs |`,
    )
    await source.close()
    await target.close()
  }
  console.log('| items | copy-data (SQLite → SQLite) | per item |\n|---|---|---|')
  console.log(rows.join('\n'))
} finally {
  rmSync(dir, { recursive: true, force: true })
}
