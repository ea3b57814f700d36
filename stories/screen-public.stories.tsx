// Stories for ui/src/screens/landing.tsx, auth-callback.tsx and static-pages.tsx
import {
  AuthCallbackView,
  LandingView,
  NotFoundView,
  PrivacyView,
  ReleaseNotesView,
  TermsView,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'Screens/Landing',
  component: LandingView,
  args: { onSignIn: fn() },
} satisfies Meta<typeof LandingView>
export default meta
type Story = StoryObj<typeof meta>

export const Landing: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Save Executive Time')).toBeInTheDocument()
    await expect(canvas.getByText('Mobile-First Experience')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }))
    await expect(args.onSignIn).toHaveBeenCalled()
  },
}
export const LandingDark: Story = { globals: { theme: 'dark' } }
export const LandingMobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } }
export const AuthCallback: Story = {
  render: () => <AuthCallbackView />,
  play: async ({ canvas }) => expect(canvas.getByText('Signing you in...')).toBeInTheDocument(),
}
export const ReleaseNotes: Story = {
  render: () => <ReleaseNotesView />,
  play: async ({ canvas }) => expect(canvas.getByText('1.2.0')).toBeInTheDocument(),
}
export const Privacy: Story = { render: () => <PrivacyView /> }
export const Terms: Story = {
  render: () => <TermsView />,
  play: async ({ canvas }) => expect(canvas.getByText(/99\.9% uptime/)).toBeInTheDocument(),
}
export const NotFound: Story = { render: () => <NotFoundView /> }
