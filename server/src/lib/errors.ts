// Typed errors that carry their HTTP status; the root onError turns every one into `{error}`.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export class BadRequest extends HttpError {
  constructor(message: string) {
    super(400, message)
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Not signed in') {
    super(401, message)
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message)
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message)
  }
}
export class Conflict extends HttpError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, message, extra)
  }
}
export class TooManyRequests extends HttpError {
  constructor(message = 'Too many requests, try again in a minute') {
    super(429, message)
  }
}

type ValueErrorLike = {
  message?: string
  path?: string
  value?: unknown
  schema?: { error?: unknown; maxLength?: number }
}
type ValidationLike = {
  message?: string
  valueError?: ValueErrorLike
  all?: ValueErrorLike[]
  validator?: { schema?: { properties?: Record<string, unknown> } }
}

/**
 * Elysia reports whichever error its validator met first, which for `{}` can be the second field.
 * Pick the error of the earliest field in the schema's own order, so a form missing everything
 * is told about its first field ('Section name is required', not the type).
 */
export function firstByField(error: ValidationLike): ValueErrorLike | undefined {
  let all: ValueErrorLike[] = []
  try {
    all = error.all ?? []
  } catch {}
  if (!all.length) return error.valueError
  const order = Object.keys(error.validator?.schema?.properties ?? {})
  const rank = (e: ValueErrorLike) => {
    const i = order.indexOf(e.path?.split('/')[1] ?? '')
    // Within one field, an error carrying the field's own message wins.
    return (i === -1 ? order.length : i) * 2 + (typeof e.schema?.error === 'string' ? 0 : 1)
  }
  return all.reduce((best, e) => (rank(e) < rank(best) ? e : best))
}

/** The message of a failed `t` schema: its own `error` text or a plain description. */
export function validationMessage(error: ValidationLike): string {
  const first = firstByField(error)
  const custom = first?.schema?.error
  const max = first?.schema?.maxLength
  // 'Project name is required' would be wrong for a name that is there but too long.
  if (
    typeof custom === 'string' &&
    custom.endsWith(' is required') &&
    !custom.startsWith('Valid ') &&
    typeof first?.value === 'string' &&
    max !== undefined &&
    first.value.length > max
  ) {
    return `${custom.slice(0, -' is required'.length)} must be at most ${max.toLocaleString('en-US')} characters`
  }
  if (typeof custom === 'string') return custom
  const path = first?.path?.replace(/^\//, '').replaceAll('/', '.')
  const what = first?.message ?? 'Invalid value'
  return path ? `Invalid ${path}: ${what}` : `Invalid request: ${what}`
}

/** 413: the request is larger than the documented bound for it. */
export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, message)
  }
}
