import { LoaderCircle } from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'

type SpinnerProps = React.ComponentProps<'span'> & {
  /** Announced to screen readers. Defaults to 'Loading'. */
  label?: string
  size?: number
  /** Inside a control that already announces its busy state. */
  decorative?: boolean
}

function Spinner({
  label = 'Loading',
  size = 16,
  decorative = false,
  className,
  ...props
}: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      className={cn('cad-spinner', className)}
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      {...props}
    >
      <LoaderCircle className="cad-spinner__icon" size={size} aria-hidden="true" />
      {decorative ? null : <span className="cad-sr-only">{label}</span>}
    </span>
  )
}

export type { SpinnerProps }
export { Spinner }
