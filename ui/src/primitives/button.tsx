import { Slot } from '@radix-ui/react-slot'
import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '../lib/cn'
import { Spinner } from './spinner'

const buttonVariants = cva('cad-button', {
  variants: {
    variant: {
      primary: 'cad-button--primary',
      secondary: 'cad-button--secondary',
      ghost: 'cad-button--ghost',
      danger: 'cad-button--danger',
      link: 'cad-button--link',
    },
    size: {
      sm: 'cad-button--sm',
      md: 'cad-button--md',
      lg: 'cad-button--lg',
    },
  },
  defaultVariants: { variant: 'secondary', size: 'md' },
})

type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean
    /** Disables the button and shows a spinner; the label stays for screen readers. */
    loading?: boolean
  }

function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  type,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className)
  if (asChild) {
    return (
      <Slot data-slot="button" className={classes} {...props}>
        {children}
      </Slot>
    )
  }
  return (
    <button
      data-slot="button"
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      {...props}
    >
      {loading ? <Spinner size={14} decorative /> : null}
      {children}
    </button>
  )
}

type IconButtonProps = Omit<ButtonProps, 'aria-label'> & {
  /** Accessible name, also shown as a tooltip. */
  label: string
}

function IconButton({ label, className, variant = 'ghost', size, ...props }: IconButtonProps) {
  return (
    <Button
      data-slot="icon-button"
      aria-label={label}
      title={label}
      variant={variant}
      size={size}
      className={cn('cad-icon-button', className)}
      {...props}
    />
  )
}

export type { ButtonProps, IconButtonProps }
export { Button, buttonVariants, IconButton }
