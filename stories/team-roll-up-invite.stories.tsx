// Stories for ui/src/components/team-roll-up.tsx: the Invite dialog saying why a link was not
// e-mailed (the invitation's not_emailed_reason), and the send quota's refusal.
import { formatDate, type Invitation, InviteDialog } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, within } from 'storybook/test'

const meta = {
  title: 'Components/Team roll-up/Invite, not e-mailed',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const answer = (not_emailed_reason: Invitation['not_emailed_reason']): Invitation => ({
  id: 9,
  url: 'https://cadence.example.com/invite/3q2x9VfGk1mXcP8e7Lh0bQ',
  expires_at: '2026-12-09T09:00:00.000Z',
  emailed: false,
  not_emailed_reason,
})

const dialog = (onCreate: () => Promise<Invitation>, smtp = true) => (
  <InviteDialog
    open
    onOpenChange={() => {}}
    memberName="Tom Reed"
    memberEmail="tom@example.com"
    smtp={smtp}
    onCreate={onCreate}
    onCopy={() => {}}
    formatDate={(iso) => formatDate(iso)}
  />
)

/** Creates the invitation and answers the dialog once the link shows. */
async function create() {
  const d = await screen.findByRole('dialog', { name: 'Invite to Cadence' })
  await userEvent.click(within(d).getByRole('button', { name: 'Create invitation' }))
  return d
}

export const WithinTheHour: Story = {
  render: () => dialog(async () => answer('emailed_within_hour')),
  play: async () => {
    const d = await create()
    await within(d).findByRole('textbox', { name: 'Invitation link' })
    await expect(
      within(d).getByText(
        'Not e-mailed: Tom Reed was e-mailed an invitation less than an hour ago, and invitations are e-mailed at most once an hour.',
      ),
    ).toBeVisible()
    await expect(d).toHaveTextContent('Send it to Tom Reed yourself: it is not shown again.')
    await expect(d).not.toHaveTextContent('We also e-mailed it')
  },
}

export const MailServerRefused: Story = {
  render: () => dialog(async () => answer('mail_failed')),
  play: async () => {
    const d = await create()
    await expect(
      await within(d).findByText('Not e-mailed: the mail server did not take the message.'),
    ).toBeVisible()
  },
}

export const MailNotSetUp: Story = {
  render: () => dialog(async () => answer('mail_not_set_up'), false),
  play: async () => {
    const d = await create()
    await expect(
      await within(d).findByText('Not e-mailed: e-mail is not set up on this server.'),
    ).toBeVisible()
  },
}

export const OverTheSendQuota: Story = {
  render: () =>
    dialog(async () => {
      throw new Error('Send limit reached: at most 20 sends an hour and 100 a day; try again later')
    }),
  play: async () => {
    const d = await create()
    await expect(await within(d).findByRole('alert')).toHaveTextContent(
      'Failed to create the invitation: Send limit reached: at most 20 sends an hour and 100 a day; try again later',
    )
    await expect(within(d).queryByRole('textbox', { name: 'Invitation link' })).toBeNull()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => dialog(async () => answer('emailed_within_hour')),
  play: async () => {
    const d = await create()
    await within(d).findByText(/^Not e-mailed: Tom Reed was e-mailed/)
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => dialog(async () => answer('emailed_within_hour')),
  play: async () => {
    const d = await create()
    await within(d).findByText(/^Not e-mailed: Tom Reed was e-mailed/)
  },
}
