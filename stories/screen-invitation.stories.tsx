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
    onSwitchAccount: fn(),
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
    await expect(canvas.getByText(/^Sent to/)).toHaveTextContent(
      'Sent to t***@acme.com: sign in with that address to accept.',
    )
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

/** Signed in with another address than the invited one: accepting was refused (403). */
export const WrongAccount: Story = {
  args: { state: 'wrong-account', signedInAs: 'tom.reed@gmail.example' },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('heading', { name: 'This invitation is for another address' }),
    ).toBeVisible()
    await expect(canvas.getByText(/Ada Lovelace sent it to/, { selector: 'p' })).toHaveTextContent(
      'Ada Lovelace sent it to t***@acme.com, and you are signed in as tom.reed@gmail.example. Only that address can accept it.',
    )
    await expect(
      canvas.getByText(/ask Ada Lovelace to change the e-mail address of Tom Reed/),
    ).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in with another account' }))
    await expect(args.onSwitchAccount).toHaveBeenCalled()
  },
}

export const WrongAccountMobile: Story = {
  args: { state: 'wrong-account', signedInAs: 'tom.reed.the.longer.address@gmail.example' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'This invitation is for another address' }),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Sign in with another account' })).toBeVisible()
  },
}

export const WrongAccountDark: Story = {
  args: { state: 'wrong-account', signedInAs: 'tom.reed@gmail.example' },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText(/Only that address can accept it/)).toBeVisible()
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
