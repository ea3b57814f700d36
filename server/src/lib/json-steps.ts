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

/** The 400 of a text with a NUL character, which PostgreSQL cannot store. */
export const NUL_IN_TEXT = 'Text cannot contain the NUL character (\\u0000)'

/**
 * A string as both engines store it: 400 with a NUL (PostgreSQL cannot store one in text; SQLite
 * answers alike), a lone surrogate half (which neither can store as UTF-8) made U+FFFD.
 */
export function storableString(s: string) {
  if (s.includes('\u0000')) throw new BadRequest(NUL_IN_TEXT)
  return s.isWellFormed() ? s : s.toWellFormed()
}
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

/**
 * Characters kept ahead of the reader in its window (Reader.skip): every token but a longer string
 * or number is read without looking past the window, and those extend it (Reader.more).
 */
const MARGIN = 64 * 1024

/**
 * The text and where reading is at, with the readers of its keys, strings and plain values. The
 * text may come as pieces (a large body decoded a piece at a time, lib/body.ts): it is read through
 * a window, the unread rest of the pieces appended so far, slid forward between two tokens, so no
 * string as long as the whole body is ever made (making one of 8 MB held the thread 40-70 ms).
 * Positions (`i`, `n`) are the window's.
 */
class Reader {
  i = 0
  n = 0
  text = ''
  private readonly pieces: string[]
  private next = 0
  /** `storable`: each escaped string made storable as it is decoded (storableString). */
  constructor(
    source: string | readonly string[],
    readonly storable = false,
    private readonly margin = MARGIN,
  ) {
    this.pieces = typeof source === 'string' ? [source] : [...source]
    this.more()
  }

  /** Appends the next piece to the window (positions stay); false when none is left. */
  more(): boolean {
    if (this.whole) return false
    this.text += this.pieces[this.next]
    // What is in the window is no longer held twice.
    this.pieces[this.next++] = ''
    this.n = this.text.length
    return true
  }

  /** Whether the text ends within the window. */
  get whole() {
    return this.next >= this.pieces.length
  }

  /** Past the blanks, with at least `margin` characters ahead in the window or the text's end. */
  skip() {
    for (;;) {
      const { text, n } = this
      while (this.i < n && isSpace(text.charCodeAt(this.i))) this.i++
      if (n - this.i >= this.margin || this.whole) return
      // Between two tokens: what was read is dropped from the window, the next pieces appended.
      this.text = text.slice(this.i)
      this.i = 0
      this.n = this.text.length
      while (this.n < this.margin && this.more()) {}
    }
  }

  /** The string whose opening quote is at i, i past its closing quote. */
  async readString(): Promise<string> {
    let end = stringEnd(this.text, this.i + 1, SCAN_BUDGET)
    while (end < 0) {
      if (end === Number.NEGATIVE_INFINITY) {
        // No quote closes it in the window: the next piece, looked at from where this one ended.
        const from = this.n
        if (!this.more()) throw malformed()
        end = stringEnd(this.text, Math.max(from, this.i + 1), SCAN_BUDGET)
        continue
      }
      await nextTurn()
      end = stringEnd(this.text, -end - 1, SCAN_BUDGET)
    }
    const raw = this.text.slice(this.i + 1, end)
    this.i = end + 1
    const decoded = raw.length > PIECE && SPECIAL.test(raw) ? await decodeLong(raw) : decode(raw)
    // Only an escaped string can hold a NUL or half a surrogate pair (raw text holds neither).
    return this.storable ? storableString(decoded) : decoded
  }

  /** A string in one call when it is short and plain (almost always); otherwise readString. */
  quick(): string | undefined {
    const { text } = this
    const end = text.indexOf('"', this.i + 1)
    if (end === -1 || end - this.i > PIECE) return undefined
    const raw = text.slice(this.i + 1, end)
    if (SPECIAL.test(raw)) return undefined
    this.i = end + 1
    return raw
  }

  /** After `{` or `,` in an object: the key and its colon (undefined: not a quick string). */
  quickKey() {
    this.skip()
    if (this.text.charCodeAt(this.i) !== 0x22) throw malformed()
    const key = this.quick()
    if (key === undefined) return undefined
    this.skip()
    if (this.text.charCodeAt(this.i++) !== 0x3a) throw malformed()
    return key
  }

  async readKey() {
    const key = this.quickKey()
    if (key !== undefined) return key
    const long = await this.readString()
    this.skip()
    if (this.text.charCodeAt(this.i++) !== 0x3a) throw malformed()
    return long
  }

  /** The true, false, null or number that starts at i (its first character `c`), no promise. */
  readPlain(c: number): unknown {
    // The longest of the words whole in the window.
    while (this.n - this.i < 5 && this.more()) {}
    const { text } = this
    if (c === 0x74 && text.startsWith('true', this.i)) {
      this.i += 4
      return true
    }
    if (c === 0x66 && text.startsWith('false', this.i)) {
      this.i += 5
      return false
    }
    if (c === 0x6e && text.startsWith('null', this.i)) {
      this.i += 4
      return null
    }
    for (;;) {
      NUMBER.lastIndex = this.i
      const number = NUMBER.exec(this.text)
      // Near the window's end the number may go on in the next piece: what the match stopped at
      // ('-', '.', 'e', 'e+') needs at most three characters to go on ('e+1').
      if (this.n - (this.i + (number?.[0].length ?? 0)) < 3 && this.more()) continue
      if (!number) throw malformed()
      this.i += number[0].length
      return Number(number[0])
    }
  }
}

/**
 * `text` whole or in pieces (read through a window, Reader). `storable`: every string (keys too)
 * as both engines store it (storableString), made so as it is read: no second walk over the value
 * (one walked and copied a 7.8 MB body in one turn). `margin`: the window's lookahead (tests make
 * it small so that tokens straddle pieces).
 */
export async function parseJsonInSteps(
  text: string | readonly string[],
  maxDepth: number,
  slices = timeSlices(),
  storable = false,
  margin = MARGIN,
): Promise<unknown> {
  const r = new Reader(text, storable, margin)
  // The open arrays and objects, and for each the key its next value goes under (null: array).
  const stack: Container[] = []
  const keys: (string | null)[] = []
  let value: unknown
  let steps = 0

  for (;;) {
    if (++steps % STEP === 0) await slices.pause()
    // A value starts here.
    r.skip()
    const c = r.text.charCodeAt(r.i)
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= maxDepth) throw tooDeep(maxDepth)
      r.i++
      r.skip()
      const isObject = c === 0x7b
      const container: Container = isObject ? {} : []
      if (r.text.charCodeAt(r.i) === (isObject ? 0x7d : 0x5d)) {
        r.i++
        value = container
      } else {
        stack.push(container)
        keys.push(isObject ? (r.quickKey() ?? (await r.readKey())) : null)
        continue
      }
    } else if (c === 0x22) value = r.quick() ?? (await r.readString())
    else value = r.readPlain(c)
    // The value goes into what is open, and the containers it closes into theirs.
    for (;;) {
      if (!stack.length) {
        r.skip()
        if (r.i !== r.n) throw malformed()
        return value
      }
      const top = stack.length - 1
      const key = keys[top]
      if (key === null) (stack[top] as unknown[]).push(value)
      else setKey(stack[top] as Record<string, unknown>, key, value)
      r.skip()
      const next = r.text.charCodeAt(r.i++)
      if (next === 0x2c) {
        if (key !== null) keys[top] = r.quickKey() ?? (await r.readKey())
        break
      }
      if (next !== (key === null ? 0x5d : 0x7d)) throw malformed()
      value = stack.pop()
      keys.pop()
    }
  }
}
