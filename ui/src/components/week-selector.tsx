import { ChevronLeft as LucideChevronLeft, ChevronRight as LucideChevronRight } from 'lucide-react'
import { cn } from '../lib/cn'
import { addWeeks, formatWeekRange, relativeWeek, startOfWeek, toIsoDate } from '../lib/dates'
import { Button, IconButton } from '../primitives/button'
import { icon } from '../primitives/icon'
import type { Weekday } from '../types'

const ChevronLeft = /* @__PURE__ */ icon(LucideChevronLeft)
const ChevronRight = /* @__PURE__ */ icon(LucideChevronRight)

const WEEK_OFFSET_MIN = -52
const WEEK_OFFSET_MAX = 52

function clampWeekOffset(offset: number): number {
  return Math.max(WEEK_OFFSET_MIN, Math.min(WEEK_OFFSET_MAX, Math.trunc(offset)))
}

/** The ISO week start of `offset` weeks from the week containing `today`. */
function weekStartForOffset(offset: number, startDay: Weekday, today: Date = new Date()): string {
  return toIsoDate(addWeeks(startOfWeek(today, startDay), clampWeekOffset(offset)))
}

type WeekSelectorProps = {
  offset: number
  onOffsetChange: (offset: number) => void
  startDay: Weekday
  endDay: Weekday
  today?: Date
  className?: string
}

function WeekSelector({
  offset,
  onOffsetChange,
  startDay,
  endDay,
  today,
  className,
}: WeekSelectorProps) {
  const current = clampWeekOffset(offset)
  const weekStart = weekStartForOffset(current, startDay, today ?? new Date())
  const change = (next: number) => onOffsetChange(clampWeekOffset(next))
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would add a legend and form semantics to a toolbar-like control
    <div
      data-slot="week-selector"
      role="group"
      aria-label="Week"
      className={cn('cad-week-selector', className)}
    >
      <IconButton
        label="Previous week"
        variant="secondary"
        disabled={current <= WEEK_OFFSET_MIN}
        onClick={() => change(current - 1)}
      >
        <ChevronLeft size={16} aria-hidden="true" />
      </IconButton>
      <div className="cad-week-selector__label" aria-live="polite" aria-atomic="true">
        <span className="cad-week-selector__range cad-tabular" data-slot="week-selector-range">
          {formatWeekRange(weekStart, startDay, endDay)}
        </span>
        <span className="cad-week-selector__relative">{relativeWeek(current)}</span>
      </div>
      <IconButton
        label="Next week"
        variant="secondary"
        disabled={current >= WEEK_OFFSET_MAX}
        onClick={() => change(current + 1)}
      >
        <ChevronRight size={16} aria-hidden="true" />
      </IconButton>
      {current !== 0 ? (
        <Button size="sm" variant="ghost" onClick={() => change(0)}>
          Today
        </Button>
      ) : null}
    </div>
  )
}

export type { WeekSelectorProps }
export { clampWeekOffset, WEEK_OFFSET_MAX, WEEK_OFFSET_MIN, WeekSelector, weekStartForOffset }
