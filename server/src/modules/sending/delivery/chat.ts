/**
 * Chat delivery (docs/features.md, "Reports that travel"): on Send, the brief's one composition
 * (core/src/brief.ts) — title, the header line, an update's "Updated <date>: <note>", summary,
 * and every block in its order (health, asks, decisions, metrics, since last week, the sections)
 * — with a private link, is posted to each of the user's webhook URLs: Slack, Microsoft Teams
 * and Discord incoming webhooks in their own message formats (each list short, the whole text
 * within the service's limit), any other https URL as JSON with the whole brief as text.
 * Each post is a `webhook` row in `deliveries`, retried like e-mail (1, 5, 15, 60 minutes, then
 * failed with Retry), claimed by compare-and-set so one instance posts it once.
 */
import type { BriefAsk, BriefDecision, ProjectHealth } from '@cadence/contract'
import {
  type BriefBlock,
  type ComposedBrief,
  itemLine,
  LABELS,
  metricLine,
  oneLine,
} from '@cadence/core'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { deliveries, reports, shares } from '../../../db/schema'
import { nowIso } from '../../../lib/time'
import { createShare } from '../../sharing/shares'
import { editionOfDelivery } from '../brief/build'
import { composeEdition, composeLive } from '../brief/compose'
import {
  parseWebhookUrls,
  type WebhookService,
  webhookLabel,
  webhookService,
} from '../queue/chat-labels'
import { type Poster, webhookPoster } from '../queue/chat-urls'
import { runDueDeliveries, Skip } from './run'

const TIMEOUT_MS = 10_000

/** What a post carries: the brief's one composition, the private link, and the raw lists. */
export type ChatBrief = {
  composed: ComposedBrief
  url: string
  /** The generic JSON post also carries these as data (integrations read them). */
  data?: {
    project_health: ProjectHealth[]
    asks: BriefAsk[]
    decisions: BriefDecision[]
    metrics: unknown[]
  }
}

/**
 * What fits a post: Discord takes 2,000 characters of content, Slack shows about 4,000 of a
 * message's text, a Teams card at most 28 KB. Each list shows its first few lines there; the
 * generic JSON post carries them all.
 */
const TEXT_LIMIT = { slack: 3_800, discord: 1_900, teams: 12_000 } as const
const LIST_LIMIT = 5

/** A list's first lines, and how many more the report has. */
const firstOf = (lines: string[], limit: number) =>
  lines.length > limit
    ? [...lines.slice(0, limit), `+${lines.length - limit} more in the report`]
    : lines

/** A block of the composition as a titled list of one-line entries (null: not a list). */
function blockLines(b: BriefBlock): { title: string; lines: string[] } | null {
  switch (b.kind) {
    case 'changes':
      return {
        title: b.heading,
        lines: [...b.lines.map((l) => l.text), ...(b.note ? [oneLine(b.note)] : [])],
      }
    case 'health':
      return {
        title: b.heading,
        lines: b.rows.map(
          (r) =>
            `${r.project}: ${r.label}${r.change ? ` (${r.change})` : ''}${r.why ? ` — ${oneLine(r.why)}` : ''}`,
        ),
      }
    case 'asks':
      return {
        title: b.heading,
        lines: b.asks.map((a) => `${oneLine(a.content)}${a.project ? ` (${a.project})` : ''}`),
      }
    case 'decisions':
      return {
        title: b.heading,
        lines: b.decisions.map((d) => `${oneLine(d.title)} (${d.meta})`),
      }
    case 'metrics':
      return { title: b.heading, lines: b.rows.map(metricLine) }
    case 'since':
      return {
        title: b.heading,
        lines: [
          b.empty ?? b.counts_line,
          ...b.completed.map((i) => `✓ ${oneLine(i.content)} — ${i.about}`),
          ...b.stalled.map(
            (i) =>
              `Stalled: ${oneLine(i.content)} — ${[i.about, i.open].filter(Boolean).join(' · ')}`,
          ),
        ],
      }
    case 'section':
      return {
        title: b.heading,
        lines: [
          ...(b.empty ? [b.empty] : []),
          ...b.groups.flatMap((g) =>
            g.items.map((i) => (g.project ? `${g.project} — ${itemLine(i)}` : itemLine(i))),
          ),
        ],
      }
    default:
      return null
  }
}

/** The brief as titled blocks of one-line entries, in the composition's order. */
export function chatBlocks(composed: ComposedBrief, limit = LIST_LIMIT) {
  return composed.blocks
    .map(blockLines)
    .filter((b): b is NonNullable<typeof b> => b !== null && b.lines.length > 0)
    .map((b) => ({ title: b.title, lines: firstOf(b.lines, limit) }))
}

/**
 * The header as one line: 'Northwind · Sent Nov 28, 2026 · Edition 1 · Weekly Report · Nov 23 –
 * Nov 27, 2026 · From …'.
 */
function headerLine(c: ComposedBrief) {
  const h = c.header
  return [h.organisation, h.status.label, h.edition?.label, h.heading, h.week, h.from]
    .filter(Boolean)
    .join(' · ')
}

const titleOf = (c: ComposedBrief) => {
  const title = c.blocks.find((b) => b.kind === 'title')
  return (title?.kind === 'title' && title.title) || `${c.header.heading}, ${c.header.week}`
}
const summaryOf = (c: ComposedBrief) => {
  const title = c.blocks.find((b) => b.kind === 'title')
  return (title?.kind === 'title' && title.summary) || ''
}

/** The whole brief as plain text, every block in order (the generic JSON post's `text`). */
export function chatText(c: ComposedBrief) {
  return [
    headerLine(c),
    ...(c.header.updated ? [c.header.updated] : []),
    titleOf(c),
    summaryOf(c),
    ...chatBlocks(c, Number.POSITIVE_INFINITY).map(
      (b) => `${b.title}\n${b.lines.map((l) => `• ${l}`).join('\n')}`,
    ),
    LABELS.end,
  ]
    .filter(Boolean)
    .join('\n\n')
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
export function webhookBody(service: WebhookService, brief: ChatBrief) {
  const c = brief.composed
  const blocks = chatBlocks(c)
  const title = titleOf(c)
  const updated = c.header.updated
  const summary = summaryOf(c)
  if (service === 'slack' || service === 'discord') {
    const esc = service === 'slack' ? slackEscape : (t: string) => t
    const bold = (t: string) => (service === 'slack' ? `*${esc(t)}*` : `**${t}**`)
    const italic = (t: string) => `_${esc(t)}_`
    const link =
      service === 'slack' ? `<${brief.url}|Read the report>` : `Read the report: <${brief.url}>`
    const body = fit(
      [
        italic(headerLine(c)),
        updated ? italic(updated) : '',
        bold(title),
        esc(summary),
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
              block(headerLine(c), { isSubtle: true }),
              ...(updated ? [block(updated, { isSubtle: true })] : []),
              block(title, { size: 'Large', weight: 'Bolder' }),
              ...(summary ? [block(summary)] : []),
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
  return {
    title,
    week: c.header.week,
    header: headerLine(c),
    summary: summary || null,
    updated,
    text: chatText(c),
    url: brief.url,
    ...brief.data,
  }
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
  const { composed, brief: sent } = edition
    ? await composeEdition(ctx, edition)
    : await composeLive(ctx, report)
  const brief: ChatBrief = {
    composed,
    url: link.url,
    data: {
      project_health: sent.project_health,
      asks: sent.asks ?? [],
      decisions: sent.decisions ?? [],
      metrics: sent.metrics ?? [],
    },
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
