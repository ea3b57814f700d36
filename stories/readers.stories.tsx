// Stories for ui/src/components/readers.tsx: "Changes not sent" and the report's readers.
import { formatDate, type Reader, ReadersList, UnsentChangesNotice } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'

const meta = {
  title: 'Components/Readers',
  parameters: { layout: 'padded' },
} satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const sendUpdate = fn()

const readers: Reader[] = [
  {
    share_id: 11,
    recipient_email: 'maria.alvarez@board.example',
    name: 'Maria Alvarez',
    edition_number: 2,
    opened_at: '2026-11-28T09:12:00.000Z',
    acknowledged_at: '2026-11-28T09:20:00.000Z',
    revoked_at: null,
  },
  {
    share_id: 12,
    recipient_email: 'rob.chen@harbor-ventures.example',
    name: null,
    edition_number: 1,
    opened_at: '2026-11-27T18:40:00.000Z',
    acknowledged_at: null,
    revoked_at: null,
  },
  {
    share_id: 13,
    recipient_email: 'cfo@northwind.example',
    name: null,
    edition_number: null,
    opened_at: null,
    acknowledged_at: null,
    revoked_at: null,
  },
  {
    share_id: 14,
    recipient_email: null,
    name: 'Lena Park',
    edition_number: 2,
    opened_at: '2026-11-28T11:05:00.000Z',
    acknowledged_at: '2026-11-28T11:06:00.000Z',
    revoked_at: null,
  },
]

export const ChangesNotSent: Story = {
  render: () => (
    <UnsentChangesNotice
      changes={{
        since_edition: 1,
        added: 2,
        completed: 1,
        edited: 1,
        removed: 0,
        health_changed: 1,
      }}
      onSendUpdate={sendUpdate}
    />
  ),
  play: async ({ canvas }) => {
    sendUpdate.mockClear()
    const notice = canvas.getByRole('region', { name: 'Changes not sent' })
    await expect(notice).toHaveTextContent(
      "Readers have edition 1; since then: 2 items added · 1 completed · 1 edited · 1 project's health.",
    )
    // Nothing removed: not said.
    await expect(notice).not.toHaveTextContent('removed')
    await userEvent.click(within(notice).getByRole('button', { name: 'Send update' }))
    await expect(sendUpdate).toHaveBeenCalledTimes(1)
  },
}
export const ChangesNotSentDark: Story = { ...ChangesNotSent, globals: { theme: 'dark' } }

export const ReadersOfAReport: Story = {
  render: () => <ReadersList readers={readers} formatDate={formatDate} />,
  play: async ({ canvas }) => {
    const list = canvas.getByRole('region', { name: 'Readers' })
    await expect(list).toHaveTextContent('3 of 4 opened · 2 said thanks')
    const rows = within(list).getAllByRole('row').slice(1)
    await expect(rows).toHaveLength(4)
    // Each recipient by address, with the edition they opened last and their thanks.
    await expect(rows[0]).toHaveTextContent('maria.alvarez@board.example')
    await expect(rows[0]).toHaveTextContent('Edition 2')
    await expect(rows[0]).toHaveTextContent('Nov 28, 2026')
    await expect(rows[1]).toHaveTextContent('Edition 1')
    await expect(rows[2]).toHaveTextContent('Not opened')
    // An anonymous link says so, with the name its reader gave.
    await expect(rows[3]).toHaveTextContent('Private link (Lena Park)')
  },
}
export const ReadersNone: Story = {
  render: () => <ReadersList readers={[]} formatDate={formatDate} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No one has a link to this report yet.')).toBeVisible()
  },
}
export const ReadersMobile: Story = {
  ...ReadersOfAReport,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
export const ReadersDark: Story = { ...ReadersOfAReport, globals: { theme: 'dark' } }
