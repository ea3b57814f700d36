import type * as React from 'react'
import { cn } from '../lib/cn'

function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card" className={cn('cad-card', className)} {...props} />
}

function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('cad-card__header', className)} {...props} />
}

type CardTitleProps = React.ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4' }

function CardTitle({ className, as: Tag = 'h3', ...props }: CardTitleProps) {
  return <Tag data-slot="card-title" className={cn('cad-card__title', className)} {...props} />
}

function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p data-slot="card-description" className={cn('cad-card__description', className)} {...props} />
  )
}

function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('cad-card__content', className)} {...props} />
}

function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('cad-card__footer', className)} {...props} />
}

type StatCardProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  label: React.ReactNode
  value: number | string
  hint?: React.ReactNode
  icon?: React.ReactNode
}

function StatCard({ label, value, hint, icon, className, ...props }: StatCardProps) {
  const shown = typeof value === 'number' ? value.toLocaleString('en-US') : value
  return (
    <Card data-slot="stat-card" className={cn('cad-stat-card', className)} {...props}>
      <div className="cad-stat-card__top">
        <p className="cad-stat-card__label">{label}</p>
        {icon ? (
          <span className="cad-stat-card__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
      </div>
      <p className="cad-stat-card__value cad-tabular">{shown}</p>
      {hint ? <p className="cad-stat-card__hint">{hint}</p> : null}
    </Card>
  )
}

export type { CardTitleProps, StatCardProps }
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, StatCard }
