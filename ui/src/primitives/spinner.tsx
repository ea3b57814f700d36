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
      {/* lucide's LoaderCircle, drawn here: the landing page shows only this icon, and the icon
          library's runtime (1.5 KB gzipped) would be on its path for it. Same markup. */}
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="lucide lucide-loader-circle lucide-loader-2 cad-spinner__icon"
        aria-hidden="true"
      >
        <path d="M21 12a9 9 0 1 1-6.219-8.56" />
      </svg>
      {decorative ? null : <span className="cad-sr-only">{label}</span>}
    </span>
  )
}

export type { SpinnerProps }
export { Spinner }
