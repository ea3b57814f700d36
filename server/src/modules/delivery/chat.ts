/**
 * Chat delivery (docs/features.md, "Reports that travel"): on Send, the report's title, an
 * update's "Updated <date>: <note>", its summary, Project health table, asks of the readers,
 * "Decided this week" and metrics, with a private link, are posted to each of the user's webhook
 * URLs — Slack, Microsoft Teams and Discord incoming webhooks in their own message formats (each
 * list short, the whole text within the service's limit), any other https URL as plain JSON.
 * Each post is a `webhook` row in `deliveries`, retried like e-mail (1, 5, 15, 60 minutes, then
 * failed with Retry), claimed by compare-and-set so one instance posts it once.
 */
import type { BriefAsk, BriefDecision, ProjectHealth } from '@cadence/contract'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { deliveries, reports, shares } from '../../db/schema'
import { nowIso } from '../../lib/time'
import { decisionMeta } from '../decisions/mail'
import {
  parseWebhookUrls,
  type WebhookService,
  webhookLabel,
  webhookService,
} from '../delivery-queue/chat-labels'
import { type Poster, webhookPoster } from '../delivery-queue/chat-urls'
import { reportProjectHealth } from '../project-health/service'
import { type MetricLine, metricCells } from '../report-metrics/cells'
import { editionBrief, editionMeta, editionOfDelivery } from '../reports/brief'
import { createShare } from '../sharing/shares'
import { updatedLine } from './mail-render'
import { runDueDeliveries, Skip } from './run'

const TIMEOUT_MS = 10_000

const HEALTH_WORD = { on_track: 'On track', at_risk: 'At risk', off_track: 'Off track' } as const
const healthWord = (h: ProjectHealth['health']) => (h ? HEALTH_WORD[h] : 'Not set')

type Brief = {
  title: string
  week_start_date: string
  summary: string | null
  /** An update's 'Updated <date>: <note>' (null for a first Send). */
  updated: string | null
  project_health: ProjectHealth[]
  asks: BriefAsk[]
  decisions: BriefDecision[]
  metrics: MetricLine[]
  url: string
}

/**
 * What fits a post: Discord takes 2,000 characters of content, Slack shows about 4,000 of a
 * message's text, a Teams card at most 28 KB. Each list shows its first few lines.
 */
const TEXT_LIMIT = { slack: 3_800, discord: 1_900, teams: 12_000 } as const
const LIST_LIMIT = 5

const oneLine = (text: string) => text.replaceAll(/\s*[\r\n]+\s*/g, ' ').trim()

/** A list's first lines, and how many more the report has. */
const firstOf = (lines: string[]) =>
  lines.length > LIST_LIMIT
    ? [...lines.slice(0, LIST_LIMIT), `+${lines.length - LIST_LIMIT} more in the report`]
    : lines

/** The brief as titled blocks of one-line entries, in the memo's order. */
export function chatBlocks(brief: Brief) {
  const metric = (m: MetricLine) => {
    const c = metricCells(m)
    return `${m.name}: ${c.value}${c.change === '—' ? '' : `, ${c.change}`}${c.flag ? ` — ${c.flag}` : ''}`
  }
  return [
    {
      title: 'Project health',
      lines: brief.project_health.map(
        (p) =>
          `${p.project_name}: ${healthWord(p.health)}${p.note ? ` — ${oneLine(p.note)}` : ''} (${p.open_count} open, ${p.completed_count} completed)`,
      ),
    },
    {
      title: 'Asks of you',
      lines: brief.asks.map(
        (a) => `${oneLine(a.content)}${a.project_name ? ` (${a.project_name})` : ''}`,
      ),
    },
    {
      title: 'Decided this week',
      lines: brief.decisions.map((d) => `${oneLine(d.title)} (${decisionMeta(d)})`),
    },
    { title: 'Metrics', lines: brief.metrics.map(metric) },
  ]
    .filter((b) => b.lines.length)
    .map((b) => ({ title: b.title, lines: firstOf(b.lines) }))
}

/** Slack's mrkdwn reads &, < and > as markup: escaped so a title cannot make a link. */
const slackEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** Parts joined by blank lines up to `limit` characters; what does not fit is cut with '…'. */
function fit(parts: string[], limit: number) {
  const text = parts.filter(Boolean).join('\n\n')
  return text.length <= limit ? text : `${text.slice(0, limit - 1).trimEnd()}…`
}

/** The body posted to a URL, in its service's format. */
export function webhookBody(service: WebhookService, brief: Brief) {
  const blocks = chatBlocks(brief)
  if (service === 'slack' || service === 'discord') {
    const esc = service === 'slack' ? slackEscape : (t: string) => t
    const bold = (t: string) => (service === 'slack' ? `*${esc(t)}*` : `**${t}**`)
    const italic = (t: string) => `_${esc(t)}_`
    const link =
      service === 'slack' ? `<${brief.url}|Read the report>` : `Read the report: <${brief.url}>`
    const body = fit(
      [
        bold(brief.title),
        brief.updated ? italic(brief.updated) : '',
        esc(brief.summary ?? ''),
        ...blocks.map((b) => `${bold(b.title)}\n${b.lines.map((l) => `• ${esc(l)}`).join('\n')}`),
      ],
      TEXT_LIMIT[service] - link.length - 2,
    )
    const text = `${body}\n\n${link}`
    // Discord: no @everyone or role pings from a report's words.
    return service === 'slack'
      ? { text, unfurl_links: false }
      : { content: text, allowed_mentions: { parse: [] } }
  }
  if (service === 'teams') {
    let budget = TEXT_LIMIT.teams
    const block = (text: string, style: Record<string, string | boolean> = {}) => {
      const cut = text.length > budget ? `${text.slice(0, Math.max(0, budget - 1))}…` : text
      budget -= cut.length
      return { type: 'TextBlock', text: cut, wrap: true, ...style }
    }
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
              block(brief.title, { size: 'Large', weight: 'Bolder' }),
              ...(brief.updated ? [block(brief.updated, { isSubtle: true })] : []),
              ...(brief.summary ? [block(brief.summary)] : []),
              ...blocks.flatMap((b) => [
                block(b.title, { weight: 'Bolder' }),
                ...b.lines.map((l) => block(`- ${l}`)),
              ]),
            ].filter((b) => b.text),
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
  const edition = await editionOfDelivery(ctx, report.id, delivery.created_at, delivery.edition_id)
  const frozen = edition ? editionBrief(edition) : null
  const sent = frozen ?? { ...report, project_health: await reportProjectHealth(ctx.db, report) }
  const brief: Brief = {
    title: sent.title || `Weekly report, week of ${sent.week_start_date}`,
    week_start_date: sent.week_start_date,
    summary: sent.summary,
    updated: edition && edition.number > 1 ? updatedLine({ updated: editionMeta(edition) }) : null,
    project_health: sent.project_health,
    asks: frozen?.asks ?? [],
    decisions: frozen?.decisions ?? [],
    metrics: frozen?.metrics ?? [],
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
