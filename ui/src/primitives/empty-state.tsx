import type * as React from 'react'
import { cn } from '../lib/cn'

type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  icon?: React.ReactNode
  title: React.ReactNode
  description?: React.ReactNode
  action?: React.ReactNode
}

function EmptyState({ icon, title, description, action, className, ...props }: EmptyStateProps) {
  return (
    <div data-slot="empty-state" className={cn('cad-empty', className)} {...props}>
      {icon ? (
        <span className="cad-empty__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <p className="cad-empty__title">{title}</p>
      {description ? <p className="cad-empty__description">{description}</p> : null}
      {action ? <div className="cad-empty__action">{action}</div> : null}
    </div>
  )
}

export type { EmptyStateProps }
export { EmptyState }
