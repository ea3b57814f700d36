import type { DraftSummary, Health } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { reportProjectHealth } from '../project-health/table'
import { reportMetrics } from '../report-metrics/service'
import { findReport } from '../reports/read/find'

/**
 * POST /api/reports/{uuid}/draft-summary: a first summary of the report's week, every sentence
 * resting on the week's own items. With AI_BASE_URL, the model (OpenAI-compatible chat
 * completions, JSON output) is given the items (ids, projects, health, metrics) and asked for
 * sentences that cite them; a sentence citing an unknown id, or stating a number that none of
 * its cited facts holds, is dropped with its reason. A model that fails (timeout, 404, 429,
 * prose) gives the extractive draft with a notice. Without AI_BASE_URL: the extractive draft
 * (completed items, health changes, flagged metrics). Nothing is saved.
 */

/** How long the model may take (tests shorten it). */
export const modelLimits = { timeoutMs: 20_000 }
const MAX_ITEMS = 200
const MAX_ANSWER = 200_000
const MAX_SENTENCES = 12

const HEALTH_WORDS: Record<Health, string> = {
  on_track: 'On track',
  at_risk: 'At risk',
  off_track: 'Off track',
}

type Fact = { id: number; text: string; project: string | null; completed: boolean }
type MetricFact = { id: number; text: string; flagged: boolean }
type Week = {
  week: string
  items: Fact[]
  metrics: MetricFact[]
  health: { project: string; health: Health | null; previous: Health | null; note: string | null }[]
}

async function weekFacts(ctx: AppContext, userId: number, uuid: string): Promise<Week> {
  const report = await findReport(ctx, userId, uuid)
  const rows = await ctx.db.rows<{
    id: number
    content: string
    is_completed: number | boolean
    project: string | null
  }>(sql`
    SELECT i.id, i.content, i.is_completed, p.name AS project
    FROM section_items i
    JOIN report_sections s ON s.id = i.section_id
    LEFT JOIN projects p ON p.id = i.project_id
    WHERE s.report_id = ${report.id} AND i.user_id = ${userId} AND i.from_reader = 0
    ORDER BY s.sort_order, s.id, i.sort_order, i.id
    LIMIT ${MAX_ITEMS}`)
  const metrics = await reportMetrics(ctx.db, report)
  const health = await reportProjectHealth(ctx.db, report)
  return {
    week: report.week_start_date,
    items: rows.map((r) => ({
      id: Number(r.id),
      text: r.content,
      project: r.project,
      completed: r.is_completed === true || Number(r.is_completed) === 1,
    })),
    metrics: metrics.map((m) => ({
      id: m.id,
      flagged: m.flag !== null,
      text: [
        `${m.name}: ${m.value ?? 'no value'}${m.unit ? ` ${m.unit}` : ''}`,
        m.previous_value !== null ? `previous ${m.previous_value}` : '',
        m.target !== null ? `target ${m.target}` : '',
        m.flag === 'missed_target' ? 'missed target' : m.flag === 'unusual' ? 'unusual' : '',
      ]
        .filter(Boolean)
        .join(', '),
    })),
    health: health.map((h) => ({
      project: h.project_name,
      health: h.health,
      previous: h.previous_health,
      note: h.note,
    })),
  }
}

// ---- Grounding ------------------------------------------------------------------------------

const NUMBER = /\d+(?:[.,]\d+)*/g

/** The numbers a text states, commas of thousands removed ('1,200' → '1200'). */
export function numbersIn(text: string): string[] {
  return (text.match(NUMBER) ?? []).map((n) => n.replace(/,(?=\d{3}\b)/g, '').replace(/,/g, '.'))
}

const same = (a: string, b: string) => a === b || Number(a) === Number(b)

type Candidate = { text: string; item_ids: number[]; metric_ids: number[] }

