import { cn } from '../lib/cn'

/** Two letters of a name, for an avatar ('Maya Chen' → 'MC', 'Priya' → 'P'). */
function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters.map((w) => Array.from(w)[0]?.toUpperCase() ?? '').join('') || '?'
}

type AvatarProps = {
  name: string
  /** 'sm' (16 px) sits inside a tag; 'md' (20 px) beside a name in a list. */
  size?: 'sm' | 'md'
  className?: string
}

/**
 * A person's initials in a circle, always beside their written name: hidden from screen readers,
 * and drawn by CSS from data-initials so the letters never join the name's text.
 */
function Avatar({ name, size = 'md', className }: AvatarProps) {
  return (
    <span
      data-slot="avatar"
      data-initials={initials(name)}
      className={cn('cad-initials', size === 'sm' && 'cad-initials--sm', className)}
      aria-hidden="true"
    />
  )
}

export type { AvatarProps }
export { Avatar, initials }
