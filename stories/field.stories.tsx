import { Field, Input } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Components/Field',
  component: Field,
  args: {
    label: 'Project name',
    htmlFor: 'project-name',
    children: <Input id="project-name" defaultValue="Atlas" />,
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof Field>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Project name')).toHaveValue('Atlas')
  },
}

export const WithHint: Story = {
  args: { hint: 'Up to 255 characters.' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Project name')
    await expect(input).toHaveAccessibleDescription('Up to 255 characters.')
  },
}

export const WithError: Story = {
  args: { error: 'Project name is required', children: <Input id="project-name" /> },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Project name')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Project name is required')
    await expect(canvas.getByRole('alert')).toHaveTextContent('Project name is required')
  },
}

export const WithErrorDark: Story = {
  ...WithError,
  globals: { theme: 'dark' },
}
