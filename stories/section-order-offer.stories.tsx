// Stories for ui/src/components/section-order-offer.tsx
import { SectionOrderOffer } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'Components/SectionOrderOffer',
  component: SectionOrderOffer,
  args: { onApply: fn(), onDismiss: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
} satisfies Meta<typeof SectionOrderOffer>

export default meta
type Story = StoryObj<typeof meta>

export const Apply: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Your sections are in a new order in Settings.',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Apply to this report' }))
    await expect(args.onApply).toHaveBeenCalledTimes(1)
    await expect(args.onDismiss).not.toHaveBeenCalled()
  },
}

export const NotNow: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Not now' }))
    await expect(args.onDismiss).toHaveBeenCalledTimes(1)
    await expect(args.onApply).not.toHaveBeenCalled()
  },
}

/** Offline: applying waits for the network and says why. */
export const Offline: Story = {
  args: { disabledReason: 'You are offline — this will be possible when you are back online' },
  play: async ({ canvas }) => {
    const apply = canvas.getByRole('button', { name: 'Apply to this report' })
    await expect(apply).toBeDisabled()
    await expect(apply).toHaveAttribute(
      'title',
      'You are offline — this will be possible when you are back online',
    )
  },
}

/** Without 'Not now' (no onDismiss): only the offer to apply. */
export const ApplyOnly: Story = {
  args: { onDismiss: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Not now' })).toBeNull()
  },
}
