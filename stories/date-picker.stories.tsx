// Stories for ui/src/primitives/date-picker.tsx
import { DatePicker } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fireEvent, fn } from 'storybook/test'

const meta = {
  title: 'Components/DatePicker',
  component: DatePicker,
  args: { value: '2026-11-20', onChange: fn(), label: 'Mark as Sent' },
  render: function Render(args) {
    const [value, setValue] = useState(args.value)
    return (
      <DatePicker
        {...args}
        value={value}
        onChange={(v) => {
          setValue(v)
          args.onChange(v)
        }}
      />
    )
  },
} satisfies Meta<typeof DatePicker>

export default meta
type Story = StoryObj<typeof meta>

export const WithDate: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText('Mark as Sent')
    await expect(input).toHaveValue('2026-11-20')
    fireEvent.change(input, { target: { value: '2026-11-23' } })
    await expect(args.onChange).toHaveBeenCalledWith('2026-11-23')
    await expect(input).toHaveValue('2026-11-23')
  },
}

export const Empty: Story = {
  args: { value: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Mark as Sent')).toHaveValue('')
  },
}

export const HiddenLabel: Story = {
  args: { hideLabel: true, label: 'Sent date' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Sent date')).toBeVisible()
    await expect(canvas.getByText('Sent date')).toHaveClass('cad-sr-only')
  },
}
