import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { signupsOverTwoWeeks } from '../../test/metric-weeks'

/** A PDF's text as pdftotext (poppler-utils) reads it. */
function pdfText(bytes: ArrayBuffer) {
  const dir = mkdtempSync(join(tmpdir(), 'cadence-metrics-pdf-'))
  try {
    const file = join(dir, 'memo.pdf')
    writeFileSync(file, new Uint8Array(bytes))
    return Bun.spawnSync(['pdftotext', '-layout', file, '-']).stdout.toString()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('metrics in the PDF', () => {
  test("the memo's PDF has the Metrics table: value, change, last weeks, flag", async () => {
    const { app, ada, w2 } = await signupsOverTwoWeeks()
    const pdf = await app.handle(
      new Request(`http://localhost:3000/api/reports/${w2.uuid}/pdf`, {
        headers: { cookie: [...ada.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    )
    expect(pdf.status).toBe(200)
    const text = pdfText(await pdf.arrayBuffer()).replaceAll(/\s+/g, ' ')
    expect(text).toContain('Metrics')
    expect(text).toMatch(/Signups 60 130 −70 \(worse\) Missed target/)
  })
})
