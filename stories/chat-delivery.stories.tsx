// Stories for ui/src/components/chat-delivery.tsx and delivery-status.tsx
import { ChatDeliverySettings, type Delivery, DeliveryStatus } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { deliverySent } from './fixtures-week-over-week'

const meta = {
  title: 'Components/ChatDelivery',
  component: ChatDeliverySettings,
  parameters: { layout: 'padded' },
  args: { urls: [], onChange: fn() },
} satisfies Meta<typeof ChatDeliverySettings>
export default meta
type Story = StoryObj<typeof meta>

const SLACK = 'https://hooks.slack.com/services/T0001/B0002/abcdefghijkl'
const TEAMS = 'https://acme.webhook.office.com/webhookb2/0c1d2e3f-aaaa-bbbb'
const JSON_HOOK = 'https://ops.example.org/hooks/cadence-weekly'

export const Empty: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No webhooks yet')).toBeInTheDocument()
    await userEvent.type(canvas.getByRole('textbox', { name: 'Webhook URL' }), `${SLACK}{Enter}`)
    await expect(args.onChange).toHaveBeenCalledWith([SLACK])
  },
}
export const WithWebhooks: Story = {
  args: { urls: [SLACK, TEAMS, JSON_HOOK] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Slack')).toBeInTheDocument()
    await expect(canvas.getByText('Microsoft Teams')).toBeInTheDocument()
    await expect(canvas.getByText('ops.example.org')).toBeInTheDocument()
    // The secret part of a URL is never shown whole.
    await expect(canvas.queryByText(/abcdefghijkl/)).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Slack webhook' }))
    await expect(args.onChange).toHaveBeenCalledWith([TEAMS, JSON_HOOK])
  },
}
export const NotHttps: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Webhook URL' }),
      'http://hooks.slack.com/x{Enter}',
    )
    await expect(canvas.getByRole('alert')).toHaveTextContent('Each webhook must be an https URL')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}
export const ServerRefused: Story = {
  args: {
    urls: [SLACK],
    error: 'A webhook must be on a public host, not this machine or a private network',
  },
}
export const Dark: Story = { args: { urls: [SLACK, TEAMS] }, globals: { theme: 'dark' } }
export const Mobile: Story = {
  args: { urls: [SLACK, TEAMS, JSON_HOOK] },
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

const posted = (
  id: number,
  where: string,
  status: Delivery['status'],
  error: string | null = null,
): Delivery => ({
  ...deliverySent,
  id,
  kind: 'webhook',
  recipients: [where],
  status,
  attempts: status === 'failed' ? 5 : 1,
  last_error: error,
})

/** The report page's status lines: the e-mail, and the newest post to each chat service. */
export const StatusLines: StoryObj<typeof DeliveryStatus> = {
  render: () => (
    <DeliveryStatus
      onRetry={fn()}
      deliveries={[
        posted(12, 'Slack', 'sent'),
        posted(11, 'Microsoft Teams', 'failed', 'Microsoft Teams answered HTTP 404'),
        posted(10, 'ops.example.org', 'pending', 'Could not reach ops.example.org'),
        posted(9, 'Slack', 'failed', 'Slack answered HTTP 500'),
        deliverySent,
      ]}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sent by e-mail to 3 recipients')).toBeInTheDocument()
    await expect(canvas.getByText('Posted to Slack')).toBeInTheDocument()
    await expect(
      canvas.getByText('Post to Microsoft Teams failed: Microsoft Teams answered HTTP 404'),
    ).toBeInTheDocument()
    await expect(canvas.getByText('Posting to ops.example.org…')).toBeInTheDocument()
    await expect(canvas.getAllByRole('button', { name: 'Retry' })).toHaveLength(1)
  },
}
