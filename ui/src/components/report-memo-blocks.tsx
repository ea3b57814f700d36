// The web memo's drawing of core's composed blocks (core/src/brief.ts composeBrief): one part per
// block kind. Every word, label, date and the order come from the block; a part decides only how
// it looks. Not exported from the package: ReportMemo is the way in.
import type {
  ChangesBlock,
  DecisionsBlock,
  HeaderBlock,
  HealthBlock,
  ItemLine,
  MetricsBlock,
  SectionBlock,
  SinceBlock,
  TitleBlock,
} from '@cadence/core'
import {
  FolderKanban as LucideFolderKanban,
  Gavel as LucideGavel,
  List as LucideList,
  ListChecks as LucideListChecks,
  RefreshCw as LucideRefreshCw,
  Square as LucideSquare,
  SquareCheck as LucideSquareCheck,
} from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { icon } from '../primitives/icon'
import type { MetricPoint, SectionType } from '../types'
import { MetricFlagBadge, MetricSparkline } from './metrics'
import { HealthBadge } from './project-health'

const FolderKanban = /* @__PURE__ */ icon(LucideFolderKanban)
const Gavel = /* @__PURE__ */ icon(LucideGavel)
const List = /* @__PURE__ */ icon(LucideList)
const ListChecks = /* @__PURE__ */ icon(LucideListChecks)
const RefreshCw = /* @__PURE__ */ icon(LucideRefreshCw)
const Square = /* @__PURE__ */ icon(LucideSquare)
const SquareCheck = /* @__PURE__ */ icon(LucideSquareCheck)

const SECTION_ICON: Record<SectionType, typeof List> = {
  standard: List,
  tasks: ListChecks,
  followups: RefreshCw,
}

type Level = 2 | 3
const heading = (level: Level) => (level === 2 ? 'h2' : 'h3')
const subheading = (level: Level) => (level === 2 ? 'h3' : 'h4')

/** An update's 'Changed since edition N': what changed, then the note. */
function MemoChanges({ block }: { block: ChangesBlock }) {
  const id = React.useId()
  return (
    <section className="cad-memo__changes" aria-labelledby={id} data-slot="memo-changes">
      <h2 id={id} className="cad-memo__changes-title">
        {block.heading}
      </h2>
      {block.lines.length ? (
        <ul className="cad-memo__changes-list">
          {block.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never reorder
            <li key={i} data-kind={l.kind} className="cad-break">
              {l.text}
            </li>
          ))}
        </ul>
      ) : null}
      {block.note ? <p className="cad-break">{block.note}</p> : null}
    </section>
  )
}

/**
 * Who the memo is from and when: the organisation and 'Sent <date>' or 'Not sent yet', 'Weekly
 * Report', the week, 'From <author>, <title>' and an update's 'Updated <date>: <note>'.
 */
function MemoHeaderBlock({ block }: { block: HeaderBlock }) {
  return (
    <header className="cad-memo__head" data-slot="memo-header" data-print="keep-with-next">
      <p className="cad-memo__masthead">
        {block.organisation ? (
          <span className="cad-memo__org cad-break">{block.organisation}</span>
        ) : null}
        <span className="cad-memo__status" data-status={block.status.sent ? 'sent' : 'draft'}>
          {block.status.label}
        </span>
      </p>
      <h1>{block.heading}</h1>
      <p className="cad-memo__meta">
        <span className="cad-memo__week">{block.week}</span>
        {block.from ? <span className="cad-memo__from cad-break">{block.from}</span> : null}
      </p>
      {block.updated ? (
        <p className="cad-memo__updated cad-break" data-slot="memo-updated">
          {block.updated}
        </p>
      ) : null}
    </header>
  )
}

function MemoTitle({ block }: { block: TitleBlock }) {
  return (
    <>
      {block.title ? <h2 className="cad-memo__title cad-break">{block.title}</h2> : null}
      {block.summary ? <p className="cad-memo__summary cad-break">{block.summary}</p> : null}
    </>
  )
}

