// Stories for ui/src/components/sync-status.tsx
import { SyncStatus } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'

const rejected = [
  { seq: 3, label: 'Complete "Ship the board deck"', error: 'Section item not found' },
  { seq: 7, label: 'Add talking point "Q3 hiring plan"', error: 'Team member not found' },
]

const meta = {
  title: 'Components/SyncStatus',
  component: SyncStatus,
  args: { rejected, onRetry: fn(), onDiscard: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof SyncStatus>

export default meta
type Story = StoryObj<typeof meta>

export const RejectedChanges: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('2 changes could not be synced')
    const rows = canvas.getAllByRole('listitem')
    await expect(rows).toHaveLength(2)
    await expect(rows[0]).toHaveTextContent('Complete "Ship the board deck"')
    await expect(rows[0]).toHaveTextContent('Section item not found')
    await userEvent.click(within(rows[0]).getByRole('button', { name: /^Retry/ }))
    await expect(args.onRetry).toHaveBeenCalledWith(3)
    await userEvent.click(within(rows[1]).getByRole('button', { name: /^Discard/ }))
    await expect(args.onDiscard).toHaveBeenCalledWith(7)
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
  },
}

export const OneChange: Story = {
  args: { rejected: [rejected[0]] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('1 change could not be synced')
    await expect(
      canvas.getByRole('button', { name: 'Retry Complete "Ship the board deck"' }),
    ).toBeEnabled()
  },
}

export const Syncing: Story = {
  args: { busy: true },
  play: async ({ canvas, args }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled()
    await expect(args.onRetry).not.toHaveBeenCalled()
  },
}

export const NothingRejected: Story = {
  args: { rejected: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="sync-status"]')).toBeNull()
  },
}

export const Dark: Story = {
  ...RejectedChanges,
  globals: { theme: 'dark' },
}
