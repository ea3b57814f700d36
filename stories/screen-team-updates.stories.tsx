import { formatDate, TeamUpdatesView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { allPulledUpdates, teamUpdates } from './fixtures-team'

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
    await expect(report).toHaveTextContent('Apollo beta week')
    await expect(report).toHaveTextContent('Beta opened to 40 partners; one vendor risk left.')
    await expect(report).toHaveTextContent('Sent Nov 27, 2026')
    await expect(within(report).getByRole('table')).toBeVisible()
    // A pulled item says so and is no button; a completed one is marked for screen readers too.
    await expect(within(report).getByText('In your report')).toBeVisible()
    await expect(
      within(report).queryByRole('button', {
        name: 'Add to my report: Apollo beta opened to 40 design partners',
      }),
    ).toBeNull()
    await expect(within(report).getByText('Publish the beta feedback survey')).toHaveTextContent(
      '(completed)',
    )
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
    await userEvent.click(
      within(report).getByRole('button', { name: 'Add section to my report: Tasks' }),
    )
    await expect(args.onPullSection).toHaveBeenLastCalledWith(12, [203, 204])
    await expect(canvas.getByText('Week of Nov 23, 2026')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Previous week' }))
    await expect(args.onPrevWeek).toHaveBeenCalledTimes(1)
    await userEvent.click(canvas.getByRole('button', { name: 'Next week' }))
    await expect(args.onNextWeek).toHaveBeenCalledTimes(1)
  },
}

export const Loading: Story = {
  args: { updates: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading team updates')).toBeInTheDocument()
    await expect(canvas.queryByText(/^Sent:/)).toBeNull()
  },
}

/** Offline on a week never read: it says why in words instead of loading for ever. */
export const OfflineWeekNotRead: Story = {
  args: {
    updates: null,
    error: 'You are offline — this will be possible when you are back online',
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        "This week's updates could not be loaded. You are offline — this will be possible when you are back online",
      ),
    ).toBeInTheDocument()
    await expect(canvas.queryByText('Loading team updates')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Previous week' })).toBeEnabled()
  },
}

export const NoOneLinked: Story = {
  args: { updates: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No one on your team has joined Cadence yet.')).toBeVisible()
    await expect(canvas.getByText('Invite them from their page under Team.')).toBeVisible()
    await expect(canvas.queryByText(/^Sent:/)).toBeNull()
  },
}

export const NobodySentYet: Story = {
  args: { updates: teamUpdates.map((u) => ({ ...u, report: null })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sent: 0 of 2')).toBeVisible()
    await expect(canvas.getByText('Not sent yet: Ana Ruiz, Tom Reed')).toBeVisible()
  },
}

/** Everything already pulled: no 'Add' buttons left, each item says it is in the report. */
export const EverythingPulled: Story = {
  args: { updates: allPulledUpdates },
  play: async ({ canvas }) => {
    const report = canvas.getByRole('article', { name: "Tom Reed's report" })
    await expect(within(report).getAllByText('In your report')).toHaveLength(4)
    await expect(within(report).queryByRole('button')).toBeNull()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByRole('article', { name: "Tom Reed's report" })).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sent: 1 of 2')).toBeVisible()
    // On a phone every item keeps its button in view (the health table scrolls in its own box).
    const add = canvas.getByRole('button', {
      name: 'Add to my report: Get the SDK date from the vendor in writing',
    })
    await expect(add).toBeVisible()
    await expect(add.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
}
