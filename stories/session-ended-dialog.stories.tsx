// Stories for ui/src/components/session-ended-dialog.tsx
import { SessionEndedDialog } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'

const meta = {
  title: 'Components/SessionEndedDialog',
  component: SessionEndedDialog,
  args: {
    open: true,
    count: 2,
    labels: ['Complete "Ship the board deck"', 'Add "Call Maria about the Apollo budget"'],
    onExport: fn(),
    onDiscard: fn(),
  },
} satisfies Meta<typeof SessionEndedDialog>

export default meta
type Story = StoryObj<typeof meta>

export const TwoChanges: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' })
    await expect(dialog).toHaveTextContent(
      '2 changes made on this device could not be saved before you were signed out.',
    )
    await expect(dialog).toHaveTextContent('Complete "Ship the board deck"')
    await userEvent.click(screen.getByRole('button', { name: 'Export unsent changes' }))
    await waitFor(() => expect(args.onExport).toHaveBeenCalledTimes(1))
    await expect(args.onDiscard).not.toHaveBeenCalled()
  },
}

export const ManyChanges: Story = {
  args: {
    count: 14,
    labels: [
      'Complete "Ship the board deck"',
      'Edit "Hire two senior engineers — über-long text that wraps 東京 across lines"',
      'Delete "Old follow-up"',
    ],
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' })
    await expect(dialog).toHaveTextContent('14 changes')
    await expect(dialog).toHaveTextContent('and 11 more')
    // No way out but a choice: Escape leaves it open.
    await userEvent.keyboard('{Escape}')
    await expect(screen.getByRole('dialog')).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(args.onDiscard).toHaveBeenCalledTimes(1))
  },
}

export const OneChangeDark: Story = {
  args: { count: 1, labels: ['Complete "Ship the board deck"'] },
  globals: { theme: 'dark' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' })
    await expect(dialog).toHaveTextContent('1 change made on this device')
  },
}
