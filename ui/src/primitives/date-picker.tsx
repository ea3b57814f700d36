import * as React from 'react'
import { cn } from '../lib/cn'

type DatePickerProps = {
  /** 'YYYY-MM-DD' or '' for none. */
  value: string
  onChange: (value: string) => void
  label: string
  id?: string
  /** Keep the label for screen readers only. */
  hideLabel?: boolean
  min?: string
  max?: string
  disabled?: boolean
  className?: string
}

/** The browser's own date input: keyboard-accessible, localised, a native picker on phones. */
function DatePicker({
  value,
  onChange,
  label,
  id,
  hideLabel = false,
  min,
  max,
  disabled,
  className,
}: DatePickerProps) {
  const autoId = React.useId()
  const inputId = id ?? autoId
  return (
    <div data-slot="date-picker" className={cn('cad-date-picker', className)}>
      <label htmlFor={inputId} className={hideLabel ? 'cad-sr-only' : 'cad-field__label'}>
        {label}
      </label>
      <input
        id={inputId}
        type="date"
        className="cad-input cad-date-picker__input cad-tabular"
        value={value}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}

export type { DatePickerProps }
export { DatePicker }
