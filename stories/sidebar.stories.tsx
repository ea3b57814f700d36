import { Sidebar, type SidebarTab } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import * as React from 'react'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import {
  manyMembers,
  manyProjects,
  manyReports,
  members,
  projects,
  reports,
  TODAY,
} from './composite-fixtures'

function Controlled(props: React.ComponentProps<typeof Sidebar>) {
  const [tab, setTab] = React.useState<SidebarTab>(props.tab)
  return (
    <div
      style={{
        width: 280,
        border: '1px solid var(--cad-border)',
        background: 'var(--cad-surface)',
      }}
    >
      <Sidebar
        {...props}
        tab={tab}
        onTabChange={(t) => {
          setTab(t)
          props.onTabChange(t)
        }}
      />
    </div>
  )
}

const meta = {
  title: 'Components/Sidebar',
  component: Sidebar,
  render: (args) => <Controlled {...args} />,
  args: {
    tab: 'reports',
    onTabChange: fn(),
    reports,
    projects,
    members,
    today: TODAY,
    startDay: 'monday',
    endDay: 'friday',
    onAddReport: fn(),
    onAddTeamMember: fn(),
    onAddProject: fn(),
  },
} satisfies Meta<typeof Sidebar>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  args: { reports: [], projects: [], members: [] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No reports yet')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Add New Report' }))
    await expect(args.onAddReport).toHaveBeenCalledOnce()
    await userEvent.click(canvas.getByRole('tab', { name: 'Projects' }))
    await expect(await canvas.findByText('No active projects')).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Team' }))
    await expect(await canvas.findByText('No team members yet')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Add New Team Member' }))
    await expect(args.onAddTeamMember).toHaveBeenCalledOnce()
  },
}

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('This Week')).toBeVisible()
    const thisWeek = canvas.getByRole('link', { name: /Migration cut-over week/ })
    await expect(thisWeek).toHaveAttribute('href', '/reports/report-1')
    await expect(within(thisWeek).getByText('Draft')).toBeVisible()
    await expect(within(thisWeek).getByText('Nov 16 - Nov 20, 2026')).toBeVisible()
    await expect(canvas.getByText('Recent Reports')).toBeVisible()
    // a report without a title
    await expect(canvas.getByRole('link', { name: /Untitled Report/ })).toBeVisible()
    // older reports sit in collapsed 3-month buckets with a count
    const bucket = canvas.getByRole('button', { name: /Jul - Sep 2026/ })
    await expect(bucket).toHaveAttribute('aria-expanded', 'false')
    await expect(bucket).toHaveTextContent('2')
    await userEvent.click(bucket)
    await expect(bucket).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByRole('link', { name: /Week of 2026-09-14/ })).toBeVisible()

    await userEvent.click(canvas.getByRole('tab', { name: 'Projects' }))
    const links = await canvas.findAllByRole('link')
    // active projects only, sorted by name
    await expect(links.map((l) => l.textContent?.replace(/Updated.*/, ''))).toEqual([
      'Board Deck',
      'Platform Migration',
      'Q4 Hiring',
    ])
    await expect(links[0]).toHaveTextContent('Updated Nov 16, 2026')

    // projects are added through the 'Add New Project' modal
    await userEvent.click(canvas.getByRole('button', { name: 'Add New Project' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New Project' })
    await userEvent.type(within(dialog).getByLabelText('Project name'), 'Atlas{Enter}')
    await waitFor(() => expect(args.onAddProject).toHaveBeenCalledWith('Atlas'))

    await userEvent.click(canvas.getByRole('tab', { name: 'Team' }))
    const priya = await canvas.findByRole('link', { name: /Priya Natarajan/ })
    await expect(priya).toHaveTextContent('VP Engineering')
    await expect(priya).toHaveTextContent('priya@example.com')
    await expect(priya).toHaveAttribute('href', '/team-members/member-1')
  },
}

export const NoReportThisWeek: Story = {
  args: { reports: reports.slice(1) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No report for this week')).toBeVisible()
    await expect(canvas.getByText('Recent Reports')).toBeVisible()
  },
}

export const LongContent: Story = {
  args: {
    reports: manyReports,
    projects: manyProjects,
    members: manyMembers,
    activeUuid: 'report-301',
  },
  play: async ({ canvas }) => {
    const long = canvas.getByRole('link', { name: /Wöchentlicher Bericht/ })
    await expect(long).toHaveAttribute('aria-current', 'page')
    const buckets = canvas.getAllByRole('button', { name: / - .* 20\d\d/ })
    await expect(buckets.length).toBeGreaterThanOrEqual(3)
    await userEvent.click(canvas.getByRole('tab', { name: 'Team' }))
    await expect(await canvas.findAllByRole('link')).toHaveLength(40)
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: { viewport: { defaultViewport: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tablist', { name: 'Sidebar lists' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Add New Report' })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('This Week')).toBeVisible()
  },
}

/** Readers' questions not seen yet, on the report they were asked on. */
export const NewQuestions: Story = {
  args: { newQuestions: { 'report-1': 2 } },
  play: async ({ canvas }) => {
    const report = canvas.getByRole('link', { name: /Migration cut-over week/ })
    await expect(report).toHaveTextContent('2 new questions')
    await expect(canvas.getByRole('link', { name: /Untitled Report/ })).not.toHaveTextContent(
      'new question',
    )
  },
}
