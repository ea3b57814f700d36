// Stories for ui/src/primitives/toaster.tsx
import { Button, TOAST_LIMIT, type Toast, Toaster, type ToastType } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'

const sample: Toast[] = [
  { id: '1', type: 'success', message: 'Report saved' },
  { id: '2', type: 'info', message: 'A report already exists for this week. Opening it now...' },
  { id: '3', type: 'warning', message: 'You are offline. 3 changes waiting to sync.' },
  { id: '4', type: 'error', message: 'Failed to delete project' },
  { id: '5', type: 'default', message: 'Copied to clipboard' },
]

const meta = {
  title: 'Components/Toaster',
  component: Toaster,
  args: { toasts: sample, onDismiss: fn() },
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ minHeight: 420 }}>{Story()}</div>],
} satisfies Meta<typeof Toaster>

export default meta
type Story = StoryObj<typeof meta>

export const AllTypes: Story = {
  play: async ({ args }) => {
    await expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete project')
    await expect(screen.getAllByRole('status')).toHaveLength(4)
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0])
    await expect(args.onDismiss).toHaveBeenCalledWith('1')
  },
}

let next = 0
function Playground() {
  const [toasts, setToasts] = useState<Toast[]>([])
  const push = (type: ToastType, count = 1) =>
    setToasts((list) => [
      ...list,
      ...Array.from({ length: count }, () => {
        next += 1
        return { id: `t${next}`, type, message: `Notification ${next}` }
      }),
    ])
  return (
    <div style={{ display: 'flex', gap: 8, padding: 16 }}>
      <Button onClick={() => push('success')}>Show success</Button>
      <Button onClick={() => push('info', 25)}>Show 25</Button>
      <Toaster toasts={toasts} onDismiss={(id) => setToasts((l) => l.filter((t) => t.id !== id))} />
    </div>
  )
}

export const LimitOfTwenty: Story = {
  render: () => <Playground />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show 25' }))
    await expect(screen.getAllByRole('status')).toHaveLength(TOAST_LIMIT)
  },
}

export const DismissRemoves: Story = {
  render: () => <Playground />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }))
    const toast = await screen.findByRole('status')
    await expect(toast).toHaveTextContent(/Notification \d+/)
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
  },
}

export const AllTypesDark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete project')
  },
}
