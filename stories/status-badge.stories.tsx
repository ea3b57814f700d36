import { StatusBadge } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Components/StatusBadge',
  component: StatusBadge,
  args: { status: 'submitted' },
} satisfies Meta<typeof StatusBadge>

export default meta
type Story = StoryObj<typeof meta>

export const Submitted: Story = {
  play: async ({ canvas }) => {
    const badge = canvas.getByText('Submitted')
    await expect(badge.querySelector('svg')).not.toBeNull()
  },
}

export const Draft: Story = {
  args: { status: 'draft' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Draft')).toHaveClass('cad-badge--warning')
  },
}

export const All: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {(
        ['submitted', 'draft', 'covered', 'addressed', 'completed', 'pending', 'admin'] as const
      ).map((s) => (
        <StatusBadge key={s} status={s} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const word of [
      'Submitted',
      'Draft',
      'covered',
      'addressed',
      'Completed',
      'Pending',
      'Admin',
    ]) {
      const badge = canvas.getByText(word)
      // never colour alone: each status has its word and an icon
      await expect(badge.querySelector('svg')).not.toBeNull()
    }
  },
}

export const AllDark: Story = {
  ...All,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('Draft')).toHaveClass('cad-badge--warning')
  },
}
