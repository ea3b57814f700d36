import * as React from 'react'
import { cn } from '../lib/cn'

type FieldProps = {
  label: React.ReactNode
  htmlFor: string
  error?: React.ReactNode
  hint?: React.ReactNode
  className?: string
  children: React.ReactNode
}

/**
 * Label, control, hint and error. The control gets `aria-describedby` wiring when it is a single
 * element child, so the hint and error are read with it.
 */
function Field({ label, htmlFor, error, hint, className, children }: FieldProps) {
  const hintId = hint ? `${htmlFor}-hint` : undefined
  const errorId = error ? `${htmlFor}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const child =
    React.isValidElement<{ 'aria-describedby'?: string; invalid?: boolean }>(children) &&
    describedBy
      ? React.cloneElement(children, {
          'aria-describedby': describedBy,
          ...(error ? { invalid: true } : {}),
        })
      : children
  return (
    <div
      data-slot="field"
      className={cn('cad-field', className)}
      data-invalid={error ? '' : undefined}
    >
      <label data-slot="field-label" className="cad-field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {child}
      {hint ? (
        <p data-slot="field-hint" id={hintId} className="cad-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p data-slot="field-error" id={errorId} className="cad-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export type { FieldProps }
export { Field }
