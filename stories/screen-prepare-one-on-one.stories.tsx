// Stories for ui/src/screens/prepare-one-on-one.tsx
import { PrepareOneOnOneView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import * as React from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { projects } from './fixtures'
import { emptyPrep, longPrep, prep } from './fixtures-week-over-week'

const meta = {
  title: 'Screens/PrepareOneOnOne',
  component: PrepareOneOnOneView,
  args: { data: prep, projects, onPrint: fn(), onToggleTalkingPoint: fn() },
} satisfies Meta<typeof PrepareOneOnOneView>
export default meta
type Story = StoryObj<typeof meta>

const section = (canvas: ReturnType<typeof within>, name: string) =>
  within(canvas.getByRole('region', { name }))

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Prepare 1:1 with Maya Chen' }),
    ).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to Maya Chen' })).toHaveAttribute(
      'href',
      '/team-members/m-maya',
    )

    const talking = section(canvas, 'Talking points')
    await expect(talking.getByText('Promotion case for Priya')).toBeVisible()
    await userEvent.click(
      talking.getByRole('checkbox', { name: 'Covered: Promotion case for Priya' }),
    )
    await expect(args.onToggleTalkingPoint).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1, content: 'Promotion case for Priya' }),
      true,
    )

    await expect(
      section(canvas, 'Covered last time').getByText('Q4 budget for conferences'),
    ).toBeVisible()
    // What Maya completed since the last 1:1: report items with their report, and her own.
    const completed = section(canvas, 'Completed since the last 1:1 (Nov 16, 2026)')
    await expect(completed.getByText('Ship the Atlas migration runbook')).toBeVisible()
    await expect(completed.getByText('Follow-up')).toBeVisible()
    await expect(completed.getByText('Book the platform offsite')).toBeVisible()
    await expect(completed.getByText('3')).toBeVisible()

    const tasks = section(canvas, 'Assigned tasks')
    await expect(tasks.getByText('Hire a staff engineer for the platform team')).toBeVisible()
    await expect(
      tasks.getAllByRole('link', { name: 'Apollo beta and Q4 hiring' })[0],
    ).toHaveAttribute('href', '/reports/r-1')
    await expect(tasks.getAllByText('week of Nov 16, 2026')).toHaveLength(2)
    // the age as a short chip ('3w', amber when stalled), the sentence its tooltip
    const stalled = tasks.getByTitle(/^Stalled, open 3 weeks, since the report of Oct 26/)
    await expect(stalled).toHaveAttribute('data-stalled', 'true')
    await expect(within(stalled).getByText('3w')).toBeVisible()

    await expect(
      section(canvas, 'Assigned follow-ups').getByTitle(/^Open 1 week, since the report of Nov 9/),
    ).toHaveTextContent(/^1w/)
    await expect(
      section(canvas, 'Standalone tasks').getByText('Draft platform team charter'),
    ).toBeVisible()
    await expect(
      section(canvas, 'Standalone follow-ups').getByText('Share Atlas postmortem'),
    ).toBeVisible()

    await userEvent.click(canvas.getByRole('button', { name: 'Print' }))
    await expect(args.onPrint).toHaveBeenCalledOnce()
  },
}

/** The app covers the point and the prep answers it covered: it stays in place, struck through. */
export const CoveringTalkingPoint: Story = {
  render: function Render(args) {
    const [data, setData] = React.useState(args.data)
    return (
      <PrepareOneOnOneView
        {...args}
        data={data}
        onToggleTalkingPoint={(entry, covered) => {
          args.onToggleTalkingPoint(entry, covered)
          setData((d) =>
            d
              ? {
                  ...d,
                  talkingPoints: d.talkingPoints.map((t) =>
                    t.id === entry.id ? { ...t, is_completed: covered } : t,
                  ),
                }
              : d,
          )
        }}
      />
    )
  },
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'Covered: On-call load after Apollo beta' })
    await userEvent.click(box)
    await expect(box).toBeChecked()
    await userEvent.click(box)
    await expect(args.onToggleTalkingPoint).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 5 }),
      false,
    )
    await expect(box).not.toBeChecked()
  },
}

export const Empty: Story = {
  args: { data: emptyPrep, backHref: '/team-members/m-lena?tab=talking-points' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Prepare 1:1 with Lena Fischer')).toBeVisible()
    // No 1:1 on record: the last two weeks.
    await expect(
      canvas.getByRole('region', { name: 'Completed in the last two weeks' }),
    ).toBeVisible()
    for (const text of [
      'No pending talking points',
      'Nothing was covered last time',
      'Nothing completed since then',
      'No open assigned tasks',
      'No open assigned follow-ups',
      'No standalone tasks',
      'No standalone follow-ups',
    ])
      await expect(canvas.getByText(text)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to Lena Fischer' })).toHaveAttribute(
      'href',
      '/team-members/m-lena?tab=talking-points',
    )
  },
}

export const LongContent: Story = {
  args: { data: longPrep },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Prepare 1:1 with Bartholomew Alexander/)).toBeVisible()
    await expect(section(canvas, 'Assigned tasks').getAllByTitle(/^Stalled, open/)).toHaveLength(12)
    await expect(section(canvas, 'Talking points').getAllByRole('checkbox')).toHaveLength(10)
  },
}

export const NotFound: Story = {
  args: { data: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Team member not found')).toBeVisible()
  },
}

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/Prepare 1:1 with/)).toBeNull()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Prepare 1:1 with Maya Chen')).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Print' })).toBeVisible()
    await expect(canvas.getByText('Check the Atlas rollback plan with SRE')).toBeVisible()
  },
}
