/**
 * Chat delivery (docs/features.md, "Reports that travel"): on Send, the report's title, its Project
 * health table and its summary, with a private link, are posted to each of the user's webhook URLs
 * — Slack and Microsoft Teams incoming webhooks in their own message formats, any other https URL
 * as plain JSON. Each post is a `webhook` row in `deliveries`, retried like e-mail (1, 5, 15, 60
 * minutes, then failed with Retry), claimed by compare-and-set so one instance posts it once.
 */
import type { ProjectHealth } from '@cadence/contract'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { deliveries, reports, shares } from '../../db/schema'
import { nowIso } from '../../lib/time'
import {
  parseWebhookUrls,
  type WebhookService,
  webhookLabel,
  webhookService,
} from '../delivery-queue/chat-labels'
import { type Poster, webhookPoster } from '../delivery-queue/chat-urls'
import { reportProjectHealth } from '../project-health/service'
import { editionBrief, editionOfDelivery } from '../reports/brief'
import { createShare } from '../sharing/shares'
import { runDueDeliveries, Skip } from './run'

const TIMEOUT_MS = 10_000

const HEALTH_WORD = { on_track: 'On track', at_risk: 'At risk', off_track: 'Off track' } as const
const healthWord = (h: ProjectHealth['health']) => (h ? HEALTH_WORD[h] : 'Not set')

type Brief = {
  title: string
  week_start_date: string
  summary: string | null
  project_health: ProjectHealth[]
  url: string
}

/** The body posted to a URL, in its service's format. */
export function webhookBody(service: WebhookService, brief: Brief) {
  const lines = brief.project_health.map(
    (p) =>
      `${p.project_name}: ${healthWord(p.health)}${p.note ? ` — ${p.note}` : ''} (${p.open_count} open, ${p.completed_count} completed)`,
  )
  if (service === 'slack') {
    const text = [
      `*${brief.title}*`,
      brief.summary ?? '',
      lines.length ? `*Project health*\n${lines.map((l) => `• ${l}`).join('\n')}` : '',
      `<${brief.url}|Read the report>`,
    ]
      .filter(Boolean)
      .join('\n\n')
    return { text, unfurl_links: false }
  }
  if (service === 'teams') {
    return {
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'TextBlock', size: 'Large', weight: 'Bolder', text: brief.title, wrap: true },
              ...(brief.summary ? [{ type: 'TextBlock', text: brief.summary, wrap: true }] : []),
              ...(lines.length
                ? [
                    { type: 'TextBlock', weight: 'Bolder', text: 'Project health', wrap: true },
                    ...lines.map((l) => ({ type: 'TextBlock', text: `- ${l}`, wrap: true })),
                  ]
                : []),
            ],
            actions: [{ type: 'Action.OpenUrl', title: 'Read the report', url: brief.url }],
          },
        },
      ],
    }
  }
  return { ...brief }
}

export type { Poster }

async function postOne(ctx: AppContext, delivery: typeof deliveries.$inferSelect, post: Poster) {
  const [url] = parseWebhookUrls(delivery.recipients)
  if (!url) throw new Skip('No webhook URL')
  if (delivery.report_id == null) throw new Skip('The report was deleted')
  const [report] = await ctx.db.orm.select().from(reports).where(eq(reports.id, delivery.report_id))
  if (!report) throw new Skip('The report was deleted')
  // A private link made for this post (the token exists only in the message); revoked again if
  // the post fails, so only links that reached the channel stay open.
  const link = await createShare(ctx, report.user_id, report.uuid, { expires_in_days: 30 })
  // What readers got: the edition this post was queued with (the live report before editions).
  const edition = await editionOfDelivery(ctx, report.id, delivery.created_at)
  const sent = edition
    ? editionBrief(edition)
    : { ...report, project_health: await reportProjectHealth(ctx.db, report) }
  const brief: Brief = {
    title: sent.title || `Weekly report, week of ${sent.week_start_date}`,
    week_start_date: sent.week_start_date,
    summary: sent.summary,
    project_health: sent.project_health,
    url: link.url,
  }
  try {
    const res = await post(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhookBody(webhookService(url), brief)),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    // The service's own words are not shown: only its status.
    if (!res.ok) throw new Error(`${webhookLabel(url)} answered HTTP ${res.status}`)
  } catch (error) {
    await ctx.db.orm.update(shares).set({ revoked_at: nowIso() }).where(eq(shares.id, link.id))
    if (error instanceof Error && /answered HTTP/.test(error.message)) throw error
    throw new Error(`Could not reach ${webhookLabel(url)}`)
  }
}

/**
 * Posts every pending webhook delivery due at `now`; a failure is retried after 1, 5, 15 and 60
 * minutes, the 5th makes it failed (run.ts). Answers how many were posted.
 */
export async function postDueWebhooks(
  ctx: AppContext,
  post: Poster = webhookPoster(ctx.config.resolveHost),
  now: Date = new Date(),
  batch = 20,
) {
  return runDueDeliveries(ctx, {
    which: eq(deliveries.kind, 'webhook'),
    send: (delivery) => postOne(ctx, delivery, post),
    message: (error) => (error instanceof Error ? error.message : 'Unknown error'),
    now,
    batch,
  })
}
