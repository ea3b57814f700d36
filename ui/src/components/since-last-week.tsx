import {
  CircleCheck as LucideCircleCheck,
  CornerDownRight as LucideCornerDownRight,
  FolderKanban as LucideFolderKanban,
  Hourglass as LucideHourglass,
  Plus as LucidePlus,
} from 'lucide-react'
import * as React from 'react'
import { ageingLabel } from '../lib/ageing'
import { cn } from '../lib/cn'
import { formatDate } from '../lib/dates'
import { icon } from '../primitives/icon'
import type { ChangeItem, ProjectWeekChanges, ReportChanges } from '../types'

const CircleCheck = /* @__PURE__ */ icon(LucideCircleCheck)
const CornerDownRight = /* @__PURE__ */ icon(LucideCornerDownRight)
const FolderKanban = /* @__PURE__ */ icon(LucideFolderKanban)
const Hourglass = /* @__PURE__ */ icon(LucideHourglass)
const Plus = /* @__PURE__ */ icon(LucidePlus)

type ChangeKind = 'completed' | 'new' | 'carried' | 'stalled'

const KINDS: Array<{ kind: ChangeKind; label: string; Icon: typeof Plus }> = [
  { kind: 'completed', label: 'Completed', Icon: CircleCheck },
  { kind: 'new', label: 'New', Icon: Plus },
  { kind: 'carried', label: 'Carried', Icon: CornerDownRight },
  { kind: 'stalled', label: 'Stalled', Icon: Hourglass },
]

/** The lists the memo shows under its line of counts. */
const MEMO_KINDS: ChangeKind[] = ['completed', 'stalled']

type SinceLastWeekProps = Omit<React.ComponentProps<'section'>, 'children'> & {
  changes: ReportChanges
  /**
   * 'interactive' (report page): each count is a button that shows its items below.
   * 'memo' (the brief and paper): one line of counts, then only the completed and stalled items
   * (the new and carried ones are in the sections below: nothing said twice).
   */
  variant?: 'interactive' | 'memo'
  /** The list open at first in the interactive variant; none by default. */
  defaultOpen?: ChangeKind | null
  /** Level of the 'Since last week' heading; the lists' headings are one level lower. */
  headingLevel?: 2 | 3
}

function ChangeRow({ item, kind }: { item: ChangeItem; kind: ChangeKind }) {
  const age = item.is_completed ? null : ageingLabel(item)
  return (
    <li data-slot="change-item" className="cad-since__item">
      <span className="cad-since__content">{item.content}</span>
      <span className="cad-since__meta">
        {item.project_name ? (
          <span className="cad-since__project">
            <FolderKanban size={12} aria-hidden />
            {item.project_name}
          </span>
        ) : null}
        <span>{item.section_name}</span>
        {age && (kind === 'carried' || kind === 'stalled') ? <span>{age}</span> : null}
      </span>
    </li>
  )
}

function ChangeList({ items, kind }: { items: ChangeItem[]; kind: ChangeKind }) {
  if (items.length === 0) return <p className="cad-since__none">None</p>
  return (
    <ul className="cad-since__list">
      {items.map((it) => (
        <ChangeRow key={it.id} item={it} kind={kind} />
      ))}
    </ul>
  )
}

/**
 * The 'Since last week' summary of a report: how many of its tasks and follow-ups were completed,
 * are new, were carried from an earlier report or are stalled, with the items under each.
 */
function SinceLastWeek({
  changes,
  variant = 'interactive',
  defaultOpen = null,
  headingLevel = 2,
  className,
  ...props
}: SinceLastWeekProps) {
  const [open, setOpen] = React.useState<ChangeKind | null>(defaultOpen)
  const id = React.useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4'
  const prev = changes.previous

  return (
    <section
      data-slot="since-last-week"
      data-variant={variant}
      aria-labelledby={`${id}-title`}
      className={cn('cad-since', className)}
      {...props}
    >
      <div className="cad-since__head" data-print="keep-with-next">
        <Heading id={`${id}-title`} className="cad-since__title">
          Since last week
        </Heading>
        {prev ? (
          <span className="cad-since__muted">
            Compared with the report of {formatDate(prev.week_start_date)}
          </span>
        ) : null}
      </div>
      {!prev ? (
        <p className="cad-since__muted">No earlier report to compare with</p>
      ) : (
        <>
          {variant === 'interactive' ? (
            <div className="cad-since__counts">
              {KINDS.map(({ kind, label, Icon }) => (
                <button
                  key={kind}
                  type="button"
                  className="cad-since__count"
                  data-kind={kind}
                  aria-expanded={open === kind}
                  aria-controls={open === kind ? `${id}-list` : undefined}
                  onClick={() => setOpen(open === kind ? null : kind)}
                >
                  <span className="cad-since__number">{changes.counts[kind]}</span>
                  <span className="cad-since__label">
                    <Icon size={12} aria-hidden />
                    {label}
                  </span>
                </button>
              ))}
            </div>
          ) : (
            <WeekChangeCounts counts={changes.counts} className="cad-since__line" />
          )}
          {variant === 'interactive' && open ? (
            <div id={`${id}-list`} className="cad-since__group">
              <SubHeading className="cad-since__subtitle">
                {KINDS.find((k) => k.kind === open)?.label} ({changes[open].length})
              </SubHeading>
              <ChangeList items={changes[open]} kind={open} />
            </div>
          ) : null}
          {variant === 'memo'
            ? MEMO_KINDS.filter((kind) => changes[kind].length > 0).map((kind) => (
                <div key={kind} className="cad-since__group" data-print="section">
                  <SubHeading className="cad-since__subtitle">
                    {KINDS.find((k) => k.kind === kind)?.label} ({changes[kind].length})
                  </SubHeading>
                  <ChangeList items={changes[kind]} kind={kind} />
                </div>
              ))
            : null}
        </>
      )}
    </section>
  )
}

type WeekChangeCountsProps = Omit<React.ComponentProps<'p'>, 'children'> & {
  /** Nothing is rendered without counts (a week the server has no counts for). */
  counts: Pick<ProjectWeekChanges, ChangeKind> | null | undefined
}

/** One line of a week's counts: '1 completed · 2 new · 1 carried · 1 stalled'. */
function WeekChangeCounts({ counts, className, ...props }: WeekChangeCountsProps) {
  if (!counts) return null
  return (
    <p data-slot="week-change-counts" className={cn('cad-week-counts', className)} {...props}>
      {KINDS.map(({ kind, label, Icon }) => (
        <span
          key={kind}
          data-kind={kind}
          data-active={counts[kind] > 0 || undefined}
          className="cad-week-counts__item"
        >
          <Icon size={12} aria-hidden />
          {counts[kind]} {label.toLowerCase()}
        </span>
      ))}
    </p>
  )
}

export type { ChangeKind, SinceLastWeekProps, WeekChangeCountsProps }
export { SinceLastWeek, WeekChangeCounts }
