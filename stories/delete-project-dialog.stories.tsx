// Stories for ui/src/components/delete-project-dialog.tsx
import { DeleteProjectDialog } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { manyProjects, projects } from './composite-fixtures'

const meta = {
  title: 'Components/DeleteProjectDialog',
  component: DeleteProjectDialog,
  args: { open: true, onOpenChange: fn(), onConfirm: fn(), projects, project: projects[0] },
} satisfies Meta<typeof DeleteProjectDialog>

export default meta
type Story = StoryObj<typeof meta>

const open = () => screen.findByRole('dialog', { name: 'Delete project' })

export const Empty: Story = {
  name: 'No references',
  args: { project: projects[2] },
  play: async ({ args }) => {
    const dialog = await open()
    await expect(within(dialog).getByText(/no references/)).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Project' }))
    await waitFor(() => expect(args.onConfirm).toHaveBeenCalledWith(undefined))
  },
}

export const Typical: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await expect(within(dialog).getByText(/referenced by 12 items/)).toBeVisible()
    const del = within(dialog).getByRole('button', { name: 'Delete Project' })
    await expect(del).toBeDisabled()
    const picker = within(dialog).getByRole('combobox', { name: 'Move items to' })
    picker.focus()
    await userEvent.keyboard('{Enter}')
    const listbox = await screen.findByRole('listbox')
    // General plus other active projects; never itself or archived ones
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['General (no project)', 'Q4 Hiring', 'Board Deck'])
    await userEvent.click(within(listbox).getByRole('option', { name: 'General (no project)' }))
    await waitFor(() => expect(del).toBeEnabled())
    await userEvent.click(del)
    await waitFor(() => expect(args.onConfirm).toHaveBeenCalledWith(null))
  },
}

export const LongContent: Story = {
  args: { projects: manyProjects, project: manyProjects[5] },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByText(/referenced by 5 items/)).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: 'Delete Project' })).toBeDisabled()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByText('Choose a destination')).toBeVisible()
  },
}
