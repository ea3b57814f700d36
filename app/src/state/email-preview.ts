// The review step's e-mail (interface §13): GET /api/reports/{uuid}/email-preview answers the
// message as the e-mail renderer makes it, and who it reaches. Fetched directly: the answer is
// drawn in a sandboxed frame and typed here until the route is in the server's typed app.
import { appFetch } from '../offline/fetch'

type EmailPreview = {
  subject: string
  html: string
  text: string
  /** How many people it is e-mailed to (0 without mail) and how many chat channels get it. */
  recipients: number
  webhooks: number
  mail_configured: boolean
}

const isPreview = (v: unknown): v is EmailPreview =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as EmailPreview).subject === 'string' &&
  typeof (v as EmailPreview).html === 'string'

/**
 * The e-mail of the report's next send, or null when there is none to show (offline, the server
 * refused, or an older server without the route): the review then shows the memo instead.
 */
async function loadEmailPreview(uuid: string, signal?: AbortSignal): Promise<EmailPreview | null> {
  try {
    const res = await appFetch(`/api/reports/${encodeURIComponent(uuid)}/email-preview`, {
      credentials: 'include',
      signal,
    })
    if (!res.ok) return null
    const body: unknown = await res.json()
    return isPreview(body) ? body : null
  } catch {
    return null
  }
}

export type { EmailPreview }
export { loadEmailPreview }
