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
export const LandingDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByRole('button', { name: 'Start Reporting Today' })).toBeVisible()
    await expect(canvas.getByText('Track What Matters')).toBeVisible()
  },
}
export const LandingMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Start Reporting Today' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Sign In' })).toBeVisible()
    const features = document.getElementById('features')
    await expect(features).toHaveTextContent('Weekly Report Structure')
    await expect(features).toHaveTextContent('Team Coordination')
    await expect(canvas.getByRole('link', { name: /Privacy/ })).toHaveAttribute('href', '/privacy')
  },
}
export const AuthCallback: Story = {
  render: () => <AuthCallbackView />,
  play: async ({ canvas }) => expect(canvas.getByText('Signing you in...')).toBeInTheDocument(),
}
export const ReleaseNotes: Story = {
  render: () => <ReleaseNotesView />,
  play: async ({ canvas }) => expect(canvas.getByText('1.2.0')).toBeInTheDocument(),
}
export const AuthCallbackMobile: Story = {
  render: () => <AuthCallbackView />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) =>
    expect(canvas.getByText('Just a moment while we set up your account.')).toBeVisible(),
}
export const AuthCallbackDark: Story = {
  render: () => <AuthCallbackView />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => expect(canvas.getByText('Signing you in...')).toBeVisible(),
}
export const ReleaseNotesMobile: Story = {
  render: () => <ReleaseNotesView />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: '1.0.0 (20 Sep 2025)' })).toBeVisible()
    await expect(canvas.getByText('Installable offline app')).toBeVisible()
  },
}
export const ReleaseNotesDark: Story = {
  render: () => <ReleaseNotesView />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: '1.1.0 (25 Sep 2025)' })).toBeVisible(),
}
export const Privacy: Story = {
  render: () => <PrivacyView />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible()
    await expect(canvas.getByText('Last updated: 26 Sep 2025')).toBeVisible()
    await expect(canvas.getByText(/within 90 days/)).toBeVisible()
    await expect(canvas.getByText(/30-day notice/)).toBeVisible()
  },
}
export const PrivacyMobile: Story = {
  render: () => <PrivacyView />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible(),
}
export const PrivacyDark: Story = {
  render: () => <PrivacyView />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible(),
}
export const Terms: Story = {
  render: () => <TermsView />,
  play: async ({ canvas }) => expect(canvas.getByText(/99\.9% uptime/)).toBeInTheDocument(),
}
export const TermsMobile: Story = {
  render: () => <TermsView />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Terms of Service' })).toBeVisible()
    await expect(canvas.getByText(/last 12 months/)).toBeVisible()
  },
}
export const TermsDark: Story = {
  render: () => <TermsView />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: 'Terms of Service' })).toBeVisible(),
}
export const NotFound: Story = {
  render: () => <NotFoundView />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute(
      'href',
      '/',
    )
  },
}
export const NotFoundMobile: Story = {
  render: () => <NotFoundView />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) =>
    expect(canvas.getByText('The page you are looking for does not exist.')).toBeVisible(),
}
export const NotFoundDark: Story = {
  render: () => <NotFoundView />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: 'Page not found' })).toBeVisible(),
}