/** Project health: one row a project, its chip in colour (on paper too), the change and the why. */
function MemoHealth({ block, level }: { block: HealthBlock; level: Level }) {
  const id = React.useId()
  const H = heading(level)
  const [project, health, change, why] = block.columns
  return (
    <div className="cad-health-table cad-memo__health" data-slot="memo-health">
      <H id={id} className="cad-health-table__title" data-print="keep-with-next">
        {block.heading}
      </H>
      <section className="cad-health-table__scroll" aria-labelledby={id} tabIndex={0}>
        <table className="cad-memo__table">
          <thead>
            <tr>
              <th scope="col">{project}</th>
              <th scope="col">{health}</th>
              <th scope="col">{change}</th>
              <th scope="col">{why}</th>
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row) => (
              <tr key={row.project} data-tone={row.tone}>
                <th scope="row" className="cad-break" data-label={project}>
                  {row.project}
                </th>
                <td data-label={health}>
                  <HealthBadge health={row.health} />
                </td>
                <td data-label={change}>{row.change || '—'}</td>
                <td className="cad-break" data-label={why}>
                  {row.why || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}

/** Decided this week: the decision, who and when, and why. */
function MemoDecisions({ block, level }: { block: DecisionsBlock; level: Level }) {
  const id = React.useId()
  const H = heading(level)
  return (
    <section
      className="cad-brief-panel cad-decided"
      aria-labelledby={id}
      data-slot="decisions-this-week"
    >
      <H id={id} className="cad-brief-panel__title" data-print="keep-with-next">
        <Gavel size={16} aria-hidden className="cad-brief-panel__icon" /> {block.heading}
      </H>
      <ul className="cad-brief-panel__list">
        {block.decisions.map((d) => (
          <li key={d.id} className="cad-brief-panel__item">
            <p className="cad-brief-panel__text cad-break">{d.title}</p>
            <p className="cad-decided__meta">{d.meta}</p>
            {d.why ? <p className="cad-decided__why cad-break">{d.why}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * Metrics: value, previous, change (better in green, worse in red), the last weeks as a line and
 * the flag. On a phone each metric becomes a card of labelled rows (report-memo.css).
 */
function MemoMetrics({
  block,
  level,
  histories,
  week,
}: {
  block: MetricsBlock
  level: Level
  /** Each row's points with their weeks, for the sparkline (the brief's metrics, same order). */
  histories: (MetricPoint[] | undefined)[]
  week: string
}) {
  const id = React.useId()
  const H = heading(level)
  const [metric, value, previous, change, trend, flag] = block.columns
  return (
    <div className="cad-metrics-table cad-memo__metrics" data-slot="metrics">
      <H id={id} className="cad-metrics-table__title" data-print="keep-with-next">
        {block.heading}
      </H>
      <section className="cad-metrics-table__scroll" aria-labelledby={id} tabIndex={0}>
        <table className="cad-memo__table">
          <thead>
            <tr>
              <th scope="col">{metric}</th>
              <th scope="col" className="cad-metrics-table__num">
                {value}
              </th>
              <th scope="col" className="cad-metrics-table__num">
                {previous}
              </th>
              <th scope="col" className="cad-metrics-table__num">
                {change}
              </th>
              <th scope="col">{trend}</th>
              <th scope="col">{flag}</th>
            </tr>
          </thead>
          <tbody>
            {block.rows.map((m, i) => {
              const points = histories[i]
              return (
                <tr key={m.name} data-flag={m.flag ?? undefined}>
                  <th scope="row" className="cad-break" data-label={metric}>
                    {m.name}
                  </th>
                  <td className="cad-metrics-table__num" data-label={value}>
                    {m.value}
                  </td>
                  <td className="cad-metrics-table__num" data-label={previous}>
                    {m.previous}
                  </td>
                  <td
                    className="cad-metrics-table__num cad-memo__change"
                    data-label={change}
                    data-tone={m.change_tone}
                  >
                    {m.change}
                  </td>
                  <td data-label={trend}>
                    {points?.length ? (
                      <MetricSparkline history={points} week={week} label={m.name} unit={null} />
                    ) : (
                      m.trend || '—'
                    )}
                  </td>
                  <td data-label={flag}>{m.flag ? <MetricFlagBadge flag={m.flag} /> : '—'}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </section>
    </div>
  )
}

/** Since last week: compared with which week, the counts, then what was completed and stalled. */
function MemoSince({ block, level }: { block: SinceBlock; level: Level }) {
  const id = React.useId()
  const H = heading(level)
  const Sub = subheading(level)
  const lists = [
    ['Completed', block.completed],
    ['Stalled', block.stalled],
  ] as const
  return (
    <section
      className="cad-since cad-draft__since"
      data-slot="since-last-week"
      data-variant="memo"
      aria-labelledby={id}
    >
      <div className="cad-since__head" data-print="keep-with-next">
        <H id={id} className="cad-since__title">
          {block.heading}
        </H>
        {block.compared_with ? (
          <span className="cad-since__muted">{block.compared_with}</span>
        ) : null}
      </div>
      {block.empty ? (
        <p className="cad-since__muted">{block.empty}</p>
      ) : (
        <p className="cad-since__line cad-tabular" data-slot="week-change-counts">
          {block.counts_line}
        </p>
      )}
      {lists
        .filter(([, items]) => items.length > 0)
        .map(([label, items]) => (
          <div key={label} className="cad-since__group">
            <Sub className="cad-since__subtitle">
              {label} ({items.length})
            </Sub>
            <ul className="cad-since__list">
              {items.map((it) => (
                <li key={it.id} data-slot="change-item" className="cad-since__item">
                  <span className="cad-since__content">{it.content}</span>
                  <span className="cad-since__meta">
                    <span className="cad-since__project">
                      <FolderKanban size={12} aria-hidden />
                      {it.about}
                    </span>
                    {it.open ? <span>{it.open}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  )
}

/** One item: its box or bullet, the text, 'Completed', the assignee, where it came from. */
function MemoItemLine({
  it,
  check,
  extra,
}: {
  it: ItemLine
  check: boolean
  /** What the page adds after it (the draft's age and notes, the shared page's questions). */
  extra?: React.ReactNode
}) {
  const Box = it.completed ? SquareCheck : Square
  return (
    <li className={cn('cad-memo__item', it.completed && 'cad-draft__done')}>
      <span className="cad-memo__marker" aria-hidden="true">
        {check ? <Box size={14} /> : it.marker}
      </span>
      <div className="cad-memo__line">
        <span className={it.completed ? 'cad-draft__strike' : undefined}>{it.content}</span>
        {it.completed_label ? <span> {it.completed_label}</span> : null}
        {it.assignee_label ? <small> {it.assignee_label}</small> : null}
        {it.from_label ? <small> · {it.from_label}</small> : null}
        {extra}
      </div>
    </li>
  )
}

/** A section in the editor's order: its notes, 'None', then its items by project. */
function MemoSection({
  block,
  level,
  extra,
}: {
  block: SectionBlock
  level: Level
  extra?: (itemId: number) => React.ReactNode
}) {
  const H = heading(level)
  const G = subheading(level)
  const Icon = SECTION_ICON[block.section_type]
  const check = block.section_type !== 'standard'
  return (
    <section className="cad-draft__section cad-memo__section" data-slot="memo-section">
      <H className="cad-draft__heading cad-memo__heading" data-print="keep-with-next">
        <Icon size={16} aria-hidden className="cad-memo__icon" /> {block.heading}
      </H>
      {block.notes ? <p className="cad-break">{block.notes}</p> : null}
      {block.empty ? <p className="cad-screen__muted">{block.empty}</p> : null}
      {block.groups.map((g) => (
        <div key={g.project ?? '-'} className="cad-memo__group">
          {g.project ? (
            <G className="cad-draft__group" data-print="keep-with-next">
              {g.project}
            </G>
          ) : null}
          <ul className="cad-draft__items">
            {g.items.map((it) => (
              <MemoItemLine key={it.id} it={it} check={check} extra={extra?.(it.id)} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}

export {
  MemoChanges,
  MemoDecisions,
  MemoHeaderBlock,
  MemoHealth,
  MemoItemLine,
  MemoMetrics,
  MemoSection,
  MemoSince,
  MemoTitle,
}
