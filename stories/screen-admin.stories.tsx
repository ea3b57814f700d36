import { AccessDeniedView, AdminView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn } from 'storybook/test'
import { adminStats, adminUsers, onboarding, systemSettings } from './fixtures'

const meta = {
  title: 'Screens/Admin',
  component: AdminView,
  args: {
    stats: adminStats,
    users: adminUsers,
    onboarding,
    settings: systemSettings,
    onUpdateSetting: fn(),
  },
} satisfies Meta<typeof AdminView>
export default meta
type Story = StoryObj<typeof meta>

export const Overview: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Total Users')).toBeInTheDocument()
    await expect(canvas.getByText('System Healthy')).toBeInTheDocument()
  },
}
export const Dark: Story = { globals: { theme: 'dark' } }
export const AccessDenied: Story = {
  render: () => <AccessDeniedView />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Access Denied')).toBeInTheDocument()
    await expect(canvas.getByText('Return to Dashboard')).toBeInTheDocument()
  },
}
