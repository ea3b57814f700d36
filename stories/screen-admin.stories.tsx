import { AccessDeniedView, AdminView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { adminStats, adminUsers, onboarding, systemSettings } from './fixtures'
import { activity, longAdminUsers } from './fixtures-long'

const meta = {
  title: 'Screens/Admin',
  component: AdminView,
  args: {
    stats: adminStats,
    users: adminUsers,
    onboarding,
    settings: systemSettings,
    onUpdateSetting: fn(),
    onRefresh: fn(),
    onTabChange: fn(),
  },
} satisfies Meta<typeof AdminView>
export default meta
type Story = StoryObj<typeof meta>

export const Overview: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Total Users')).toBeInTheDocument()
    await expect(canvas.getByText('Active Users')).toBeInTheDocument()
    await expect(canvas.getByText('Total Reports')).toBeInTheDocument()
    await expect(canvas.getByText('78%')).toBeInTheDocument()
    await expect(canvas.getByText('System Healthy')).toBeInTheDocument()
    await expect(canvas.getByText('No recent activity')).toBeInTheDocument()
  },
}
export const QuickActions: Story = {
  play: async ({ canvas, args }) => {
    // the Overview panel remounts on every visit, so the region is looked up each time
    const quick = () => canvas.getByRole('region', { name: 'Quick Actions' })
    await userEvent.click(within(quick()).getByRole('button', { name: 'View Users' }))
    await expect(canvas.getByRole('tab', { name: 'Users' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(canvas.getByRole('searchbox', { name: 'Search users' })).toBeVisible()
    await expect(args.onTabChange).toHaveBeenLastCalledWith('users')
    await userEvent.click(canvas.getByRole('tab', { name: 'Overview' }))
    await userEvent.click(within(quick()).getByRole('button', { name: 'Onboarding Analytics' }))
    await expect(canvas.getByText('Total Sessions')).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Overview' }))
    await userEvent.click(within(quick()).getByRole('button', { name: 'System Settings' }))
    await expect(canvas.getByRole('checkbox', { name: /maintenance_mode/ })).toBeVisible()
    await expect(args.onTabChange).toHaveBeenLastCalledWith('settings')
    await userEvent.click(canvas.getByRole('tab', { name: 'Overview' }))
    await userEvent.click(within(quick()).getByRole('button', { name: 'Refresh' }))
    await expect(args.onRefresh).toHaveBeenCalledTimes(1)
  },
}
export const Refreshing: Story = {
  args: { refreshing: true, activity },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Refreshing...' })).toBeDisabled()
  },
}
export const Users: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Users' }))
    await expect(canvas.getByText('No Name')).toBeVisible()
    await expect(canvas.getByText('Joined Sep 20, 2025')).toBeVisible()
    await expect(canvas.getByText('Admin', { selector: '[data-slot="badge"]' })).toBeVisible()
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search users' }), 'MAYA')
    await expect(canvas.getByText('maya@example.com')).toBeVisible()
    await expect(canvas.queryByText('anon@example.com')).toBeNull()
  },
}
export const UsersEndSessions: Story = {
  args: { onEndSessions: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Users' }))
    await userEvent.click(canvas.getByRole('button', { name: 'End sessions of maya@example.com' }))
    await expect(args.onEndSessions).toHaveBeenCalledTimes(1)
    await expect(args.onEndSessions).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'maya@example.com' }),
    )
  },
}
export const UsersLongContent: Story = {
  args: { users: longAdminUsers },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Users' }))
    await expect(canvas.getAllByRole('listitem')).toHaveLength(40)
    await expect(canvas.getAllByText('No Name')).toHaveLength(8)
  },
}
export const OnboardingAnalytics: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Onboarding Analytics' }))
    await expect(canvas.getByText('Total Sessions')).toBeVisible()
    await expect(canvas.getByText('4 min')).toBeVisible()
    await expect(canvas.getAllByRole('progressbar')).toHaveLength(2)
  },
}
export const SystemSettings: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'System Settings' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: /maintenance_mode/ }))
    await expect(args.onUpdateSetting).toHaveBeenCalledWith('maintenance_mode', 'true')
  },
}
export const ActivityLog: Story = {
  // Even with entries, the tab shows only its placeholder text (the Overview lists the latest 5).
  args: { activity },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Activity Log' }))
    const panel = canvas.getByRole('tabpanel', { name: 'Activity Log' })
    await expect(panel).toHaveTextContent(/^Activity log feature coming soon$/)
    await expect(panel.querySelectorAll('li')).toHaveLength(0)
  },
}
export const WithActivity: Story = {
  args: { activity },
  play: async ({ canvas }) => {
    // the overview shows the 5 most recent entries, each as a sentence naming the person
    await expect(canvas.getAllByText(/^(maya|omar)@example\.com · Nov \d+, 2026, /)).toHaveLength(5)
    await expect(canvas.getByText('Omar Haddad sent a report')).toBeInTheDocument()
    await expect(
      canvas.getByText('Maya Chen updated their settings (carry over, reminder enabled)'),
    ).toBeInTheDocument()
    await expect(
      canvas.getByText('omar@example.com combined projects (Apollo, Apollo beta → Apollo)'),
    ).toBeInTheDocument()
    await expect(canvas.queryByText(/settings_updated|user_settings/)).toBeNull()
  },
}
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
    await expect(canvas.queryByText('Total Users')).toBeNull()
  },
}
export const Mobile: Story = {
  args: { activity },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Admin' })).toBeVisible()
    await expect(canvas.getByText('Total Users')).toBeVisible()
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toBeVisible()
  },
}
export const Dark: Story = {
  args: { activity },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('System Healthy')).toBeVisible()
    await expect(canvas.getByText('1,284')).toBeVisible()
  },
}
export const AccessDenied: Story = {
  render: () => <AccessDeniedView />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Access Denied')).toBeInTheDocument()
    await expect(canvas.getByText('Return to Dashboard')).toBeInTheDocument()
  },
}
export const AccessDeniedMobile: Story = {
  render: () => <AccessDeniedView />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText("You don't have permission to access the admin area."),
    ).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible()
  },
}
export const AccessDeniedDark: Story = {
  render: () => <AccessDeniedView />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  },
}
