import { cn } from '../lib/cn'

type ProgressBarProps = {
  value: number
  max?: number
  label: string
  /** Show the label and percentage above the bar. */
  showLabel?: boolean
  className?: string
}

function ProgressBar({ value, max = 100, label, showLabel = false, className }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 100
  const clamped = Math.max(0, Math.min(value, safeMax))
  const percent = Math.round((clamped / safeMax) * 100)
  return (
    <div data-slot="progress" className={cn('cad-progress', className)}>
      {showLabel ? (
        <div className="cad-progress__meta" aria-hidden="true">
          <span>{label}</span>
          <span className="cad-tabular">{percent}%</span>
        </div>
      ) : null}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={clamped}
        aria-valuetext={`${percent}%`}
        className="cad-progress__track"
      >
        <div className="cad-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

export type { ProgressBarProps }
export { ProgressBar }
