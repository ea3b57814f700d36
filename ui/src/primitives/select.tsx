import * as SelectPrimitive from '@radix-ui/react-select'
import { Check as LucideCheck, ChevronDown as LucideChevronDown } from 'lucide-react'
import * as React from 'react'
import { cn } from '../lib/cn'
import { icon } from './icon'

const Check = /* @__PURE__ */ icon(LucideCheck)
const ChevronDown = /* @__PURE__ */ icon(LucideChevronDown)

type SelectOption = { value: string; label: string }

type SelectProps = {
  value: string
  onValueChange: (value: string) => void
  options: SelectOption[]
  placeholder?: string
  id?: string
  'aria-label'?: string
  'aria-labelledby'?: string
  disabled?: boolean
  className?: string
  name?: string
}

/** Memoised: a closed Radix Select still renders every option (for its value text). */
const Select = React.memo(function Select({
  value,
  onValueChange,
  options,
  placeholder,
  id,
  disabled,
  className,
  name,
  ...aria
}: SelectProps) {
  return (
    <SelectPrimitive.Root
      value={value}
      onValueChange={onValueChange}
      disabled={disabled}
      name={name}
    >
      <SelectPrimitive.Trigger
        data-slot="select-trigger"
        id={id}
        className={cn('cad-select__trigger', className)}
        aria-label={aria['aria-label']}
        aria-labelledby={aria['aria-labelledby']}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon className="cad-select__icon">
          <ChevronDown size={14} aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          data-slot="select-content"
          className="cad-select__content cad-popover"
          position="popper"
          sideOffset={4}
        >
          <SelectPrimitive.Viewport className="cad-select__viewport">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                data-slot="select-item"
                className="cad-select__item cad-menu-item"
              >
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="cad-select__indicator">
                  <Check size={14} aria-hidden="true" />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  )
})

export type { SelectOption, SelectProps }
export { Select }
