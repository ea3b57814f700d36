import type * as React from 'react'
import { cn } from '../lib/cn'

type InputProps = React.ComponentProps<'input'> & { invalid?: boolean }

function Input({ className, invalid, type = 'text', ...props }: InputProps) {
  return (
    <input
      data-slot="input"
      type={type}
      aria-invalid={invalid || undefined}
      className={cn('cad-input', className)}
      {...props}
    />
  )
}

type TextareaProps = React.ComponentProps<'textarea'> & { invalid?: boolean }

function Textarea({ className, invalid, rows = 3, ...props }: TextareaProps) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cn('cad-input', 'cad-textarea', className)}
      {...props}
    />
  )
}

export type { InputProps, TextareaProps }
export { Input, Textarea }
