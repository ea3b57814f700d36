import { memoBriefOf, ReportMemo, type ReportViewReport, SendReviewDialog } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ComponentProps } from 'react'
import { expect, fireEvent, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { fullReport, members, projects } from './fixtures'
import { emailHtml, emailSubject } from './fixtures-email'

// The review step between Send and sending (ui/src/components/send-review-dialog.tsx): the brief
// as readers get it, who gets it by which channel, what will not happen, a second question for an
// untitled or empty report, and 'Send update' with its note for a sent one.

const meta = {
  title: 'Components/SendReviewDialog',
  parameters: { layout: 'padded' },
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const send = fn(async () => {})
const sendUpdate = fn(async (_note: string | undefined) => {})
const copyLink = fn(async () => {})
const emails = ['board@example.com', 'ceo@example.com']
const slack = 'https://hooks.slack.com/services/T000/B000/XXXX'
const teams = 'https://contoso.webhook.office.com/webhookb2/abc'

const brief = (report: ReportViewReport = fullReport) => (
  <ReportMemo
    brief={memoBriefOf(report, projects, members, {
      author: { name: 'Dana Whitfield', title: 'Chief Executive' },
      organisationName: 'Northwind Labs',
    })}
    edition={{ number: 1, sent_at: '2026-11-20', note: null }}
  />
)
const emptyReport: ReportViewReport = {
  ...fullReport,
  title: null,
  summary: null,
  sections: (fullReport.sections ?? []).map((s) => ({ ...s, items: [] })),
}

/** The review step of a report to send, with what a story is about given in `props`. */
const review = (props: Partial<ComponentProps<typeof SendReviewDialog>>) => (
  <SendReviewDialog
    open
    onOpenChange={() => {}}
    mode="send"
    brief={brief()}
    audience={{ emails, webhooks: [], mailConfigured: true }}
    onSend={send}
    {...props}
  />
)

const reset = () => {
  send.mockClear()
  sendUpdate.mockClear()
  copyLink.mockClear()
}

export const MailSetUp: Story = {
  render: () => review({ onCopyLink: copyLink }),
  play: async () => {
    reset()
    const dialog = await screen.findByRole('dialog', { name: 'Review and send' })
    const who = within(dialog).getByRole('list', { name: 'Recipients' })
    await expect(within(who).getAllByRole('listitem')).toHaveLength(2)
    await expect(who).toHaveTextContent('board@example.com')
    await expect(who).toHaveTextContent('e-mail with the whole brief')
    await expect(dialog).not.toHaveTextContent('mail is not set up')
    await expect(dialog).toHaveTextContent('Reaches 2 people by e-mail')
    // The brief as readers get it.
    const memo = within(dialog).getByRole('region', { name: 'The brief' })
    await expect(within(memo).getByRole('heading', { name: 'Weekly Report' })).toBeVisible()
    await expect(memo).toHaveTextContent('End of Report')
    // Nothing is offered instead: mail goes out.
    await expect(within(dialog).queryByRole('button', { name: /private link/ })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }))
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1))
  },
}

export const MailNotSetUp: Story = {
  render: () =>
    review({ audience: { emails, webhooks: [], mailConfigured: false }, onCopyLink: copyLink }),
  play: async () => {
    reset()
    const dialog = await screen.findByRole('dialog', { name: 'Review and send' })
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Nothing will be e-mailed: mail is not set up.',
    )
    // The button says what will happen: nothing is sent, the report is marked sent.
    await expect(within(dialog).queryByRole('button', { name: 'Send now' })).toBeNull()
    await expect(within(dialog).getByRole('button', { name: 'Mark as sent' })).toBeEnabled()
    await expect(dialog).toHaveTextContent('Reaches no one directly')
    await expect(within(dialog).getByRole('list', { name: 'Recipients' })).toHaveTextContent(
      'not e-mailed (mail is not set up)',
    )
    await expect(dialog).toHaveTextContent('No one will receive it from Cadence')
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Copy a private link instead' }),
    )
    await waitFor(() => expect(copyLink).toHaveBeenCalledTimes(1))
    await expect(
      await within(dialog).findByRole('button', { name: 'Link copied' }),
    ).toBeInTheDocument()
    await expect(send).not.toHaveBeenCalled()
  },
}

export const Webhooks: Story = {
  render: () =>
    review({
      audience: { emails: [], webhooks: [slack, teams], mailConfigured: true },
      onCopyLink: copyLink,
    }),
  play: async () => {
    reset()
    const dialog = await screen.findByRole('dialog', { name: 'Review and send' })
    const who = within(dialog).getByRole('list', { name: 'Recipients' })
    await expect(who).toHaveTextContent('No e-mail recipients: add them in Settings → Delivery.')
    await expect(who).toHaveTextContent('Slack')
    await expect(who).toHaveTextContent('Microsoft Teams')
    await expect(who).toHaveTextContent('with a private link')
    await expect(dialog).toHaveTextContent('Reaches 2 chat channels')
    // Nobody is e-mailed: the button marks it sent.
    await expect(within(dialog).getByRole('button', { name: 'Mark as sent' })).toBeVisible()
    // A webhook's address is a credential: never shown.
    await expect(dialog).not.toHaveTextContent('hooks.slack.com')
    await expect(dialog).not.toHaveTextContent('No one will receive it')
  },
}

