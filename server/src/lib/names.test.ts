import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { readerName } from './names'

describe('readerName', () => {
  test("the review's name loses its override and its line breaks", () => {
    expect(readerName('Author\u202e… (CEO)\n\nApproved')).toBe('Author… (CEO) Approved')
  })

  test('bidi controls, zero-width and other format characters go; line breaks become one space', () => {
    const cases: [string, string | null][] = [
      ['Ada\u200b Love\u200dlace', 'Ada Lovelace'],
      ['\u2066Ada\u2069 \u202aB\u202c \u200eC\u200f \u061cD', 'Ada B C D'],
      ['\ufeffAda', 'Ada'],
      ['Ada\r\nLovelace', 'Ada Lovelace'],
      ['Ada\u2028Lovelace\u2029', 'Ada Lovelace'],
      ['Ada\tLovelace\u0085', 'Ada Lovelace'],
      ['A\u0000d\u0007a\u007f\u009b', 'Ada'],
      ['soft\u00adhyphen', 'softhyphen'],
      ['tag\u{e0041}\u{e007f}s', 'tags'],
      ['  Ada   Lovelace  ', 'Ada Lovelace'],
      // Letters of every script and emoji stay.
      ['Zoë Łukasz 山田 محمد 😀', 'Zoë Łukasz 山田 محمد 😀'],
      ['\u202e\u200b\n', null],
      ['', null],
      [null as unknown as string, null],
    ]
    for (const [given, name] of cases) expect(readerName(given)).toBe(name)
  })

  test('whatever is given, the name is one trimmed line of no control or format character (property)', () => {
    const odd = fc.constantFrom(
      '\u202e',
      '\u202d',
      '\u2066',
      '\u2069',
      '\u200b',
      '\u200d',
      '\ufeff',
      '\n',
      '\r',
      '\u2028',
      '\t',
      '\u0000',
      '\u001b',
      ' ',
      'a',
      'Z',
      'é',
      '山',
      '😀',
    )
    fc.assert(
      fc.property(fc.array(odd, { maxLength: 30 }), (parts) => {
        const name = readerName(parts.join(''))
        if (name === null) return
        expect(name).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u)
        expect(name).toBe(name.trim())
        expect(name).not.toMatch(/\s{2}/)
      }),
      { numRuns: 2000, seed: 7 },
    )
  })
})

describe("readers' names on a shared brief", () => {
  test('an acknowledgement, an answer to an ask and a question keep one visible line of the name', async () => {
    const { createTestApp, makeClient, signIn } = await import('../test/helpers')
    const { app } = await createTestApp()
    const ada = await signIn(app, 'ada@example.com', 'Ada')
    await ada.api['section-templates'].post({ name: 'Highlights', type: 'standard' })
    const report = (await ada.api.reports.post({ week_start_date: '2026-11-23' })).data!
    const ask = (
      await ada.api['section-items'].post({ section_id: report.sections[0].id, content: 'Budget?' })
    ).data!
    await ada.api['section-items']({ id: ask.id }).put({ is_ask: true })
    const share = (await ada.api.reports({ uuid: report.uuid }).shares.post({ expires_in_days: 7 }))
      .data!
    const token = share.url.split('/r/')[1]
    const reader = makeClient(app)
    const forged = 'Author\u202e… (CEO)\n\nApproved'
    const clean = 'Author… (CEO) Approved'
    expect(
      (await reader.post(`/api/shared/${token}/acknowledgements`, { name: forged })).status,
    ).toBe(201)
    expect(
      (
        await reader.post(`/api/shared/${token}/asks/${ask.id}/answers`, {
          name: `${forged}\u200b`,
          answer: 'approve',
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await reader.post(`/api/shared/${token}/questions`, {
          name: `\u2066${forged}`,
          text: 'Why?',
        })
      ).status,
    ).toBe(201)
    const readers = (await ada.get(`/api/reports/${report.uuid}/readers`)).json as {
      readers: { name: string }[]
    }
    expect(readers.readers.map((r) => r.name)).toContain(clean)
    const asks = JSON.stringify((await ada.get(`/api/reports/${report.uuid}/asks`)).json)
    expect(asks).toContain(clean)
    const live = JSON.stringify((await ada.get(`/api/reports/${report.uuid}`)).json)
    const everything = `${JSON.stringify(readers)}${asks}${live}`
    expect(everything).not.toMatch(/[\u202e\u2066\u200b]|\\n\\nApproved/)
    // Nothing visible: refused on an anonymous link, as no name is.
    const blank = await reader.post(`/api/shared/${token}/acknowledgements`, {
      name: '\u202e\u200b\n',
    })
    expect(blank.status).toBe(400)
    expect(blank.json).toEqual({ error: 'Name is required' })
  })
})
