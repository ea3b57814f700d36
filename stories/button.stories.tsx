import { Button, IconButton } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { Plus, Trash2 } from 'lucide-react'
import { expect, fn, userEvent, within } from 'storybook/test'

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Save changes', onClick: fn() },
} satisfies Meta<typeof Button>

export default meta
type Story = StoryObj<typeof meta>

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Save changes' })
    await userEvent.click(button)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Cancel' },
  parameters: { visual: { showFocus: true } },
  play: async ({ canvas, args }) => {
    await userEvent.tab()
    const button = canvas.getByRole('button', { name: 'Cancel' })
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onClick).toHaveBeenCalled()
  },
}

export const Ghost: Story = {
  args: { variant: 'ghost', children: 'Skip' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Skip' })).toHaveAttribute('type', 'button')
  },
}

export const Danger: Story = {
  args: { variant: 'danger', children: 'Delete report' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Delete report' })).toHaveClass(
      'cad-button--danger',
    )
  },
}

export const LinkVariant: Story = {
  name: 'Link',
  args: { variant: 'link', children: 'View Report' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'View Report' })).toBeVisible()
  },
}

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </div>
  ),
  args: { variant: 'primary' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Small' })).toHaveClass('cad-button--sm')
    await expect(canvas.getByRole('button', { name: 'Large' })).toHaveClass('cad-button--lg')
  },
}

export const WithIcon: Story = {
  args: {
    variant: 'primary',
    children: (
      <>
        <Plus size={16} aria-hidden="true" /> Add New Report
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add New Report' })).toBeEnabled()
  },
}

export const Loading: Story = {
  args: { variant: 'primary', loading: true, children: 'Saving' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Saving' })
    await expect(button).toBeDisabled()
    await expect(button).toHaveAttribute('aria-busy', 'true')
    await userEvent.click(button, { pointerEventsCheck: 0 })
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

export const Disabled: Story = {
  args: { disabled: true, children: 'Send' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled()
  },
}

export const AsChild: Story = {
  args: { asChild: true, variant: 'secondary', children: <a href="#reports">All reports</a> },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'All reports' })
    await expect(link).toHaveClass('cad-button')
    await expect(link).toHaveAttribute('data-slot', 'button')
  },
}

export const Icon: Story = {
  render: () => {
    const onClick = fn()
    return (
      <IconButton label="Delete item" onClick={onClick}>
        <Trash2 size={16} aria-hidden="true" />
      </IconButton>
    )
  },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Delete item' })
    await expect(button).toHaveAttribute('title', 'Delete item')
    await userEvent.hover(button)
  },
}

export const VariantsDark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Button variant="primary">Send</Button>
      <Button variant="secondary">Draft</Button>
      <Button variant="ghost">Import</Button>
      <Button variant="danger">Delete</Button>
      <Button variant="link">View Report</Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getAllByRole('button')).toHaveLength(5)
  },
}
