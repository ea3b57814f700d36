// The progress line of `bun run backup`, `restore` and `copy-data`: on a terminal, one line
// redrawn in place ("section_items 120,000 / 500,000 · all rows 130,000 / 560,000 · 23%"), at
// most ten times a second; when the output is not a terminal (a log file, a pipe, CI), nothing:
// the scripts print their summary at the end only.
import type { CopyProgress } from '../db/copy'

type Out = { isTTY?: boolean; write: (text: string) => unknown }

const n = (x: number) => x.toLocaleString('en')

export function progressLine(p: CopyProgress) {
  const percent = p.allTotal ? Math.floor((p.allCopied * 100) / p.allTotal) : 100
  return `${p.table} ${n(p.copied)} / ${n(p.total)} · all rows ${n(p.allCopied)} / ${n(p.allTotal)} · ${percent}%`
}

/**
 * A progress callback for `copyData` that draws on `out` when it is a terminal, and `done` to
 * clear the line before the summary; both do nothing otherwise.
 */
export function terminalProgress(out: Out = process.stdout, everyMs = 100) {
  if (!out.isTTY) return { progress: undefined, done: () => {} }
  let drawn = false
  let at = Number.NEGATIVE_INFINITY
  return {
    progress: (p: CopyProgress) => {
      const now = performance.now()
      // A table's last page is drawn too (the line never stops short of a finished table); an
      // empty table only when it is time.
      if (now - at < everyMs && (p.copied < p.total || !p.total)) return
      at = now
      out.write(`\r\x1b[K${progressLine(p)}`)
      drawn = true
    },
    done: () => {
      if (drawn) out.write('\r\x1b[K')
      drawn = false
    },
  }
}
