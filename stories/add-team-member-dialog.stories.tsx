// Stories for ui/src/components/add-team-member-dialog.tsx
import { AddTeamMemberDialog } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'Components/AddTeamMemberDialog',
  component: AddTeamMemberDialog,
  args: { open: true, onOpenChange: fn(), onSubmit: fn() },
} satisfies Meta<typeof AddTeamMemberDialog>

export default meta
type Story = StoryObj<typeof meta>

const open = () => screen.findByRole('dialog', { name: 'Add New Team Member' })

export const Empty: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await expect(within(dialog).getByRole('button', { name: 'Add Team Member' })).toBeDisabled()
    // leaving the blank name explains why
    await userEvent.click(within(dialog).getByLabelText('Name'))
    await userEvent.tab()
    await expect(await within(dialog).findByText('Name is required')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const Typical: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await expect(within(dialog).getByLabelText('Email (optional)')).toHaveAttribute('type', 'email')
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Priya Natarajan')
    await userEvent.type(within(dialog).getByLabelText('Email (optional)'), 'priya@')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Team Member' }))
    await expect(
      await within(dialog).findByText('Enter a valid e-mail or leave it empty'),
    ).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
    await userEvent.type(within(dialog).getByLabelText('Email (optional)'), 'example.com')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Team Member' }))
    // title is optional: blank becomes null
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Priya Natarajan',
        title: null,
        email: 'priya@example.com',
      }),
    )
  },
}

/** Issue 46: a member can be added by name alone; the e-mail is only needed to invite them. */
export const WithoutEmail: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await expect(within(dialog).getByText('Needed only to invite them to Cadence')).toBeVisible()
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nia Okafor{Enter}')
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Nia Okafor', title: null, email: '' }),
    )
  },
}

export const LongContent: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.type(
      within(dialog).getByLabelText('Name'),
      'Zoë Castellanos-Ibáñez de la Fuente y Montoya',
    )
    await userEvent.type(
      within(dialog).getByLabelText('Title (optional)'),
      'Principal Program Manager, Strategic Partnerships',
    )
    await userEvent.type(
      within(dialog).getByLabelText('Email (optional)'),
      'zoe@example.com{Enter}',
    )
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce())
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: { visual: { showFocus: true } },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByLabelText('Name')).toHaveFocus()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ args }) => {
    await open()
    await userEvent.keyboard('{Escape}')
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}