/** The sentences that stand and the ones dropped, each with its reason. */
export function ground(week: Week, candidates: Candidate[]) {
  const items = new Map(week.items.map((i) => [i.id, i]))
  const metrics = new Map(week.metrics.map((m) => [m.id, m]))
  const kept: DraftSummary['sentences'] = []
  const dropped: DraftSummary['dropped'] = []
  for (const c of candidates.slice(0, MAX_SENTENCES * 2)) {
    const text = c.text.trim().slice(0, 1000)
    if (!text) continue
    const unknown = [
      ...c.item_ids.filter((id) => !items.has(id)),
      ...c.metric_ids.filter((id) => !metrics.has(id)).map((id) => `metric ${id}`),
    ]
    if (unknown.length) {
      dropped.push({ text, reason: `It cites ${unknown.join(', ')}, not an item of this week` })
      continue
    }
    if (!c.item_ids.length && !c.metric_ids.length) {
      dropped.push({ text, reason: 'It cites no item of this week' })
      continue
    }
    const cited = [
      ...c.item_ids.map((id) => {
        const i = items.get(id) as Fact
        return `${i.text} ${i.project ?? ''}`
      }),
      ...c.metric_ids.map((id) => (metrics.get(id) as MetricFact).text),
    ].join(' ')
    const known = [
      ...numbersIn(cited),
      ...numbersIn(week.week),
      String(c.item_ids.length + c.metric_ids.length),
    ]
    const invented = numbersIn(text).filter((n) => !known.some((k) => same(k, n)))
    if (invented.length) {
      dropped.push({
        text,
        reason: `It states ${invented.join(', ')}, which none of its cited items holds`,
      })
      continue
    }
    if (kept.length < MAX_SENTENCES)
      kept.push({ text, item_ids: c.item_ids, metric_ids: c.metric_ids })
  }
  return { kept, dropped }
}

// ---- Extractive -----------------------------------------------------------------------------

const list = (texts: string[]) => texts.map((t) => t.replace(/[.\s]+$/, '')).join('; ')

/** Sentences from the completed items (by project), health changes and flagged metrics. */
export function extractive(week: Week): DraftSummary['sentences'] {
  const out: DraftSummary['sentences'] = []
  const done = week.items.filter((i) => i.completed)
  const byProject = Map.groupBy(done, (i) => i.project ?? '')
  for (const [project, group] of byProject) {
    const shown = group.slice(0, 5)
    out.push({
      text: `${project ? `${project}: done` : 'Done'}: ${list(shown.map((i) => i.text))}.`,
      item_ids: shown.map((i) => i.id),
    })
  }
  for (const h of week.health) {
    if (!h.health || !h.previous || h.health === h.previous) continue
    const ids = week.items.filter((i) => i.project === h.project).map((i) => i.id)
    out.push({
      text: `${h.project} is ${HEALTH_WORDS[h.health]}, was ${HEALTH_WORDS[h.previous]}${
        h.note ? `: ${h.note.replace(/[.\s]+$/, '')}` : ''
      }.`,
      item_ids: ids.slice(0, 5),
    })
  }
  for (const m of week.metrics.filter((m) => m.flagged))
    out.push({ text: `${m.text}.`, item_ids: [], metric_ids: [m.id] })
  return out
}

// ---- The model ------------------------------------------------------------------------------

class ModelFailed extends Error {}

const SYSTEM = [
  'You write the first draft of an executive weekly summary.',
  'Use only the facts given. Every sentence must cite the ids of the items (item_ids) and',
  'metrics (metric_ids) it rests on. Do not state a number that is not in a cited fact.',
  'Answer JSON only: {"sentences":[{"text":"…","item_ids":[1],"metric_ids":[]}]}.',
  'At most 6 short sentences.',
].join(' ')

