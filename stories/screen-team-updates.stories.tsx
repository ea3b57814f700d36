import { formatDate, TeamUpdatesView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { teamUpdates } from './fixtures-team'

const meta = {
  title: 'Screens/Team updates',
  component: TeamUpdatesView,
  parameters: { layout: 'fullscreen' },
  args: {
    weekLabel: 'Week of Nov 23, 2026',
    onPrevWeek: fn(),
    onNextWeek: fn(),
    updates: teamUpdates,
    onPullItem: fn(),
    onPullSection: fn(),
    formatDate,
  },
} satisfies Meta<typeof TeamUpdatesView>

export default meta
type Story = StoryObj<typeof meta>

export const SentAndWaiting: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Team updates' })).toBeVisible()
    await expect(canvas.getByText('Sent: 1 of 2')).toBeVisible()
    await expect(canvas.getByText('Not sent yet: Ana Ruiz')).toBeVisible()
    const report = canvas.getByRole('article', { name: "Tom Reed's report" })
    await expect(within(report).getByRole('table')).toBeVisible()
    await expect(within(report).getByText('In your report')).toBeVisible()
    await userEvent.click(
      within(report).getByRole('button', {
        name: 'Add to my report: Closed the hiring loop for two senior engineers',
      }),
    )
    await expect(args.onPullItem).toHaveBeenCalledWith(202)
    await userEvent.click(
      within(report).getByRole('button', { name: 'Add section to my report: Highlights' }),
    )
    await expect(args.onPullSection).toHaveBeenCalledWith(11, [202])
    await userEvent.click(canvas.getByRole('button', { name: 'Previous week' }))
    await expect(args.onPrevWeek).toHaveBeenCalled()
  },
}

export const Loading: Story = {
  args: { updates: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading team updates')).toBeInTheDocument()
  },
}

export const NoOneLinked: Story = {
  args: { updates: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No one on your team has joined Cadence yet')).toBeVisible()
  },
}

export const NobodySentYet: Story = {
  args: { updates: teamUpdates.map((u) => ({ ...u, report: null })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sent: 0 of 2')).toBeVisible()
    await expect(canvas.getByText('Not sent yet: Ana Ruiz, Tom Reed')).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article', { name: "Tom Reed's report" })).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sent: 1 of 2')).toBeVisible()
  },
}
