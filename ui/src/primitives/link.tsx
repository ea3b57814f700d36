import * as React from 'react'
import { cn } from '../lib/cn'

type LinkProps = Omit<React.ComponentProps<'a'>, 'href'> & {
  href: string
  children?: React.ReactNode
  className?: string
}

type LinkComponent = React.ComponentType<LinkProps>

function PlainLink(props: LinkProps) {
  return <a {...props} />
}

const LinkContext = React.createContext<LinkComponent>(PlainLink)

/** The app hands its router link here; ui never imports a router. */
function LinkProvider({
  component,
  children,
}: {
  component: LinkComponent
  children: React.ReactNode
}) {
  return <LinkContext value={component}>{children}</LinkContext>
}

function Link({ className, ...props }: LinkProps) {
  const Component = React.useContext(LinkContext)
  return <Component data-slot="link" className={cn('cad-link', className)} {...props} />
}

export type { LinkComponent, LinkProps }
export { Link, LinkProvider }
