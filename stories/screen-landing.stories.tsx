// Stories for ui/src/screens/landing.tsx
import { LandingView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'Screens/Landing',
  component: LandingView,
  args: { onSignIn: fn() },
} satisfies Meta<typeof LandingView>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Save Executive Time')).toBeInTheDocument()
    await expect(canvas.getByText('Mobile-First Experience')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }))
    await expect(args.onSignIn).toHaveBeenCalled()
  },
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByRole('button', { name: 'Start Reporting Today' })).toBeVisible()
    await expect(canvas.getByText('Track What Matters')).toBeVisible()
  },
}
export const Mobile: Story = {
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
/** The server refused the sign-in (ALLOWED_EMAIL_DOMAINS, sign-ups closed): the person reads why. */
export const SignInRefused: Story = {
  args: { refusal: 'Sign-in is limited to addresses at example.com' },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert')
    await expect(alert).toHaveTextContent('You were not signed in')
    await expect(alert).toHaveTextContent('Sign-in is limited to addresses at example.com')
    await expect(alert).toHaveTextContent('You can sign in again with another account.')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }))
    await expect(args.onSignIn).toHaveBeenCalled()
  },
}
