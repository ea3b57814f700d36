// Stories for ui/src/primitives/confirm-inline.tsx
import { Button, ConfirmInline } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'Components/ConfirmInline',
  component: ConfirmInline,
  args: { message: 'Delete this report?', onConfirm: fn(), onCancel: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
} satisfies Meta<typeof ConfirmInline>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('group', { name: 'Delete this report?' })
    await expect(group).toBeVisible()
    // the safe choice has focus
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, Delete' }))
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
  },
}

export const EscapeCancels: Story = {
  args: {
    message: 'Delete this item? This cannot be undone.',
    confirmLabel: 'Delete',
    cancelLabel: 'Keep',
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Delete' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(args.onCancel).toHaveBeenCalledTimes(1)
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

export const InFlow: Story = {
  render: function Render(args) {
    const [asking, setAsking] = useState(false)
    const [deleted, setDeleted] = useState(false)
    if (deleted) return <p>Report deleted</p>
    return asking ? (
      <ConfirmInline
        {...args}
        onConfirm={() => setDeleted(true)}
        onCancel={() => setAsking(false)}
      />
    ) : (
      <Button variant="ghost" onClick={() => setAsking(true)}>
        Delete
      </Button>
    )
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, Delete' }))
    await expect(canvas.getByText('Report deleted')).toBeVisible()
  },
}

export const Dark: Story = {
  ...Default,
  globals: { theme: 'dark' },
}

/** The button that asked keeps its place: cancelling (Escape or Cancel) gives it focus back. */
function AskingButton() {
  const [asking, setAsking] = useState(false)
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Button onClick={() => setAsking(true)}>Delete report</Button>
      {asking ? (
        <ConfirmInline
          message="Delete this report?"
          onConfirm={() => setAsking(false)}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </div>
  )
}

export const FocusReturns: Story = {
  render: () => <AskingButton />,
  play: async ({ canvas }) => {
    const asker = canvas.getByRole('button', { name: 'Delete report' })
    await userEvent.click(asker)
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    await expect(asker).toHaveFocus()
    await userEvent.click(asker)
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    await expect(asker).toHaveFocus()
  },
}
