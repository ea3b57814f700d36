import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, signIn } from '../../test/helpers'

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
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com')
    await ada.post('/api/section-templates', { name: 'Wins', type: 'standard' })
    const m = (await ada.post('/api/metrics', { name: 'Signups', direction: 'up', target: 100 }))
      .json
    const w1 = (await ada.post('/api/reports', { week_start_date: '2026-06-01' })).json
    const w2 = (await ada.post('/api/reports', { week_start_date: '2026-06-08' })).json
    await ada.put(`/api/reports/${w1.uuid}/metric-values/${m.id}`, { value: 130 })
    await ada.put(`/api/reports/${w2.uuid}/metric-values/${m.id}`, { value: 60 })
    const pdf = await app.handle(
      new Request(`http://localhost:3000/api/reports/${w2.uuid}/pdf`, {
        headers: { cookie: [...ada.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    )
    expect(pdf.status).toBe(200)
    const text = pdfText(await pdf.arrayBuffer()).replaceAll(/\s+/g, ' ')
    expect(text).toContain('Metrics')
    expect(text).toMatch(/Signups 60 −70 \(worse\) 130 → 60 Missed target/)
  })
})
