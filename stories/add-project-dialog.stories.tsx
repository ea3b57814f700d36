// Stories for ui/src/components/add-project-dialog.tsx
import { AddProjectDialog } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'Components/AddProjectDialog',
  component: AddProjectDialog,
  args: { open: true, onOpenChange: fn(), onSubmit: fn() },
} satisfies Meta<typeof AddProjectDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Add New Project' })
    const add = within(dialog).getByRole('button', { name: 'Add Project' })
    await expect(add).toBeDisabled()
    await userEvent.type(within(dialog).getByLabelText('Project name'), '   ')
    await expect(add).toBeDisabled()
  },
}

export const Typical: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Add New Project' })
    await userEvent.type(within(dialog).getByLabelText('Project name'), '  Platform Migration ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Project' }))
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('Platform Migration'))
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}

export const LongContent: Story = {
  args: {
    onSubmit: fn(async () =>
      Promise.reject(new Error('Failed to add project: name already exists')),
    ),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Add New Project' })
    const input = within(dialog).getByLabelText('Project name')
    await expect(input).toHaveAttribute('maxLength', '255')
    await userEvent.type(input, 'Überarbeitung der Kundenplattform — 東京{Enter}')
    await expect(
      await within(dialog).findByText('Failed to add project: name already exists'),
    ).toBeVisible()
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Add New Project' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  parameters: { visual: { showFocus: true } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Add New Project' })
    await expect(within(dialog).getByLabelText('Project name')).toHaveFocus()
  },
}
