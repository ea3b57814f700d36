/**
 * The server's log. `text` (the default) is for a terminal: one readable line per event, an
 * error's stack below it. `json` is for a log collector: one JSON object per line, always with
 * `time`, `level` and `msg`, an error as one line with its stack inside (`error.stack`).
 *
 * What is never logged: cookies, tokens (request paths are logged as their route template,
 * `/api/shared/:token`), request or e-mail bodies. Fields are what the caller passes; callers pass
 * ids, never content.
 */
export type LogFormat = 'text' | 'json'
export type Level = 'debug' | 'info' | 'warn' | 'error'
export type Fields = Record<string, unknown>

export type Logger = {
  readonly format: LogFormat
  info(msg: string, fields?: Fields): void
  warn(msg: string, fields?: Fields): void
  /** An error: its message and stack (one line in JSON). */
  error(msg: string, error?: unknown, fields?: Fields): void
}

type Sink = (line: string, level: Level) => void

/**
 * Info lines (the access log above all) are written together, not one write each: at most
 * FLUSH_MS after the first of them, or as soon as FLUSH_BYTES are pending. `process.stdout.write`
 * costs ~15 µs a call whatever its length: once per event-loop turn, as before, that was 1–3 µs
 * of every cached answer under load (a turn answers a handful of requests). Nothing is dropped
 * or reordered: warnings and errors, and console's own lines in text mode (routeConsole), go
 * after what is pending, and what is pending goes before the process exits (`exit` is emitted on
 * process.exit, on a signal the server handles and on an uncaught error).
 */
export const FLUSH_MS = 50
const FLUSH_BYTES = 64 * 1024
let pending = ''
let timer: ReturnType<typeof setTimeout> | null = null
/** Writes the pending info lines now (before a line that does not go through the logger). */
const flushLog = () => {
  if (timer) {
    clearTimeout(timer)
    timer = null
  }
  if (!pending) return
  const lines = pending
  pending = ''
  process.stdout.write(lines)
}
const flushSoon = () => {
  timer = null
  flushLog()
}
process.on('exit', flushLog)

const defaultSink: Sink = (line, level) => {
  // Through the process's own streams, not console (which JSON mode routes back here).
  if (level === 'error' || level === 'warn') {
    flushLog()
    process.stderr.write(`${line}\n`)
    return
  }
  pending += `${line}\n`
  if (pending.length >= FLUSH_BYTES) flushLog()
  // Not keeping the process alive: what is pending when it exits is written by `exit`.
  else if (!timer) timer = setTimeout(flushSoon, FLUSH_MS).unref()
}

/** The most of an error's message a line carries (a driver's message may quote a value). */
const MESSAGE_MAX = 500

/**
 * An error's text without the failed query's parameters: Drizzle's query error says
 * `Failed query: <sql>\nparams: <every value>` (an item's text, a whole edition's brief), in its
 * message and so in its stack. The statement stays (its values are $1, $2 …); the parameters go,
 * up to the stack's first frame.
 */
export function withoutParameters(text: string) {
  const at = text.indexOf('\nparams:')
  if (at === -1) return text
  const frame = text.indexOf('\n    at ', at)
  return `${text.slice(0, at)}\nparams: (not logged)${frame === -1 ? '' : text.slice(frame)}`
}

const safeMessage = (message: string) => {
  const clean = withoutParameters(message)
  return clean.length > MESSAGE_MAX ? `${clean.slice(0, MESSAGE_MAX)}…` : clean
}

/** An error as plain fields: its name, message, code and stack (and its cause's message). */
export function errorFields(error: unknown): Fields {
  if (!(error instanceof Error)) return { message: safeMessage(String(error)) }
  const { code, errno } = error as { code?: unknown; errno?: unknown }
  const cause = (error as { cause?: unknown }).cause
  return {
    name: error.name,
    message: safeMessage(error.message),
    ...(code !== undefined ? { code } : {}),
    ...(errno !== undefined ? { errno } : {}),
    ...(cause instanceof Error ? { cause: safeMessage(cause.message) } : {}),
    stack: error.stack === undefined ? undefined : withoutParameters(error.stack),
  }
}

/** What a text log line says of an error: its stack (or message), without query parameters. */
export const errorText = (error: unknown) =>
  error instanceof Error
    ? withoutParameters(error.stack ?? error.message)
    : safeMessage(String(error))

const textValue = (value: unknown) => {
  // A number (an id, a count) needs neither JSON nor quotes.
  if (typeof value === 'number') return String(value)
  const s = typeof value === 'string' ? value : JSON.stringify(value)
  return /[\s"=]/.test(s) ? JSON.stringify(s) : s
}

/**
 * The time of a line: one Date and ISO string per millisecond, not per line (an access log line
 * per request, a dozen requests a millisecond under load).
 */
let lastMs = -1
let lastIso = ''
const isoNow = () => {
  const ms = Date.now()
  if (ms !== lastMs) {
    lastMs = ms
    lastIso = new Date(ms).toISOString()
  }
  return lastIso
}

export function createLogger(format: LogFormat, sink: Sink = defaultSink): Logger {
  const write = (level: Level, msg: string, fields: Fields = {}, error?: unknown) => {
    if (format === 'json') {
      const entry: Fields = { time: isoNow(), level, msg, ...fields }
      if (error !== undefined) entry.error = errorFields(error)
      let line: string
      try {
        line = JSON.stringify(entry)
      } catch {
        line = JSON.stringify({ time: entry.time, level, msg, error: entry.error })
      }
      sink(line, level)
      return
    }
    let line = `${isoNow()} ${level.toUpperCase()} ${msg}`
    for (const key in fields) {
      const value = fields[key]
      if (value !== undefined && value !== null) line += ` ${key}=${textValue(value)}`
    }
    if (error !== undefined) line += `\n${errorText(error)}`
    sink(line, level)
  }
  return {
    format,
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, error, fields) => write('error', msg, fields, error),
  }
}

/**
 * In JSON mode every line the process writes through `console` becomes a log object too (the
 * mailer's and the start's messages), so a collector never meets a line that is not JSON. In text
 * mode an error given to console is written without the failed query's parameters.
 */
export function routeConsole(log: Logger) {
  if (log.format !== 'json') {
    // Text: console as it is, but an error it is given is written as the logger writes one
    // (its stack without the failed query's parameters), never with the driver's own fields.
    const plain =
      (write: (...args: unknown[]) => void) =>
      (...args: unknown[]) => {
        flushLog()
        write(...args.map((a) => (a instanceof Error ? errorText(a) : a)))
      }
    // After the info lines still pending, as they were logged (console writes to the fd itself).
    const after =
      (write: (...args: unknown[]) => void) =>
      (...args: unknown[]) => {
        flushLog()
        write(...args)
      }
    console.error = plain(console.error.bind(console))
    console.warn = plain(console.warn.bind(console))
    console.log = after(console.log.bind(console))
    console.info = after(console.info.bind(console))
    console.debug = after(console.debug.bind(console))
    return
  }
  const message = (args: unknown[]) =>
    args
      .filter((a) => !(a instanceof Error))
      .map((a) => (typeof a === 'string' ? a : JSON.stringify(a)))
      .join(' ')
  const firstError = (args: unknown[]) => args.find((a) => a instanceof Error)
  console.log = (...args: unknown[]) => log.info(message(args))
  console.info = console.log
  console.debug = console.log
  console.warn = (...args: unknown[]) => log.warn(message(args))
  console.error = (...args: unknown[]) => {
    const error = firstError(args)
    log.error(message(args) || (error as Error | undefined)?.message || 'error', error)
  }
}