async function askModel(ctx: AppContext, week: Week, signal?: AbortSignal): Promise<Candidate[]> {
  const ai = ctx.config.ai as NonNullable<AppContext['config']['ai']>
  const facts = {
    week_start_date: week.week,
    items: week.items.map((i) => ({
      id: i.id,
      text: i.text,
      project: i.project,
      completed: i.completed,
    })),
    project_health: week.health,
    metrics: week.metrics.map((m) => ({ id: m.id, text: m.text })),
  }
  let res: Response
  try {
    res = await fetch(`${ai.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: ai.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: JSON.stringify(facts) },
        ],
      }),
      signal: signal ?? AbortSignal.timeout(modelLimits.timeoutMs),
    })
  } catch (error) {
    const name = (error as Error).name
    throw new ModelFailed(
      name === 'TimeoutError' || name === 'AbortError'
        ? `The model did not answer within ${modelLimits.timeoutMs / 1000} s`
        : 'The model could not be reached',
    )
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new ModelFailed(
      res.status === 404
        ? 'The model endpoint answered 404 (check AI_BASE_URL and AI_MODEL)'
        : res.status === 429
          ? 'The model is busy (429); try again in a moment'
          : `The model endpoint answered ${res.status}`,
    )
  }
  let content: unknown
  try {
    const body = await res.text()
    if (body.length > MAX_ANSWER) throw new ModelFailed('The model answered too much')
    content = (JSON.parse(body) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]
      ?.message?.content
  } catch (error) {
    if (error instanceof ModelFailed) throw error
    throw new ModelFailed('The model endpoint answered something that is not JSON')
  }
  let parsed: { sentences?: unknown }
  try {
    parsed = JSON.parse(String(content ?? '')) as { sentences?: unknown }
  } catch {
    throw new ModelFailed('The model answered prose instead of JSON')
  }
  if (!parsed || !Array.isArray(parsed.sentences))
    throw new ModelFailed('The model answered JSON without sentences')
  const ids = (v: unknown) =>
    Array.isArray(v)
      ? v
          .map(Number)
          .filter((n) => Number.isSafeInteger(n))
          .slice(0, 50)
      : []
  return parsed.sentences
    .filter((s): s is Record<string, unknown> => !!s && typeof s === 'object')
    .map((s) => ({
      text: typeof s.text === 'string' ? s.text : '',
      item_ids: ids(s.item_ids),
      metric_ids: ids(s.metric_ids),
    }))
}

const summaryOf = (sentences: { text: string }[]) => sentences.map((s) => s.text).join(' ')

/**
 * Model calls this instance makes at once: a self-hosted model serves a few at a time; beyond
 * that a draft is extractive at once rather than queueing behind the others.
 */
export const MAX_MODEL_CALLS = 4
let modelCalls = 0
/** One draft per (user, report) at a time: a second click shares the first's answer. */
const drafting = new Map<string, Promise<DraftSummary>>()

export function draftSummary(ctx: AppContext, userId: number, uuid: string) {
  const key = `${userId}:${uuid}`
  const running = drafting.get(key)
  if (running) return running
  const draft = makeDraft(ctx, userId, uuid).finally(() => drafting.delete(key))
  drafting.set(key, draft)
  return draft
}

async function makeDraft(ctx: AppContext, userId: number, uuid: string): Promise<DraftSummary> {
  const week = await weekFacts(ctx, userId, uuid)
  const fallback = (notice?: string, dropped: DraftSummary['dropped'] = []): DraftSummary => {
    const sentences = extractive(week)
    return {
      source: 'extractive',
      model: null,
      summary: summaryOf(sentences),
      sentences,
      dropped,
      ...(notice ? { notice } : {}),
    }
  }
  if (!ctx.config.ai) return fallback()
  if (!week.items.length && !week.metrics.length) return fallback()
  if (modelCalls >= MAX_MODEL_CALLS)
    return fallback(
      'The model is busy with other drafts; this is the draft made from your items without a model',
    )
  let candidates: Candidate[]
  modelCalls++
  try {
    candidates = await askModel(ctx, week)
  } catch (error) {
    if (!(error instanceof ModelFailed)) throw error
    return fallback(`${error.message}; this is the draft made from your items without a model`)
  } finally {
    modelCalls--
  }
  const { kept, dropped } = ground(week, candidates)
  if (!kept.length)
    return fallback(
      'None of the model’s sentences rested on your items; this is the draft made without a model',
      dropped,
    )
  return {
    source: 'model',
    model: ctx.config.ai.model,
    summary: summaryOf(kept),
    sentences: kept,
    dropped,
  }
}
