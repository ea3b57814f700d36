import * as React from 'react'
import { cn } from '../lib/cn'

type SegmentedOption<T extends string> = { value: T; label: string }

type SegmentedControlProps<T extends string> = Omit<
  React.ComponentProps<'fieldset'>,
  'onChange'
> & {
  /** Named by this visible label (aria-labelledby). */
  label: string
  value: T
  onValueChange: (value: T) => void
  options: readonly SegmentedOption<T>[]
}

/** A few mutually exclusive choices as joined toggle buttons (aria-pressed), under a label. */
function SegmentedControl<T extends string>({
  label,
  value,
  onValueChange,
  options,
  className,
  ...props
}: SegmentedControlProps<T>) {
  const labelId = React.useId()
  return (
    <fieldset
      data-slot="segmented-control"
      className={cn('cad-segmented', className)}
      aria-labelledby={labelId}
      {...props}
    >
      <span id={labelId} className="cad-segmented__label">
        {label}
      </span>
      <span className="cad-segmented__track">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            data-slot="segmented-control-item"
            className="cad-segmented__item"
            aria-pressed={value === option.value}
            onClick={() => onValueChange(option.value)}
          >
            {option.label}
          </button>
        ))}
      </span>
    </fieldset>
  )
}

export type { SegmentedControlProps, SegmentedOption }
export { SegmentedControl }
