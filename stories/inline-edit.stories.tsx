// Stories for ui/src/primitives/inline-edit.tsx
import { InlineEdit } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'Components/InlineEdit',
  component: InlineEdit,
  args: {
    value: 'Q4 planning and board prep',
    onSave: fn(),
    'aria-label': 'Title',
    placeholder: "Add a title for this week's report...",
  },
  render: function Render(args) {
    const [value, setValue] = useState(args.value)
    return (
      <div style={{ maxWidth: 560 }}>
        <InlineEdit
          {...args}
          value={value}
          onSave={(next) => {
            setValue(next)
            args.onSave(next)
          }}
        />
      </div>
    )
  },
} satisfies Meta<typeof InlineEdit>

export default meta
type Story = StoryObj<typeof meta>

export const EnterSaves: Story = {
  parameters: { visual: { showFocus: true } },
  play: async ({ canvas, args }) => {
    const display = canvas.getByRole('button', { name: /^Title:/ })
    await expect(display).toHaveTextContent('Q4 planning and board prep')
    await userEvent.click(display)
    const input = canvas.getByRole('textbox', { name: 'Title' })
    await expect(input).toHaveFocus()
    await userEvent.clear(input)
    await userEvent.type(input, 'Q4 planning{Enter}')
    await expect(args.onSave).toHaveBeenCalledWith('Q4 planning')
    await expect(canvas.getByRole('button', { name: 'Title: Q4 planning' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: /^Title:/ })).toHaveFocus()
  },
}

export const EscapeCancels: Story = {
  play: async ({ canvas, args }) => {
    canvas.getByRole('button', { name: /^Title:/ }).focus()
    await userEvent.keyboard('{Enter}')
    const input = canvas.getByRole('textbox', { name: 'Title' })
    await userEvent.type(input, ' (draft)')
    await userEvent.keyboard('{Escape}')
    await expect(args.onSave).not.toHaveBeenCalled()
    await expect(canvas.getByRole('button', { name: /^Title:/ })).toHaveTextContent(
      'Q4 planning and board prep',
    )
  },
}

export const Empty: Story = {
  args: { value: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /^Title:/ })).toHaveTextContent(
      "Add a title for this week's report...",
    )
  },
}

export const Multiline: Story = {
  args: {
    value: 'Closed the Atlas vendor contract.\nHiring plan approved for Q1.',
    multiline: true,
    'aria-label': 'Summary',
    placeholder: "Add a summary of this week's progress...",
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Summary:/ }))
    const box = canvas.getByRole('textbox', { name: 'Summary' })
    await userEvent.type(box, '{Enter}Budget signed off.')
    // plain Enter is a newline in multi-line text
    await expect(args.onSave).not.toHaveBeenCalled()
    await userEvent.keyboard('{Control>}{Enter}{/Control}')
    await expect(args.onSave).toHaveBeenCalledWith(
      'Closed the Atlas vendor contract.\nHiring plan approved for Q1.\nBudget signed off.',
    )
  },
}

export const UnchangedDoesNotSave: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Title:/ }))
    await userEvent.keyboard('{Enter}')
    await expect(args.onSave).not.toHaveBeenCalled()
  },
}

export const EmptyDark: Story = {
  ...Empty,
  globals: { theme: 'dark' },
}
