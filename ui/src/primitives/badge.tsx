import { cva, type VariantProps } from 'class-variance-authority'
import {
  Check as LucideCheck,
  CircleCheck as LucideCircleCheck,
  CircleDashed as LucideCircleDashed,
  Clock as LucideClock,
  PencilLine as LucidePencilLine,
  Send as LucideSend,
  ShieldCheck as LucideShieldCheck,
} from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'
import { icon } from './icon'

const Check = /* @__PURE__ */ icon(LucideCheck)
const CircleCheck = /* @__PURE__ */ icon(LucideCircleCheck)
const CircleDashed = /* @__PURE__ */ icon(LucideCircleDashed)
const Clock = /* @__PURE__ */ icon(LucideClock)
const PencilLine = /* @__PURE__ */ icon(LucidePencilLine)
const Send = /* @__PURE__ */ icon(LucideSend)
const ShieldCheck = /* @__PURE__ */ icon(LucideShieldCheck)

const badgeVariants = cva('cad-badge', {
  variants: {
    tone: {
      neutral: 'cad-badge--neutral',
      success: 'cad-badge--success',
      warning: 'cad-badge--warning',
      danger: 'cad-badge--danger',
      accent: 'cad-badge--accent',
    },
  },
  defaultVariants: { tone: 'neutral' },
})

type BadgeProps = React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>

function Badge({ tone, className, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ tone }), className)} {...props} />
}

type Status = 'submitted' | 'draft' | 'covered' | 'addressed' | 'completed' | 'pending' | 'admin'

/** Word, icon and tone of each status: the word and icon carry the meaning, never colour alone. */
const STATUS_META: Record<
  Status,
  { label: string; tone: NonNullable<BadgeProps['tone']>; Icon: typeof Check }
> = {
  submitted: { label: 'Submitted', tone: 'success', Icon: Send },
  draft: { label: 'Draft', tone: 'warning', Icon: PencilLine },
  covered: { label: 'covered', tone: 'success', Icon: Check },
  addressed: { label: 'addressed', tone: 'success', Icon: Check },
  completed: { label: 'Completed', tone: 'success', Icon: CircleCheck },
  pending: { label: 'Pending', tone: 'warning', Icon: Clock },
  admin: { label: 'Admin', tone: 'accent', Icon: ShieldCheck },
}

type StatusBadgeProps = Omit<BadgeProps, 'tone' | 'children'> & { status: Status }

function StatusBadge({ status, className, ...props }: StatusBadgeProps) {
  const meta = STATUS_META[status] ?? { label: status, tone: 'neutral', Icon: CircleDashed }
  const { Icon } = meta
  return (
    <Badge
      data-slot="status-badge"
      data-status={status}
      tone={meta.tone}
      className={className}
      {...props}
    >
      <Icon size={12} strokeWidth={2.25} aria-hidden="true" />
      {meta.label}
    </Badge>
  )
}

export type { BadgeProps, Status, StatusBadgeProps }
export { Badge, badgeVariants, STATUS_META, StatusBadge }
