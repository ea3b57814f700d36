// Stories for ui/src/components/create-report-dialog.tsx
import { CreateReportDialog } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import * as React from 'react'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { TODAY } from './composite-fixtures'

const meta = {
  title: 'Components/CreateReportDialog',
  component: CreateReportDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onSubmit: fn(),
    today: TODAY,
    startDay: 'monday',
    endDay: 'friday',
    carryOver: false,
    onCarryOverChange: fn(),
  },
  render: function Render(args) {
    const [carry, setCarry] = React.useState(args.carryOver)
    return (
      <CreateReportDialog
        {...args}
        carryOver={carry}
        onCarryOverChange={(v) => {
          setCarry(v)
          args.onCarryOverChange?.(v)
        }}
      />
    )
  },
} satisfies Meta<typeof CreateReportDialog>

export default meta
type Story = StoryObj<typeof meta>

const open = () => screen.findByRole('dialog', { name: 'Create New Weekly Report' })

export const Empty: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await expect(within(dialog).getByText('This week')).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Report' }))
    // title and summary are optional
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        week_start_date: '2026-11-16',
        carry_over: false,
      }),
    )
  },
}

export const Typical: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous week' }))
    await expect(within(dialog).getByText('1 week ago')).toBeVisible()
    await userEvent.type(within(dialog).getByLabelText('Title (optional)'), 'Cut-over week')
    await userEvent.type(within(dialog).getByLabelText('Summary (optional)'), 'Migration done.')
    const carry = within(dialog).getByRole('checkbox', {
      name: 'Carry over open items from the previous report',
    })
    await userEvent.click(carry)
    await expect(args.onCarryOverChange).toHaveBeenCalledWith(true)
    await expect(carry).toBeChecked()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Report' }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        week_start_date: '2026-11-09',
        title: 'Cut-over week',
        summary: 'Migration done.',
        carry_over: true,
      }),
    )
  },
}

export const LongContent: Story = {
  args: {
    onSubmit: fn(async () =>
      Promise.reject(new Error('A report already exists for this week. Opening it now...')),
    ),
  },
  play: async ({ args }) => {
    const dialog = await open()
    const next = within(dialog).getByRole('button', { name: 'Next week' })
    for (let i = 0; i < 53; i++) await userEvent.click(next)
    // the week selector stops at +52
    await expect(within(dialog).getByText('In 52 weeks')).toBeVisible()
    await expect(next).toBeDisabled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Report' }))
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A report already exists for this week',
    )
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByText('Nov 16 - Nov 20, 2026')).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { carryOver: true },
  play: async () => {
    const dialog = await open()
    await expect(
      within(dialog).getByRole('checkbox', {
        name: 'Carry over open items from the previous report',
      }),
    ).toBeChecked()
  },
}

// Week over week: uncontrolled, the checkbox starts from the user's setting.
export const CarryOverFromSetting: Story = {
  render: (args) => (
    <CreateReportDialog
      open={args.open}
      onOpenChange={args.onOpenChange}
      onSubmit={args.onSubmit}
      today={args.today}
      defaultCarryOver
    />
  ),
  play: async ({ args }) => {
    const dialog = await open()
    const carry = within(dialog).getByRole('checkbox', {
      name: 'Carry over open items from the previous report',
    })
    await expect(carry).toBeChecked()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Report' }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        week_start_date: '2026-11-16',
        carry_over: true,
      }),
    )
  },
}

export const CarryOverOff: Story = {
  name: 'Carry over switched off',
  render: (args) => (
    <CreateReportDialog
      open={args.open}
      onOpenChange={args.onOpenChange}
      onSubmit={args.onSubmit}
      today={args.today}
      defaultCarryOver
    />
  ),
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'Carry over open items from the previous report',
      }),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Report' }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        week_start_date: '2026-11-16',
        carry_over: false,
      }),
    )
  },
}
