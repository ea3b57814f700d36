// Stories for ui/src/components/update-banner.tsx
import { UpdateBanner } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'Components/UpdateBanner',
  component: UpdateBanner,
  args: { onUpdate: fn(), onLater: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof UpdateBanner>

export default meta
type Story = StoryObj<typeof meta>

export const UpdateNow: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('App Update Available')
    await userEvent.click(canvas.getByRole('button', { name: 'Update Now' }))
    await expect(args.onUpdate).toHaveBeenCalledTimes(1)
  },
}

export const Later: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Later' }))
    await expect(args.onLater).toHaveBeenCalledTimes(1)
    await expect(args.onUpdate).not.toHaveBeenCalled()
  },
}

export const Dark: Story = {
  ...Later,
  globals: { theme: 'dark' },
}
