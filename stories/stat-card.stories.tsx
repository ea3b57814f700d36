import { StatCard } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { FolderKanban, ListChecks, Users } from 'lucide-react'
import { expect } from 'storybook/test'

const meta = {
  title: 'Components/StatCard',
  component: StatCard,
  args: { label: 'Active projects', value: 12 },
  decorators: [(Story) => <div style={{ maxWidth: 260 }}>{Story()}</div>],
} satisfies Meta<typeof StatCard>

export default meta
type Story = StoryObj<typeof meta>

export const NumberValue: Story = {
  args: { icon: <FolderKanban size={16} /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('12')).toHaveClass('cad-tabular')
    await expect(canvas.getByText('Active projects')).toBeVisible()
  },
}

export const LargeNumberWithHint: Story = {
  args: {
    label: 'Tasks (30 days)',
    value: 12840,
    hint: '+18% vs previous 30 days',
    icon: <ListChecks size={16} />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('12,840')).toBeVisible()
    await expect(canvas.getByText('+18% vs previous 30 days')).toBeVisible()
  },
}

export const Row: Story = {
  render: () => (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
        gap: 16,
        width: 640,
      }}
    >
      <StatCard label="Total users" value={1284} icon={<Users size={16} />} />
      <StatCard label="Completion rate" value="86%" />
      <StatCard label="Reports" value={9421} hint="All time" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1,284')).toBeVisible()
    await expect(canvas.getByText('86%')).toBeVisible()
  },
}

export const RowDark: Story = {
  ...Row,
  globals: { theme: 'dark' },
}
