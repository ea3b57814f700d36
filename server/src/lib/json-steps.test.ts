import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { countTurns } from '../test/turns'
import { readJsonBody, storableText } from './body'
import { HttpError } from './errors'
import { NUL_IN_TEXT, parseJsonInSteps } from './json-steps'
import { timeSlices } from './time-slices'

/** This thread's time on a core so far, in ms (Linux: the first field of its schedstat, in ns). */
const threadCpuMs = () =>
  Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6

/**
 * Large bodies parsed in steps (json-steps.ts): the value JSON.parse gives for every valid text,
 * 400 for every text JSON.parse refuses and for nesting past the limit, and the event loop given
 * back between steps of at most a fixed number of values, where JSON.parse held it for the whole
 * body.
 */

/** What the stepped parse answers: the value, or the refusal's status and message. */
async function stepped(text: string, maxDepth = 64, slices = timeSlices()) {
  try {
    return { value: await parseJsonInSteps(text, maxDepth, slices) }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    return { status: error.status, error: error.message }
  }
}
function native(text: string) {
  try {
    return { value: JSON.parse(text) }
  } catch {
    return { status: 400, error: 'Malformed request body' }
  }
}
/** Slices that count their pauses, giving the loop back at each. */
function countingSlices() {
  const counted = { pauses: 0 }
  const slices = timeSlices(0)
  return {
    counted,
    slices: {
      ...slices,
      pause: () => {
        counted.pauses++
        return slices.pause()
      },
    },
  }
}

/** `text` cut at `cuts` (positions, any order), as a large body is decoded a piece at a time. */
function cut(text: string, cuts: number[]) {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
  return [0, ...at].map((from, k) => text.slice(from, at[k] ?? text.length))
}

/** The stepped parse of `text` in pieces, read through a window of `margin` characters ahead. */
async function inPieces(pieces: string[], margin: number, storable = false) {
  try {
    return { value: await parseJsonInSteps(pieces, 1000, timeSlices(), storable, margin) }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    return { status: error.status, error: error.message }
  }
}

