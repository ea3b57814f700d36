import * as CheckboxPrimitive from '@radix-ui/react-checkbox'
import { Check as LucideCheck } from 'lucide-react'
import type * as React from 'react'
import { cn } from '../lib/cn'
import { icon } from './icon'

const Check = /* @__PURE__ */ icon(LucideCheck)

type CheckboxProps = React.ComponentProps<typeof CheckboxPrimitive.Root>

/**
 * The check mark is always rendered and hidden by CSS while unchecked (the root's `data-state`).
 * Radix's Indicator would mount it through Presence, which reads the computed style in a layout
 * effect on every toggle: a forced style recalculation on the click-to-paint path of a report.
 */
function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn('cad-checkbox', className)}
      {...props}
    >
      <span data-slot="checkbox-indicator" className="cad-checkbox__indicator" aria-hidden="true">
        <Check size={12} strokeWidth={3} aria-hidden="true" />
      </span>
    </CheckboxPrimitive.Root>
  )
}

export type { CheckboxProps }
export { Checkbox }
