// Stories for ui/src/components/week-selector.tsx
import { WeekSelector } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent } from 'storybook/test'

const today = new Date(2026, 10, 19) // Thu 19 Nov 2026

const meta = {
  title: 'Components/WeekSelector',
  component: WeekSelector,
  args: { offset: 0, onOffsetChange: fn(), startDay: 'monday', endDay: 'friday', today },
  render: function Render(args) {
    const [offset, setOffset] = useState(args.offset)
    return (
      <WeekSelector
        {...args}
        offset={offset}
        onOffsetChange={(n) => {
          setOffset(n)
          args.onOffsetChange(n)
        }}
      />
    )
  },
} satisfies Meta<typeof WeekSelector>

export default meta
type Story = StoryObj<typeof meta>

export const ThisWeek: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Nov 16 - Nov 20, 2026')).toBeVisible()
    await expect(canvas.getByText('This week')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Previous week' }))
    await expect(args.onOffsetChange).toHaveBeenCalledWith(-1)
    await expect(canvas.getByText('Nov 9 - Nov 13, 2026')).toBeVisible()
    await expect(canvas.getByText('1 week ago')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Today' }))
    await expect(canvas.getByText('This week')).toBeVisible()
  },
}

export const SundayToSaturday: Story = {
  args: { startDay: 'sunday', endDay: 'saturday', offset: 2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nov 29 - Dec 5, 2026')).toBeVisible()
    await expect(canvas.getByText('In 2 weeks')).toBeVisible()
  },
}

export const OldestWeek: Story = {
  args: { offset: -52 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('52 weeks ago')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Previous week' })).toBeDisabled()
    await userEvent.click(canvas.getByRole('button', { name: 'Next week' }))
    await expect(args.onOffsetChange).toHaveBeenCalledWith(-51)
  },
}

export const FurthestWeek: Story = {
  args: { offset: 52 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('In 52 weeks')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Next week' })).toBeDisabled()
  },
}

export const Dark: Story = {
  args: { offset: -3 },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('3 weeks ago')).toBeVisible()
  },
}