describe('JSON parsed in steps', () => {
  test('any JSON text in any pieces, through any window: the value JSON.parse gives (property)', async () => {
    // Every token can straddle two pieces or more, and outgrow a small window.
    await fc.assert(
      fc.asyncProperty(
        fc.json({ depthSize: 'small' }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 1, max: 9 }),
        async (text, cuts, margin) => {
          expect(await inPieces(cut(text, cuts), margin)).toEqual(native(text))
        },
      ),
      { numRuns: 1000, seed: 7 },
    )
    // Tokens built to straddle: a long string with escaped quotes and backslashes cut between
    // them, a long number, a long run of blanks, the words; and malformed text cut the same way.
    const texts = [
      `{"k":"${'ab\\"'.repeat(40)}","n":${'9'.repeat(50)}.5e3,${' '.repeat(70)}"t":[true,false,null]}`,
      `["\u00e9\ud83d\ude00${'x'.repeat(30)}",-0.25,{"":{}}]`,
      '{"a":"unclosed',
      '[1,2',
      '[tru]',
      '{"a" 1}',
      '[1] 2',
      `  ${' '.repeat(30)}  `,
    ]
    for (const text of texts)
      for (let size = 1; size <= 8; size++)
        for (const margin of [1, 3, 64]) {
          const pieces = cut(
            text,
            Array.from({ length: Math.ceil(text.length / size) }, (_, k) => k * size),
          )
          expect({ text, size, margin, ...(await inPieces(pieces, margin)) }).toEqual({
            text,
            size,
            margin,
            ...native(text),
          })
        }
  })

  test('any JSON text: the value JSON.parse gives (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ depthSize: 'medium' }), async (text) => {
        expect(await stepped(text, 1000)).toEqual(native(text))
      }),
      { numRuns: 500, seed: 11 },
    )
  })

  test('a text with one character changed, added or removed: refused exactly when JSON.parse refuses it (property)', async () => {
    const chars = fc.constantFrom(...'{}[]",:\\ -+.eE0123456789tfnulrsa\n\t\u0001/u')
    let refused = 0
    await fc.assert(
      fc.asyncProperty(
        fc.json(),
        fc.nat(),
        chars,
        fc.constantFrom('replace', 'insert', 'delete'),
        async (text, at, c, how) => {
          const i = at % (text.length + 1)
          const changed =
            how === 'insert'
              ? text.slice(0, i) + c + text.slice(i)
              : text.slice(0, i) + (how === 'replace' ? c : '') + text.slice(i + 1)
          const expected = native(changed)
          if (!('value' in expected)) refused++
          expect(await stepped(changed, 1000)).toEqual(expected)
        },
      ),
      { numRuns: 1000, seed: 12 },
    )
    expect(refused).toBeGreaterThan(200)
  })

  test('escapes, long strings cut in pieces, numbers, whitespace and a __proto__ key as JSON.parse reads them', async () => {
    const texts = [
      ' {"a" : [1, -0, 2.5e-3, 1E+2, true, false, null, "x\\"y\\\\", "\\u00e9\\ud83d\\ude00\\n"]} ',
      '{"__proto__": {"polluted": true}, "b": 1}',
      JSON.stringify({ long: `${'é"\\\n'.repeat(200_000)}end`, plain: 'p'.repeat(300_000) }),
      JSON.stringify(['\\'.repeat(300_001), '"'.repeat(300_001)]),
      '"\\ud800"',
      '[1, 2',
      '{"a" 1}',
      '01',
      '[1,]',
      '"a\tb"',
      '"\\x"',
      'nul',
      '',
    ]
    for (const text of texts) expect(await stepped(text)).toEqual(native(text))
    const proto = (await parseJsonInSteps('{"__proto__": {"polluted": true}}', 64)) as object
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype)
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })

  test('nesting past the limit is refused with 400 when it is met, at the limit it is read', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    expect(await stepped(nested(64))).toEqual(native(nested(64)))
    expect(await stepped(nested(65))).toEqual({
      status: 400,
      error: 'Request body nested too deeply (at most 64 levels)',
    })
    expect(await stepped(`{"a":${nested(500_000)}}`)).toEqual({
      status: 400,
      error: 'Request body nested too deeply (at most 64 levels)',
    })
  })

  test('the event loop is given back between steps: a 1 MB body of 200,000 values pauses at least once per 1,024 values', async () => {
    const values = 200_000
    const text = `[${Array(values).fill('{}').join(',')}]`
    const { counted, slices } = countingSlices()
    const turnsSoFar = countTurns()
    const value = (await parseJsonInSteps(text, 64, slices)) as unknown[]
    const turns = turnsSoFar()
    expect(value).toHaveLength(values)
    expect(counted.pauses).toBeGreaterThanOrEqual(Math.floor(values / 1024))
    // Other work ran between the steps: the loop turned with every pause.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(values / 1024))
  })
})

