// Stories for ui/src/screens/settings-sessions.tsx
import { SessionsSettings } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'

const meta = {
  title: 'Screens/Settings/Sessions',
  component: SessionsSettings,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
  args: { onSignOutEverywhere: fn() },
} satisfies Meta<typeof SessionsSettings>

export default meta
type Story = StoryObj<typeof meta>

/** Issue 42: sign out everywhere, asked in place first; it signs her out here too. */
export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Your sessions' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out everywhere' }))
    await expect(args.onSignOutEverywhere).not.toHaveBeenCalled()
    await expect(
      canvas.getByText('Sign out of Cadence on every device, this one included?'),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, sign out everywhere' }))
    await expect(args.onSignOutEverywhere).toHaveBeenCalledTimes(1)
  },
}

/** Cancel (or Escape) asks nothing of the server and gives focus back to the button. */
export const CancelKeepsFocus: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out everywhere' }))
    await userEvent.keyboard('{Escape}')
    const button = canvas.getByRole('button', { name: 'Sign out everywhere' })
    await waitFor(() => expect(button).toHaveFocus())
    await expect(args.onSignOutEverywhere).not.toHaveBeenCalled()
  },
}

/** A refusal (offline changes still waiting, a failed call) leaves the button for another try. */
export const Refused: Story = {
  args: { onSignOutEverywhere: fn(() => Promise.reject(new Error('still queued'))) },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out everywhere' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, sign out everywhere' }))
    await expect(args.onSignOutEverywhere).toHaveBeenCalledTimes(1)
    await expect(await canvas.findByRole('button', { name: 'Sign out everywhere' })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
}
