// Stories for ui/src/components/combine-projects-dialog.tsx
import { CombineProjectsDialog } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { manyProjects, projects } from './composite-fixtures'

const meta = {
  title: 'Components/CombineProjectsDialog',
  component: CombineProjectsDialog,
  args: { open: true, onOpenChange: fn(), onSubmit: fn(), projects: projects.slice(0, 2) },
} satisfies Meta<typeof CombineProjectsDialog>

export default meta
type Story = StoryObj<typeof meta>

const open = () => screen.findByRole('dialog', { name: 'Combine Projects' })

export const Empty: Story = {
  args: { projects: projects.slice(0, 1) },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please select at least 2 projects to combine',
    )
    await expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull()
  },
}

export const Typical: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    // impact step
    await expect(within(dialog).getByText('16 references in total will be moved.')).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }))
    // details step: Back returns to the impact
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Back' }))
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Next' }))
    const name = await within(dialog).findByLabelText('New project name')
    await expect(name).toHaveAttribute('maxLength', '255')
    await expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled()
    // Enter submits the details step
    await userEvent.type(name, 'Platform{Enter}')
    await expect(await within(dialog).findByText(/Combine 2 projects into/)).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Combine Projects' }))
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('Platform'))
  },
}

export const LongContent: Story = {
  args: { projects: manyProjects },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByText(/These 40 projects/)).toBeVisible()
    await expect(within(dialog).getByText(/Überarbeitung der Kundenplattform/)).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { onSubmit: fn(async () => Promise.reject(new Error('Network down'))) },
  play: async () => {
    const dialog = await open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }))
    await userEvent.type(await within(dialog).findByLabelText('New project name'), 'Merged{Enter}')
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Combine Projects' }))
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to combine projects: Network down',
    )
  },
}
