import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
  Field,
  Input,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor } from 'storybook/test'

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
} satisfies Meta<typeof Dialog>

export default meta
type Story = StoryObj<typeof meta>

export const WithDescription: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button>Add Project</Button>
      </DialogTrigger>
      <DialogContent title="Add Project" description="Projects group items across your reports.">
        <Field label="Project name" htmlFor="dialog-project-name">
          <Input id="dialog-project-name" />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button variant="primary">Add Project</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Add Project' })
    await expect(dialog).toHaveAccessibleDescription('Projects group items across your reports.')
    await expect(screen.getByText('Projects group items across your reports.')).toBeVisible()
  },
}

export const OpenAndClose: Story = {
  parameters: { visual: { showFocus: true } },
  render: () => (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Import</Button>
      </DialogTrigger>
      <DialogContent title="Import Report">
        <p>Paste last week's report to copy its structure.</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Import' })
    await userEvent.click(trigger)
    const dialog = await screen.findByRole('dialog', { name: 'Import Report' })
    // always described: the description falls back to the title, read but not shown
    await expect(dialog).toHaveAccessibleDescription('Import Report')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(trigger).toHaveFocus()
  },
}

export const HiddenDescription: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Dialog {...args}>
      <DialogContent
        title="Search"
        description="Search reports, projects and people"
        hideDescription
      >
        <Input aria-label="Search" placeholder="Search…" />
      </DialogContent>
    </Dialog>
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Search' })
    await expect(dialog).toHaveAccessibleDescription('Search reports, projects and people')
    await expect(screen.getByText('Search reports, projects and people')).toHaveClass('cad-sr-only')
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
}
