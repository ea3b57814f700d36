import { type Delivery, DeliveryOutcome } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { deliveryFailed, deliveryPending, deliverySent } from './fixtures-week-over-week'

// What really happened after Send (ui/src/components/delivery-outcome.tsx), per channel, as the
// retries finish.

const post = (status: Delivery['status'], id: number, error: string | null = null): Delivery => ({
  ...deliverySent,
  id,
  kind: 'webhook',
  recipients: ['Slack'],
  status,
  last_error: error,
})

const meta = {
  title: 'Components/DeliveryOutcome',
  component: DeliveryOutcome,
  args: { deliveries: [deliverySent], sent: true, mailConfigured: true, onRetry: fn() },
} satisfies Meta<typeof DeliveryOutcome>
export default meta
type Story = StoryObj<typeof meta>

export const Delivered: Story = {
  args: { deliveries: [post('sent', 10), deliverySent] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status')[0]).toHaveTextContent('Delivered to 4 · 0 failed')
    await expect(canvas.getByText('Sent by e-mail to 3 recipients')).toBeVisible()
    await expect(canvas.getByText('Posted to Slack')).toBeVisible()
  },
}

export const Sending: Story = {
  args: { deliveries: [post('sent', 10), deliveryPending] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status')[0]).toHaveTextContent(
      'Delivered to 1 · 0 failed · 3 sending',
    )
    await expect(canvas.getByText('Retrying after an error: Connection timed out')).toBeVisible()
  },
}

export const Failed: Story = {
  args: { deliveries: [post('failed', 10, 'HTTP 404'), deliverySent] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('status')[0]).toHaveTextContent('Delivered to 3 · 1 failed')
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(args.onRetry).toHaveBeenCalledWith(10)
  },
}

export const MailFailed: Story = {
  args: { deliveries: [deliveryFailed] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('status')[0]).toHaveTextContent('Delivered to 0 · 3 failed')
    await expect(
      canvas.getByText('E-mail delivery failed: 550 5.1.1 Mailbox unavailable'),
    ).toBeVisible()
  },
}

export const MailNotSetUp: Story = {
  args: { deliveries: [], mailConfigured: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Nothing was e-mailed: mail is not set up',
    )
    await expect(canvas.queryByText(/Delivered to/)).toBeNull()
  },
}

export const MailNotSetUpWithChat: Story = {
  args: { deliveries: [post('sent', 10)], mailConfigured: false },
  play: async ({ canvas }) => {
    const lines = canvas.getAllByRole('status')
    await expect(lines[0]).toHaveTextContent('Delivered to 1 · 0 failed')
    await expect(lines[1]).toHaveTextContent('Nothing was e-mailed: mail is not set up')
  },
}

export const NoRecipients: Story = {
  args: { deliveries: [], mailConfigured: true, recipients: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Nothing was e-mailed: there are no recipients in Settings → Delivery',
    )
  },
}

export const DraftSaysNothing: Story = {
  args: { deliveries: [], sent: false, mailConfigured: false },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="delivery-outcome"]')).toBeNull()
  },
}

export const Dark: Story = {
  ...Failed,
  globals: { theme: 'dark' },
}

export const Mobile: Story = {
  ...Sending,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
