// Stories for ui/src/components/member-nudge.tsx
import { formatDate, MemberNudge } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

const due = { week_start_date: '2026-11-23', sent: false, nudged_at: null, mail: true }

const meta = {
  title: 'Components/MemberNudge',
  component: MemberNudge,
  args: {
    name: 'Elena Rossi',
    status: due,
    onNudge: fn(async () => {}),
    onCopy: fn(),
    appUrl: 'https://cadence.example.com',
    formatDate,
  },
} satisfies Meta<typeof MemberNudge>
export default meta
type Story = StoryObj<typeof meta>

export const Due: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No update from Elena Rossi this week yet.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Nudge' }))
    await expect(args.onNudge).toHaveBeenCalledTimes(1)
  },
}

export const Nudged: Story = {
  args: { status: { ...due, nudged_at: '2026-11-25T10:00:00.000Z' } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'No update from Elena Rossi this week yet · nudged Nov 25, 2026 (one nudge a week)',
      ),
    ).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Nudge' })).toBeNull()
  },
}

export const WithoutMail: Story = {
  args: { status: { ...due, mail: false } },
  play: async ({ canvas, args }) => {
    const copy = canvas.getByRole('button', { name: 'Copy a nudge' })
    // The button says why: mail is not set up.
    await expect(copy).toHaveAccessibleDescription(
      'E-mail is not set up on this server, so Cadence cannot nudge Elena Rossi: copy this message and send it yourself.',
    )
    await userEvent.click(copy)
    const text =
      'Hi Elena, a quick nudge: could you send your weekly update for the week of Nov 23, 2026? You can write it in Cadence: https://cadence.example.com/reports'
    await expect(args.onCopy).toHaveBeenCalledWith(text)
    await expect(canvas.getByText(text)).toBeVisible()
  },
}

export const Sent: Story = {
  args: { status: { ...due, sent: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Elena Rossi sent this week's update.")).toBeVisible()
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

export const NotLinked: Story = {
  args: { status: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('')
  },
}

export const WithoutMailMobile: Story = {
  args: { status: { ...due, mail: false } },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Copy a nudge' })).toBeVisible()
  },
}

export const DueDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Nudge' })).toBeVisible()
  },
}

export const NudgedDark: Story = {
  args: { status: { ...due, nudged_at: '2026-11-25T10:00:00.000Z' } },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/nudged Nov 25, 2026/)).toBeVisible()
  },
}
