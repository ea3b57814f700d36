import { Link, type LinkProps, LinkProvider } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

const navigate = fn()

/** What an app router link looks like to ui: same props, client-side navigation. */
function RouterLink({ href, onClick, ...props }: LinkProps) {
  return (
    <a
      {...props}
      href={href}
      data-router=""
      onClick={(event) => {
        event.preventDefault()
        onClick?.(event)
        navigate(href)
      }}
    />
  )
}

const meta = {
  title: 'Components/Link',
  component: Link,
  args: { href: '/reports/abc', children: 'View Report' },
} satisfies Meta<typeof Link>

export default meta
type Story = StoryObj<typeof meta>

export const PlainAnchor: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'View Report' })
    await expect(link).toHaveAttribute('href', '/reports/abc')
    await expect(link).not.toHaveAttribute('data-router')
  },
}

export const WithProvider: Story = {
  decorators: [(Story) => <LinkProvider component={RouterLink}>{Story()}</LinkProvider>],
  play: async ({ canvas }) => {
    navigate.mockClear()
    const link = canvas.getByRole('link', { name: 'View Report' })
    await expect(link).toHaveAttribute('data-router')
    await userEvent.click(link)
    await expect(navigate).toHaveBeenCalledWith('/reports/abc')
  },
}
