// Stories for ui/src/components/report-delivery-settings.tsx
import { ReportDeliverySettings, type WeekOverWeekSettings } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import * as React from 'react'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'Components/ReportDeliverySettings',
  component: ReportDeliverySettings,
  args: {
    carryOver: true,
    reminderEnabled: true,
    recipients: ['board@example.com', 'ceo@example.com'],
    mailEnabled: true,
    onChange: fn(),
  },
  // Like the app: each change comes back as the saved settings.
  render: function Render(args) {
    const [s, setS] = React.useState<WeekOverWeekSettings>({
      carry_over: args.carryOver,
      reminder_enabled: args.reminderEnabled,
      report_recipients: args.recipients,
    })
    return (
      <ReportDeliverySettings
        {...args}
        carryOver={s.carry_over}
        reminderEnabled={s.reminder_enabled}
        recipients={s.report_recipients}
        onChange={(changes) => {
          args.onChange(changes)
          setS((prev) => ({ ...prev, ...changes }))
        }}
      />
    )
  },
} satisfies Meta<typeof ReportDeliverySettings>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Carry over open items' }))
    await expect(args.onChange).toHaveBeenLastCalledWith({ carry_over: false })
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Weekly reminder e-mail' }))
    await expect(args.onChange).toHaveBeenLastCalledWith({ reminder_enabled: false })
    await expect(canvas.getByRole('checkbox', { name: 'Weekly reminder e-mail' })).not.toBeChecked()

    const input = canvas.getByRole('textbox', { name: 'Recipient e-mail' })
    await userEvent.type(input, 'not-an-email{Enter}')
    await expect(canvas.getByRole('alert')).toHaveTextContent('Valid email is required')
    await expect(args.onChange).toHaveBeenCalledTimes(2)

    await userEvent.clear(input)
    await userEvent.type(input, '  cfo@example.com ')
    await userEvent.click(canvas.getByRole('button', { name: 'Add recipient' }))
    await expect(args.onChange).toHaveBeenLastCalledWith({
      report_recipients: ['board@example.com', 'ceo@example.com', 'cfo@example.com'],
    })
    await expect(canvas.getByText('cfo@example.com')).toBeVisible()
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(input).toHaveValue('')

    await userEvent.click(canvas.getByRole('button', { name: 'Remove ceo@example.com' }))
    await expect(args.onChange).toHaveBeenLastCalledWith({
      report_recipients: ['board@example.com', 'cfo@example.com'],
    })
    await expect(canvas.queryByText('ceo@example.com')).toBeNull()
  },
}

export const Duplicate: Story = {
  name: 'Duplicate address (any case)',
  play: async ({ canvas, args }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Recipient e-mail' }),
      'Board@Example.com{Enter}',
    )
    await expect(canvas.getByRole('alert')).toHaveTextContent('Already a recipient')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const Empty: Story = {
  args: { recipients: [], carryOver: false, reminderEnabled: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No recipients yet')).toBeVisible()
    await expect(canvas.getByRole('checkbox', { name: 'Carry over open items' })).not.toBeChecked()
  },
}

export const MailNotConfigured: Story = {
  args: { mailEnabled: false },
  play: async ({ canvas }) => {
    await expect(
      canvas.getAllByText(
        'Needs e-mail to be configured on the server; nothing is sent until then.',
      ),
    ).toHaveLength(2)
  },
}

export const ServerError: Story = {
  args: { error: 'At most 20 recipients' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('At most 20 recipients')
  },
}

const twenty = Array.from({ length: 20 }, (_, i) =>
  i === 0
    ? 'bartholomew.alexander.featherstonehaugh-montgomery@strategic-partnerships.example.com'
    : `member${String(i + 1).padStart(2, '0')}@example.com`,
)
export const LongContent: Story = {
  name: 'Twenty recipients (the limit)',
  args: { recipients: twenty },
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('button', { name: /^Remove / })).toHaveLength(20)
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Recipient e-mail' }),
      'one.more@example.com{Enter}',
    )
    await expect(canvas.getByRole('alert')).toHaveTextContent('At most 20 recipients')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { mailEnabled: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('board@example.com')).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add recipient' })).toBeVisible()
  },
}
