import { Badge } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: '12 items' },
} satisfies Meta<typeof Badge>

export default meta
type Story = StoryObj<typeof meta>

export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Badge>Neutral</Badge>
      <Badge tone="success">Success</Badge>
      <Badge tone="warning">Warning</Badge>
      <Badge tone="danger">Danger</Badge>
      <Badge tone="accent">Accent</Badge>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Neutral')).toHaveClass('cad-badge--neutral')
    await expect(canvas.getByText('Danger')).toHaveClass('cad-badge--danger')
  },
}

export const Neutral: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('12 items')).toHaveAttribute('data-slot', 'badge')
  },
}
