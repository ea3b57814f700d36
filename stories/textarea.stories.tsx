import { Textarea } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'

const meta = {
  title: 'Components/Textarea',
  component: Textarea,
  args: { 'aria-label': 'Summary', placeholder: "Add a summary of this week's progress..." },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof Textarea>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Summary' })
    await userEvent.type(box, 'Line one{Enter}Line two')
    await expect(box).toHaveValue('Line one\nLine two')
  },
}

export const Invalid: Story = {
  args: { invalid: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true')
  },
}
