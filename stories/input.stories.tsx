import { Input } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'Components/Input',
  component: Input,
  args: { 'aria-label': 'Project name', placeholder: 'e.g. Website relaunch', onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Input>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Project name' })
    await expect(input).toHaveAttribute('placeholder', 'e.g. Website relaunch')
    await userEvent.type(input, 'Atlas')
    await expect(input).toHaveValue('Atlas')
    await expect(args.onChange).toHaveBeenCalled()
  },
}

export const Filled: Story = {
  args: { defaultValue: 'Quarterly board pack' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveValue('Quarterly board pack')
  },
}

export const Invalid: Story = {
  args: { invalid: true, defaultValue: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true')
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Read only' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled()
  },
}
