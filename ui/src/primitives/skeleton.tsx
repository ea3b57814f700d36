import type * as React from 'react'
import { cn } from '../lib/cn'

type SkeletonProps = React.ComponentProps<'div'> & {
  width?: number | string
  height?: number | string
}

function Skeleton({ className, width, height, style, ...props }: SkeletonProps) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('cad-skeleton', className)}
      style={{ width, height, ...style }}
      {...props}
    />
  )
}

/** Wraps placeholder shapes so assistive tech hears one 'Loading …' instead of nothing. */
function Loading({
  label,
  children,
  className,
}: {
  label: string
  children: React.ReactNode
  className?: string
}) {
  return (
    <div role="status" aria-busy="true" className={cn('cad-skeleton-group', className)}>
      <span className="cad-sr-only">{label}</span>
      {children}
    </div>
  )
}

const ROW_WIDTHS = ['72%', '58%', '84%', '46%', '66%', '78%', '52%', '70%']

function ListSkeleton({ rows = 5, className }: { rows?: number; className?: string }) {
  return (
    <Loading label="Loading list" className={cn('cad-list-skeleton', className)}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
        <div key={i} className="cad-list-skeleton__row">
          <Skeleton width={16} height={16} />
          <Skeleton height={12} width={ROW_WIDTHS[i % ROW_WIDTHS.length]} />
        </div>
      ))}
    </Loading>
  )
}

function ReportSkeleton({ sections = 3, className }: { sections?: number; className?: string }) {
  return (
    <Loading label="Loading report" className={cn('cad-report-skeleton', className)}>
      <Skeleton height={28} width="40%" />
      <Skeleton height={14} width="24%" />
      <Skeleton height={14} width="70%" />
      {Array.from({ length: sections }, (_, s) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
        <div key={s} className="cad-report-skeleton__section">
          <Skeleton height={16} width="28%" />
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
            <div key={i} className="cad-list-skeleton__row">
              <Skeleton width={16} height={16} />
              <Skeleton height={12} width={ROW_WIDTHS[(s + i) % ROW_WIDTHS.length]} />
            </div>
          ))}
        </div>
      ))}
    </Loading>
  )
}

function PageSkeleton({ className }: { className?: string }) {
  return (
    <Loading label="Loading page" className={cn('cad-page-skeleton', className)}>
      <Skeleton height={28} width="32%" />
      <div className="cad-page-skeleton__stats">
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
          <Skeleton key={i} height={84} />
        ))}
      </div>
      <Skeleton height={220} />
    </Loading>
  )
}

export type { SkeletonProps }
export { ListSkeleton, PageSkeleton, ReportSkeleton, Skeleton }
