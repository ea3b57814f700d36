import { X as LucideX } from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { IconButton } from '../primitives/button'
import { icon } from '../primitives/icon'
import { AddToListForm } from './report-delivery-settings'

const X = /* @__PURE__ */ icon(LucideX)

/** At most this many webhooks (the server's limit). */
export const MAX_WEBHOOKS = 5

/** 'Slack', 'Microsoft Teams' or the host: how a webhook is named (its URL is a credential). */
export function webhookName(url: string) {
  try {
    const host = new URL(url).hostname.toLowerCase()
    if (host === 'hooks.slack.com') return 'Slack'
    if (
      host.endsWith('.webhook.office.com') ||
      host === 'outlook.office.com' ||
      host.endsWith('.logic.azure.com') ||
      host.endsWith('.powerplatform.com')
    )
      return 'Microsoft Teams'
    return host
  } catch {
    return url
  }
}

/** The URL with its secret part hidden: the scheme, the host and the start of the path. */
const masked = (url: string) => {
  try {
    const u = new URL(url)
    const path = u.pathname.length > 12 ? `${u.pathname.slice(0, 12)}…` : u.pathname
    return `${u.host}${path}`
  } catch {
    return url
  }
}

type ChatDeliverySettingsProps = Omit<React.ComponentProps<'section'>, 'onChange'> & {
  urls: readonly string[]
  /** The server's answer to the last change, e.g. 'Each webhook must be an https URL'. */
  error?: string | null
  /** Saved at once (PUT /api/settings `webhook_urls`). */
  onChange: (urls: string[]) => void
}

/**
 * Settings → Delivery: Slack and Microsoft Teams incoming webhooks (or any https URL that takes
 * JSON). Send posts the title, the health table and the summary with a private link to each.
 */
function ChatDeliverySettings({
  urls,
  error,
  onChange,
  className,
  ...props
}: ChatDeliverySettingsProps) {
  const id = React.useId()
  const [draft, setDraft] = React.useState('')
  const [invalid, setInvalid] = React.useState<string | null>(null)
  const add = (e: React.FormEvent) => {
    e.preventDefault()
    const url = draft.trim()
    let parsed: URL | null = null
    try {
      parsed = new URL(url)
    } catch {}
    if (parsed?.protocol !== 'https:') return setInvalid('Each webhook must be an https URL')
    if (urls.includes(parsed.href)) return setInvalid('Already added')
    if (urls.length >= MAX_WEBHOOKS) return setInvalid(`At most ${MAX_WEBHOOKS} webhooks`)
    setInvalid(null)
    setDraft('')
    onChange([...urls, parsed.href])
  }
  const message = invalid ?? error ?? null
  return (
    <section
      data-slot="chat-delivery-settings"
      aria-labelledby={`${id}-title`}
      className={cn('cad-wow-settings', className)}
      {...props}
    >
      <h3 id={`${id}-title`} className="cad-wow-settings__title">
        Chat delivery
      </h3>
      <span className="cad-wow-settings__hint">
        Send also posts the report's title, project health and summary, with a private link, to each
        webhook. Slack and Microsoft Teams incoming webhooks get their own format; any other https
        URL gets JSON.
      </span>
      {urls.length === 0 ? (
        <p className="cad-wow-settings__empty">No webhooks yet</p>
      ) : (
        <ul className="cad-wow-settings__list" aria-label="Webhooks">
          {urls.map((url) => (
            <li key={url} className="cad-wow-settings__recipient">
              <span className="cad-wow-settings__email">
                <strong>{webhookName(url)}</strong> <span className="cad-break">{masked(url)}</span>
              </span>
              <IconButton
                size="sm"
                label={`Remove ${webhookName(url)} webhook`}
                onClick={() => onChange(urls.filter((x) => x !== url))}
              >
                <X size={14} aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <AddToListForm
        id={id}
        type="url"
        label="Webhook URL"
        placeholder="https://hooks.slack.com/services/…"
        buttonLabel="Add webhook"
        value={draft}
        onValueChange={(value) => {
          setDraft(value)
          if (invalid) setInvalid(null)
        }}
        invalid={invalid !== null}
        message={message}
        onSubmit={add}
      />
    </section>
  )
}

export type { ChatDeliverySettingsProps }
export { ChatDeliverySettings }
