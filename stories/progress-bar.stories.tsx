// Stories for ui/src/primitives/progress-bar.tsx
import { ProgressBar } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  args: { value: 3, max: 7, label: 'Onboarding progress' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof ProgressBar>

export default meta
type Story = StoryObj<typeof meta>

export const Partial: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Onboarding progress' })
    await expect(bar).toHaveAttribute('aria-valuenow', '3')
    await expect(bar).toHaveAttribute('aria-valuemax', '7')
    await expect(bar).toHaveAttribute('aria-valuetext', '43%')
  },
}

export const WithLabel: Story = {
  args: { value: 86, max: 100, label: 'Completion rate', showLabel: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('86%')).toBeVisible()
  },
}

export const ClampsOverflow: Story = {
  args: { value: 140, max: 100 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
  },
}
