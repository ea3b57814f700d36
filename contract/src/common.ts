import { t } from 'elysia'

/** Every error answer: a message a person can read. */
export const ErrorBody = t.Object({ error: t.String() })
export type ErrorBody = typeof ErrorBody.static

/** `{ok: true}` answers of writes that return nothing else. */
export const Ok = t.Object({ ok: t.Boolean() })
export type Ok = typeof Ok.static