export const EmptyReport: Story = {
  render: () => review({ brief: brief(emptyReport), untitled: true, empty: true }),
  play: async () => {
    reset()
    const dialog = await screen.findByRole('dialog', { name: 'Review and send' })
    const sendNow = within(dialog).getByRole('button', { name: 'Send now' })
    await expect(sendNow).toBeDisabled()
    const anyway = within(dialog).getByRole('checkbox', {
      name: 'This report has no title and has no items. Send it anyway',
    })
    await userEvent.click(anyway)
    await expect(sendNow).toBeEnabled()
    await userEvent.click(sendNow)
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1))
  },
}

/** Issue 46: metrics left empty are named before the Send (readers would see 'Not entered'). */
export const EmptyMetrics: Story = {
  render: () => review({ emptyMetrics: ['ARR', 'Net promoter score'] }),
  play: async () => {
    reset()
    const dialog = await screen.findByRole('dialog', { name: 'Review and send' })
    await expect(dialog).toHaveTextContent(
      '2 metrics, ARR and Net promoter score, have no value this week: readers will see “Not entered”.',
    )
    // A warning, not a question: Send stays enabled.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }))
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1))
  },
}

export const EmptyMetricsNone: Story = {
  render: () => review({ emptyMetrics: [] }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Review and send' })
    await expect(dialog).not.toHaveTextContent('Not entered')
  },
}

export const UpdateWithNote: Story = {
  render: () =>
    review({
      mode: 'update',
      audience: { emails, webhooks: [slack], mailConfigured: true },
      onSendUpdate: sendUpdate,
    }),
  play: async () => {
    reset()
    const dialog = await screen.findByRole('dialog', { name: 'Send an update' })
    const note = within(dialog).getByRole('textbox', { name: 'What changed (optional)' })
    const button = within(dialog).getByRole('button', { name: 'Send update' })
    fireEvent.change(note, { target: { value: 'x'.repeat(281) } })
    await expect(dialog).toHaveTextContent('At most 280 characters')
    await expect(button).toBeDisabled()
    await userEvent.clear(note)
    await userEvent.type(note, 'Corrected the Apollo launch date')
    await expect(dialog).toHaveTextContent('32/280')
    await userEvent.click(button)
    await waitFor(() => expect(sendUpdate).toHaveBeenCalledWith('Corrected the Apollo launch date'))
    await expect(send).not.toHaveBeenCalled()
  },
}

export const SendFails: Story = {
  render: () =>
    review({
      onSend: async () => {
        throw new Error('Network error')
      },
    }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Review and send' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }))
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to send: Network error',
    )
  },
}

export const Dark: Story = {
  ...MailNotSetUp,
  globals: { theme: 'dark' },
}

export const Mobile: Story = {
  ...MailSetUp,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

// The review step shows the e-mail itself (issue 41): its subject, then the message the server's
// e-mail renderer made, in a sandboxed frame (no script, no same origin), in place of the memo.
export const Email: Story = {
  render: () =>
    review({
      email: { subject: emailSubject, html: emailHtml },
      audience: { emails, webhooks: [slack], mailConfigured: true },
    }),
  play: async () => {
    reset()
    const dialog = await screen.findByRole('dialog', { name: 'Review and send' })
    await expect(dialog).toHaveTextContent('This is the e-mail as recipients will get it')
    await expect(dialog).toHaveTextContent('Reaches 2 people by e-mail and 1 chat channel')
    const email = within(dialog).getByRole('region', { name: 'The e-mail' })
    await expect(email).toHaveTextContent(emailSubject)
    const frame = within(email).getByTitle('The e-mail as recipients get it') as HTMLIFrameElement
    await expect(frame).toHaveAttribute('sandbox', '')
    await expect(frame.getAttribute('srcdoc')).toContain('Read online')
    // The memo is not shown beside it: one brief, the one that goes out.
    await expect(within(dialog).queryByRole('region', { name: 'The brief' })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }))
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1))
  },
}
export const EmailMobile: Story = {
  ...Email,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
export const EmailDark: Story = {
  ...Email,
  globals: { theme: 'dark' },
}
/** Mail not set up: nobody gets the e-mail, so the review shows the brief link readers see. */
export const EmailWithoutMail: Story = {
  render: () =>
    review({
      email: { subject: emailSubject, html: emailHtml },
      audience: { emails, webhooks: [], mailConfigured: false },
    }),
  play: async () => {
    reset()
    const dialog = await screen.findByRole('dialog', { name: 'Review and send' })
    await expect(within(dialog).queryByRole('region', { name: 'The e-mail' })).toBeNull()
    await expect(within(dialog).getByRole('region', { name: 'The brief' })).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: 'Mark as sent' })).toBeVisible()
  },
}
