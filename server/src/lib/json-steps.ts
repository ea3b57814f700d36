import { BadRequest } from './errors'
import { nextTurn, timeSlices } from './time-slices'

/**
 * JSON text parsed in steps that give the event loop back (lib/time-slices.ts), for large bodies:
 * JSON.parse of the largest import (8 MB) held the loop 80–440 ms for bodies built to be slow
 * (millions of `{}` or keys), and even a 1 MB body 15–40 ms. The value is JSON.parse's for every
 * valid text (a `__proto__` key an own property, as JSON.parse makes it); malformed text is
 * refused with 400, and nesting deeper than `maxDepth` with 400 as soon as it is met.
 */

const malformed = () => new BadRequest('Malformed request body')
const tooDeep = (max: number) =>
  new BadRequest(`Request body nested too deeply (at most ${max} levels)`)

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
/** What a string's raw text needs JSON.parse for: an escape, or a control character to refuse. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters JSON refuses
const SPECIAL = /[\\\u0000-\u001f]/
/** Values between two looks at the clock. */
const STEP = 1024
/** Escaped quotes looked past, or characters decoded, in one turn. */
const SCAN_BUDGET = 64 * 1024
const PIECE = 256 * 1024

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/**
 * The index of the quote that closes the string opened before `from`, or, when `budget`
 * escaped quotes were passed first, -(where to go on from) - 1; -Infinity when it never closes.
 */
function stringEnd(text: string, from: number, budget: number) {
  let end = from - 1
  for (let n = 0; n < budget; n++) {
    end = text.indexOf('"', end + 1)
    if (end === -1) return Number.NEGATIVE_INFINITY
    let slashes = 0
    while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++
    if (slashes % 2 === 0) return end
  }
  return -(end + 1) - 1
}

const decode = (raw: string): string => {
  if (!SPECIAL.test(raw)) return raw
  try {
    return JSON.parse(`"${raw}"`)
  } catch {
    throw malformed()
  }
}

/**
 * A long string with escapes, decoded in pieces cut where a run of backslashes starts (always
 * between two escapes), a turn each.
 */
async function decodeLong(raw: string): Promise<string> {
  const parts: string[] = []
  let start = 0
  while (start < raw.length) {
    let cut = raw.indexOf('\\', start + PIECE)
    if (cut === -1) cut = raw.length
    else while (raw.charCodeAt(cut - 1) === 0x5c) cut--
    if (cut <= start) cut = raw.length
    parts.push(decode(raw.slice(start, cut)))
    start = cut
    if (start < raw.length) await nextTurn()
  }
  return parts.join('')
}

type Container = unknown[] | Record<string, unknown>

function setKey(object: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__')
    Object.defineProperty(object, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
  else object[key] = value
}

export async function parseJsonInSteps(
  text: string,
  maxDepth: number,
  slices = timeSlices(),
): Promise<unknown> {
  const n = text.length
  let i = 0
  const skip = () => {
    while (i < n && isSpace(text.charCodeAt(i))) i++
  }
  // The open arrays and objects, and for each the key its next value goes under (null: array).
  const stack: Container[] = []
  const keys: (string | null)[] = []
  let value: unknown
  let steps = 0

  /** The string whose opening quote is at i, i past its closing quote. */
  const readString = async (): Promise<string> => {
    let end = stringEnd(text, i + 1, SCAN_BUDGET)
    while (end < 0) {
      if (end === Number.NEGATIVE_INFINITY) throw malformed()
      await nextTurn()
      end = stringEnd(text, -end - 1, SCAN_BUDGET)
    }
    const raw = text.slice(i + 1, end)
    i = end + 1
    return raw.length > PIECE && SPECIAL.test(raw) ? decodeLong(raw) : decode(raw)
  }
  // A string in one call when it is short and plain (almost always); otherwise readString.
  const quick = (): string | undefined => {
    const end = text.indexOf('"', i + 1)
    if (end === -1 || end - i > PIECE) return undefined
    const raw = text.slice(i + 1, end)
    if (SPECIAL.test(raw)) return undefined
    i = end + 1
    return raw
  }
  /** After `{` or `,` in an object: the key and its colon (undefined: not a quick string). */
  const quickKey = () => {
    skip()
    if (text.charCodeAt(i) !== 0x22) throw malformed()
    const key = quick()
    if (key === undefined) return undefined
    skip()
    if (text.charCodeAt(i++) !== 0x3a) throw malformed()
    return key
  }
  const readKey = async () => {
    const key = quickKey()
    if (key !== undefined) return key
    const long = await readString()
    skip()
    if (text.charCodeAt(i++) !== 0x3a) throw malformed()
    return long
  }

  for (;;) {
    if (++steps % STEP === 0) await slices.pause()
    // A value starts here.
    skip()
    const c = text.charCodeAt(i)
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= maxDepth) throw tooDeep(maxDepth)
      i++
      skip()
      const isObject = c === 0x7b
      const container: Container = isObject ? {} : []
      if (text.charCodeAt(i) === (isObject ? 0x7d : 0x5d)) {
        i++
        value = container
      } else {
        stack.push(container)
        keys.push(isObject ? (quickKey() ?? (await readKey())) : null)
        continue
      }
    } else if (c === 0x22) value = quick() ?? (await readString())
    else if (c === 0x74 && text.startsWith('true', i)) {
      value = true
      i += 4
    } else if (c === 0x66 && text.startsWith('false', i)) {
      value = false
      i += 5
    } else if (c === 0x6e && text.startsWith('null', i)) {
      value = null
      i += 4
    } else {
      NUMBER.lastIndex = i
      const number = NUMBER.exec(text)
      if (!number) throw malformed()
      value = Number(number[0])
      i += number[0].length
    }
    // The value goes into what is open, and the containers it closes into theirs.
    for (;;) {
      if (!stack.length) {
        skip()
        if (i !== n) throw malformed()
        return value
      }
      const top = stack.length - 1
      const key = keys[top]
      if (key === null) (stack[top] as unknown[]).push(value)
      else setKey(stack[top] as Record<string, unknown>, key, value)
      skip()
      const next = text.charCodeAt(i++)
      if (next === 0x2c) {
        if (key !== null) keys[top] = quickKey() ?? (await readKey())
        break
      }
      if (next !== (key === null ? 0x5d : 0x7d)) throw malformed()
      value = stack.pop()
      keys.pop()
    }
  }
}
