import { Select } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'

const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map(
  (d) => ({ value: d, label: d[0].toUpperCase() + d.slice(1) }),
)

const meta = {
  title: 'Components/Select',
  component: Select,
  args: { value: 'monday', onValueChange: fn(), options: days, 'aria-label': 'Week start day' },
  render: function Render(args) {
    const [value, setValue] = useState(args.value)
    return (
      <Select
        {...args}
        value={value}
        onValueChange={(v) => {
          setValue(v)
          args.onValueChange(v)
        }}
      />
    )
  },
} satisfies Meta<typeof Select>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Week start day' })
    await expect(trigger).toHaveTextContent('Monday')
    await userEvent.click(trigger)
    const option = await screen.findByRole('option', { name: 'Wednesday' })
    await userEvent.click(option)
    await expect(args.onValueChange).toHaveBeenCalledWith('wednesday')
    await waitFor(() => expect(trigger).toHaveTextContent('Wednesday'))
  },
}

export const Placeholder: Story = {
  args: { value: '', placeholder: 'Choose a day' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toHaveTextContent('Choose a day')
  },
}

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toBeDisabled()
  },
}