describe('storable strings, made so as they are parsed', () => {
  const storable = async (text: string) => {
    try {
      return { value: await parseJsonInSteps(text, 1000, timeSlices(), true) }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      return { status: error.status, error: error.message }
    }
  }
  const walked = (text: string) => {
    try {
      return { value: storableText(JSON.parse(text), text) }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      return { status: error.status, error: error.message }
    }
  }

  test('a NUL is 400 and half a surrogate pair U+FFFD, keys too, as storableText makes them (property)', async () => {
    expect(await storable('{"k\\u0000":1}')).toEqual({ status: 400, error: NUL_IN_TEXT })
    expect(await storable('["a\\u0000"]')).toEqual({ status: 400, error: NUL_IN_TEXT })
    expect(await storable('{"\\ud800":"x\\udc00y","ok":"\\ud83d\\ude00"}')).toEqual({
      value: { '\ufffd': 'x\ufffdy', ok: '😀' },
    })
    const odd = fc.constantFrom('\\u0000', '\\ud800', '\\udfff', '\\ud83d\\ude00', '\\\\u0000', 'a')
    const str = fc.array(odd, { maxLength: 4 }).map((parts) => `"${parts.join('')}"`)
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        str,
        fc.constant('1'),
        fc.array(tie('value'), { maxLength: 3 }).map((v) => `[${v.join(',')}]`),
        // Distinct keys: with a repeated key JSON.parse keeps the last value only, and the stepped
        // parse refuses a NUL in the earlier one too (stricter, never laxer).
        fc
          .uniqueArray(fc.tuple(str, tie('value')), { maxLength: 3, selector: ([k]) => k })
          .map((kv) => `{${kv.map(([k, v]) => `${k}:${v}`).join(',')}}`),
      ),
    })).value as fc.Arbitrary<string>
    await fc.assert(
      fc.asyncProperty(json, async (text) => {
        expect(await storable(text)).toEqual(walked(text))
      }),
      { numRuns: 2000, seed: 42 },
    )
  })

  test('one escape in a 4.8 MB body of a million strings costs no walk of the value: no turn longer than without it', async () => {
    // Many small values (~1.9 million keys and strings) make a walk of the value costly.
    const ITEMS = 480_000
    const bodyWith = (odd: string) => {
      const items = Array.from({ length: ITEMS }, () => '{"a":"b"}')
      items[240_000] = `{"a":"half ${odd} here"}`
      return `{"items":[${items.join(',')}]}`
    }
    /** The body read and parsed as a route reads it, with the longest turn the loop waited. */
    const measured = async (text: string) => {
      // Made before the clock starts: building the request is the client's work, not the server's.
      // Its bytes are handed over as they are, framed by their length as the server reads them:
      // copying them out of a Request sets off collector pauses on this thread that are the same
      // for every body and would hide what is measured here, the parse and what follows it.
      const bytes = Buffer.from(text).buffer
      const request = new Request('http://localhost/api/x', {
        method: 'POST',
        body: bytes,
        headers: { 'content-length': String(bytes.byteLength) },
      })
      request.arrayBuffer = async () => {
        // The clock starts when the route has the bytes: what follows is what a walk would add to.
        longest = 0
        last = threadCpuMs()
        return bytes
      }
      // A turn's length in this thread's own time on a core, not the wall clock: time spent
      // waiting for a core on a busy machine is no turn of ours.
      let longest = 0
      let last = threadCpuMs()
      let running = true
      const tick = () => {
        if (!running) return
        const now = threadCpuMs()
        longest = Math.max(longest, now - last)
        last = now
        setImmediate(tick)
      }
      setImmediate(tick)
      const result = await readJsonBody(request, 8 * 1024 * 1024).then(
        (value) => ({ value }),
        (error: HttpError) => ({ status: error.status }),
      )
      // One more turn, so the gap that ends with the answer is measured too.
      await new Promise((resolve) => setImmediate(resolve))
      running = false
      return { result, longest }
    }
    const plain = bodyWith('plain')
    expect(plain.length).toBeGreaterThan(4_800_000)
    expect(plain.length).toBeLessThan(8 * 1024 * 1024)
    // The least of three runs each: the stepped parse's own turns (and the collector's pauses) are
    // the baseline; a walk of the value after the parse adds one turn several times longer, which
    // this sees (shown failing with readJsonBody walking the parsed value again).
    let baseline = Number.POSITIVE_INFINITY
    for (let run = 0; run < 3; run++) {
      const { result, longest } = await measured(plain)
      expect(result).toHaveProperty('value')
      baseline = Math.min(baseline, longest)
    }
    for (const odd of ['\\ud800', '\\u0000']) {
      let least = Number.POSITIVE_INFINITY
      for (let run = 0; run < 3; run++) {
        const { result, longest } = await measured(bodyWith(odd))
        least = Math.min(least, longest)
        if (odd === '\\u0000') expect(result).toEqual({ status: 400 })
        else {
          const { items: parsed } = (result as { value: { items: { a: string }[] } }).value
          expect(parsed[240_000].a).toBe('half \ufffd here')
          expect(parsed).toHaveLength(ITEMS)
        }
      }
      expect(least).toBeLessThan(Math.max(50, baseline + 40))
    }
  }, 30_000)
})
