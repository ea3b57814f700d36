import { InvitationView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { invitationPreview } from './fixtures-team'

const meta = {
  title: 'Screens/Invitation',
  component: InvitationView,
  parameters: { layout: 'fullscreen' },
  args: {
    state: 'ready',
    preview: invitationPreview,
    signedIn: true,
    onAccept: fn(),
    onSignIn: fn(),
    onContinue: fn(),
  },
} satisfies Meta<typeof InvitationView>

export default meta
type Story = StoryObj<typeof meta>

export const SignedInReady: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: "Join Ada Lovelace's team" })).toBeVisible()
    await expect(canvas.getByText(/You were invited as Tom Reed/)).toBeVisible()
    await expect(canvas.getByText(/your drafts and your own tasks stay private/)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Accept invitation' }))
    await expect(args.onAccept).toHaveBeenCalled()
  },
}

export const SignedOut: Story = {
  args: { signedIn: false },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: "Join Ada Lovelace's team" })).toBeVisible()
    await expect(canvas.getByText(/You were invited as Tom Reed/)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in to accept' }))
    await expect(args.onSignIn).toHaveBeenCalled()
  },
}

export const NoLongerValid: Story = {
  args: { state: 'invalid', preview: undefined },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'This invitation is no longer valid' }),
    ).toBeVisible()
    await expect(
      canvas.getByText('It was used, revoked or has expired. Ask for a new one.'),
    ).toBeVisible()
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

export const Accepted: Story = {
  args: { state: 'accepted' },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('heading', { name: "You're on Ada Lovelace's team" }),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Go to dashboard' }))
    await expect(args.onContinue).toHaveBeenCalled()
  },
}

export const Accepting: Story = {
  args: { state: 'accepting' },
  play: async ({ canvas, args }) => {
    const accept = canvas.getByRole('button', { name: 'Accept invitation' })
    await expect(accept).toBeDisabled()
    await expect(accept).toHaveAttribute('aria-busy', 'true')
    await expect(args.onAccept).not.toHaveBeenCalled()
  },
}

export const Failed: Story = {
  args: { state: 'error', error: "You are already on Ada Lovelace's team as Tom" },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      "You are already on Ada Lovelace's team as Tom",
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(args.onAccept).toHaveBeenCalled()
  },
}

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeInTheDocument()
  },
}
