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

type ValidationLike = {
  message?: string
  valueError?: { message?: string; path?: string; schema?: { error?: unknown } }
}

/** The message of a failed `t` schema: its own `error` text (the spec's) or a plain description. */
export function validationMessage(error: ValidationLike): string {
  const custom = error.valueError?.schema?.error
  if (typeof custom === 'string') return custom
  const path = error.valueError?.path?.replace(/^\//, '').replaceAll('/', '.')
  const what = error.valueError?.message ?? 'Invalid value'
  return path ? `Invalid ${path}: ${what}` : `Invalid request: ${what}`
}
