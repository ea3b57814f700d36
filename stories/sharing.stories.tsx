import { ShareDialog, type ShareLink, SharingList } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'Components/Sharing',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
const created = fn(async (_days: 7 | 30 | 90 | null) => ({
  url: 'https://cadence.example.com/r/3q2x9VfGk1mXcP8e7Lh0bQ',
  expires_at: '2026-12-24T09:00:00.000Z',
}))
const copied = fn((_url: string) => {})

export const ShareCreatesALink: Story = {
  render: () => (
    <ShareDialog
      open
      onOpenChange={() => {}}
      reportName="the week of Nov 23, 2026"
      onCreate={created}
      onCopy={copied}
      formatDate={formatDate}
    />
  ),
  play: async () => {
    created.mockClear()
    copied.mockClear()
    const dialog = await screen.findByRole('dialog', { name: 'Share a private link' })
    await expect(dialog).toHaveTextContent('without an account')
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Expires after' }))
    await userEvent.click(await screen.findByRole('option', { name: '90 days' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    await waitFor(() => expect(created).toHaveBeenCalledWith(90))
    const link = await within(dialog).findByRole('textbox', { name: 'Link' })
    await expect(link).toHaveValue('https://cadence.example.com/r/3q2x9VfGk1mXcP8e7Lh0bQ')
    await expect(dialog).toHaveTextContent('Works until Dec 24, 2026.')
    await expect(dialog).toHaveTextContent('it is not shown again')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    await expect(copied).toHaveBeenCalledWith(
      'https://cadence.example.com/r/3q2x9VfGk1mXcP8e7Lh0bQ',
    )
  },
}

export const ShareFails: Story = {
  render: () => (
    <ShareDialog
      open
      onOpenChange={() => {}}
      reportName="the week of Nov 23, 2026"
      onCreate={async () => {
        throw new Error('Report not found')
      }}
      onCopy={() => {}}
      formatDate={formatDate}
    />
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Share a private link' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }))
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create the link: Report not found',
    )
  },
}

export const ShareDark: Story = {
  render: () => (
    <ShareDialog
      open
      onOpenChange={() => {}}
      reportName="Apollo beta and Q4 hiring"
      onCreate={created}
      onCopy={() => {}}
      formatDate={formatDate}
    />
  ),
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByRole('dialog')).toHaveTextContent('Apollo beta and Q4 hiring')
  },
}

const NOW = '2026-11-24T12:00:00.000Z'
const links: ShareLink[] = [
  {
    id: 3,
    report_uuid: 'r-3',
    report_title: 'Apollo beta and Q4 hiring',
    week_start_date: '2026-11-23',
    created_at: '2026-11-23T09:00:00.000Z',
    expires_at: '2026-12-24T09:00:00.000Z',
    revoked_at: null,
    views: 4,
    last_viewed_at: '2026-11-24T08:30:00.000Z',
  },
  {
    id: 2,
    report_uuid: 'r-2',
    report_title: null,
    week_start_date: '2026-11-16',
    created_at: '2026-11-16T09:00:00.000Z',
    expires_at: null,
    revoked_at: null,
    views: 0,
    last_viewed_at: null,
  },
  {
    id: 1,
    report_uuid: 'r-1',
    report_title: 'Board brief, October',
    week_start_date: '2026-10-26',
    created_at: '2026-10-26T09:00:00.000Z',
    expires_at: '2026-11-02T09:00:00.000Z',
    revoked_at: null,
    views: 1,
    last_viewed_at: '2026-10-27T10:00:00.000Z',
  },
  {
    id: 0,
    report_uuid: 'r-0',
    report_title: 'Week of Oct 19',
    week_start_date: '2026-10-19',
    created_at: '2026-10-19T09:00:00.000Z',
    expires_at: '2026-11-18T09:00:00.000Z',
    revoked_at: '2026-10-21T09:00:00.000Z',
    views: 2,
    last_viewed_at: '2026-10-20T10:00:00.000Z',
  },
]
const revoked = fn(async (_id: number) => {})

export const SharingSettings: Story = {
  render: () => <SharingList links={links} onRevoke={revoked} formatDate={formatDate} now={NOW} />,
  play: async ({ canvas }) => {
    revoked.mockClear()
    const rows = canvas.getAllByRole('listitem')
    await expect(rows[0]).toHaveTextContent('Active')
    await expect(rows[0]).toHaveTextContent('Opened 4 times, last Nov 24, 2026')
    await expect(rows[1]).toHaveTextContent('Not opened yet · never expires')
    await expect(rows[2]).toHaveTextContent('Expired')
    await expect(rows[3]).toHaveTextContent('Revoked')
    // Only active links can be revoked, and only after a confirmation in place.
    await expect(within(rows[2]).queryByRole('button', { name: 'Revoke' })).toBeNull()
    // Escape backs out and gives focus back to Revoke; then revoke for real.
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Revoke' }))
    await userEvent.keyboard('{Escape}')
    await expect(within(rows[0]).getByRole('button', { name: 'Revoke' })).toHaveFocus()
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Revoke' }))
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Revoke link' }))
    await waitFor(() => expect(revoked).toHaveBeenCalledWith(3))
  },
}

export const SharingEmpty: Story = {
  render: () => <SharingList links={[]} onRevoke={revoked} formatDate={formatDate} now={NOW} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No links yet/)).toBeVisible()
  },
}

export const SharingDark: Story = {
  render: () => <SharingList links={links} onRevoke={revoked} formatDate={formatDate} now={NOW} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4)
  },
}
