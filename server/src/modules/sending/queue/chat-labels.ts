/** Which chat service a webhook URL is, and how it is named to the user. */
export type WebhookService = 'slack' | 'teams' | 'discord' | 'json'

/** Which format a URL gets: by the host of the service's incoming webhooks. */
export function webhookService(url: string): WebhookService {
  const host = new URL(url).hostname.toLowerCase()
  if (host === 'hooks.slack.com') return 'slack'
  if (
    ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'].includes(host) &&
    new URL(url).pathname.startsWith('/api/webhooks/')
  )
    return 'discord'
  if (
    host.endsWith('.webhook.office.com') ||
    host === 'outlook.office.com' ||
    host.endsWith('.logic.azure.com') ||
    host.endsWith('.powerplatform.com')
  )
    return 'teams'
  return 'json'
}

/** 'Slack', 'Microsoft Teams' or the host: what the report page says it posted to. */
export function webhookLabel(url: string) {
  try {
    const service = webhookService(url)
    if (service === 'slack') return 'Slack'
    if (service === 'teams') return 'Microsoft Teams'
    if (service === 'discord') return 'Discord'
    return new URL(url).hostname
  } catch {
    return 'a webhook'
  }
}

export function parseWebhookUrls(json: string | null | undefined): string[] {
  try {
    const value = JSON.parse(json ?? '[]')
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}
