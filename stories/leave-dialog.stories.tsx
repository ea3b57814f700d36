// Stories for ui/src/components/leave-dialog.tsx
import { LeaveDialog } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'Components/LeaveDialog',
  component: LeaveDialog,
  args: { open: true, onAnswer: fn() },
} satisfies Meta<typeof LeaveDialog>

export default meta
type Story = StoryObj<typeof meta>

const open = () => screen.findByRole('dialog', { name: 'Leave without saving?' })

/** Issue 46: the app's own question for unsaved changes, not the browser's confirm. */
export const Typical: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await expect(dialog).toHaveTextContent('You have unsaved changes. Leave without saving them?')
    // Staying is the safe answer, focused first.
    const stay = within(dialog).getByRole('button', { name: 'Stay and keep editing' })
    await waitFor(() => expect(stay).toHaveFocus())
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave without saving' }))
    await expect(args.onAnswer).toHaveBeenCalledWith(true)
  },
}

export const EscapeStays: Story = {
  play: async ({ args }) => {
    await open()
    await userEvent.keyboard('{Escape}')
    await expect(args.onAnswer).toHaveBeenCalledWith(false)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await open()).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    await expect(await open()).toBeVisible()
  },
}
