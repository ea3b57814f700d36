// Stories for ui/src/components/starter-sections.tsx
import { StarterSections } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'Components/StarterSections',
  component: StarterSections,
  args: { onAdd: fn(async () => {}), settingsHref: '/settings?tab=sections' },
} satisfies Meta<typeof StarterSections>
export default meta
type Story = StoryObj<typeof meta>

export const Offer: Story = {
  play: async ({ canvas, args }) => {
    const offer = within(canvas.getByRole('region', { name: 'This report has no sections yet' }))
    await userEvent.click(offer.getByRole('button', { name: 'Add the usual sections' }))
    await expect(args.onAdd).toHaveBeenCalledTimes(1)
    await expect(offer.getByRole('link', { name: 'Set up sections in Settings' })).toHaveAttribute(
      'href',
      '/settings?tab=sections',
    )
  },
}

/** While the sections are being added the button is disabled, so a second click adds nothing. */
export const Adding: Story = {
  args: { onAdd: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Add the usual sections' })
    await userEvent.click(button)
    await waitFor(() => expect(button).toBeDisabled())
    await expect(args.onAdd).toHaveBeenCalledTimes(1)
  },
}

export const Dark: Story = { globals: { theme: 'dark' } }

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } }
