import {
  AddTeamMemberDialog,
  formatDate,
  MemberNudge,
  MemberUpdates,
  type TeamMember,
  TeamMemberView,
  TeamOverviewView,
  type TeamUpdate,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import * as React from 'react'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { memberDashboard, members, projects } from './fixtures'
import { emptyMemberDashboard, longMemberDashboard, longMembers } from './fixtures-long'
import { linkedTeam, teamUpdates } from './fixtures-team'

const meta = {
  title: 'Screens/Team',
  component: TeamMemberView,
  args: {
    data: memberDashboard,
    projects,
    onAdd: fn(),
    onToggle: fn(),
    onDelete: fn(),
    onPrepareOneOnOne: fn(),
  },
} satisfies Meta<typeof TeamMemberView>
export default meta
type Story = StoryObj<typeof meta>

export const Member: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Maya Chen')).toBeInTheDocument()
    await expect(canvas.getByText('covered')).toBeInTheDocument()
    // what she owes, in the Team list's words, and what is assigned to her in reports
    await expect(
      canvas.getByText(
        'Open: Talking Points 3 · Tasks 5 (4 in reports) · Follow-ups 2 (2 in reports)',
      ),
    ).toBeInTheDocument()
    const inReports = within(canvas.getByRole('region', { name: /^Assigned in reports/ }))
    await expect(inReports.getByText('(1 open)')).toBeInTheDocument()
    await expect(inReports.getByText('Finalize Apollo beta launch checklist')).toBeInTheDocument()
    await expect(
      inReports.getByRole('link', { name: 'Apollo beta and Q4 hiring · week of Nov 16, 2026' }),
    ).toHaveAttribute('href', '/reports/r-1')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Content' }), 'Budget for Q1')
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await expect(args.onAdd).toHaveBeenCalledWith('talking-points', 'Budget for Q1', null)
    await userEvent.type(canvas.getByRole('textbox', { name: 'Content' }), 'Atlas staffing')
    await userEvent.click(canvas.getByRole('combobox', { name: 'Project' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Atlas' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await expect(args.onAdd).toHaveBeenLastCalledWith('talking-points', 'Atlas staffing', 2)
    await userEvent.click(canvas.getByRole('button', { name: 'Prepare 1:1' }))
    await expect(args.onPrepareOneOnOne).toHaveBeenCalled()
  },
}
export const MemberNotFound: Story = {
  args: { data: null },
  play: async ({ canvas }) => expect(canvas.getByText('Team member not found')).toBeInTheDocument(),
}
const onAddMember = fn()
export const Overview: Story = {
  render: () => <TeamOverviewView members={members} onAddMember={onAddMember} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Team Members')).toBeInTheDocument()
    await expect(
      canvas.getByText('Talking Points 3 · Tasks 5 (4 in reports) · Follow-ups 2 (2 in reports)'),
    ).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Add Team Member' }))
    await expect(onAddMember).toHaveBeenCalled()
  },
}
// The empty list's one next step: the same add dialog as the header's button.
export const OverviewEmpty: Story = {
  render: () => <TeamOverviewView members={[]} onAddMember={onAddMember} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Team Members')).toBeInTheDocument()
    onAddMember.mockClear()
    await userEvent.click(canvas.getByRole('button', { name: 'Add your first team member' }))
    await expect(onAddMember).toHaveBeenCalledTimes(1)
  },
}
export const OverviewEmptyDark: Story = {
  render: () => <TeamOverviewView members={[]} onAddMember={onAddMember} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('button', { name: 'Add your first team member' })).toBeVisible(),
}
export const OverviewEmptyMobile: Story = {
  render: () => <TeamOverviewView members={[]} onAddMember={onAddMember} />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('button', { name: 'Add your first team member' })).toBeVisible(),
}
/** The overview and the add dialog together, as in the app. */
function EmptyThenAdded() {
  const [list, setList] = React.useState<TeamMember[]>([])
  const [open, setOpen] = React.useState(false)
  return (
    <>
      <TeamOverviewView members={list} onAddMember={() => setOpen(true)} />
      <AddTeamMemberDialog
        open={open}
        onOpenChange={setOpen}
        onSubmit={(m) => {
          setList([{ ...(members[0] as TeamMember), name: m.name, uuid: 'm-new' }])
          setOpen(false)
        }}
      />
    </>
  )
}
// Once the first member is added the empty state's button is gone: focus goes to the new link.
export const OverviewEmptyAddFocus: Story = {
  render: () => <EmptyThenAdded />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add your first team member' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New Team Member' })
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Dana Ruiz')
    await userEvent.type(within(dialog).getByLabelText('Email (optional)'), 'dana@example.com')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Team Member' }))
    const link = await canvas.findByRole('link', { name: 'Dana Ruiz' })
    await waitFor(() => expect(link).toHaveFocus())
  },
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Maya Chen' })).toBeVisible()
    await expect(canvas.getByRole('tab', { name: 'Talking Points (2)' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Add' })).toBeVisible()
  },
}
export const MemberLoading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
    await expect(canvas.queryByText('Team member not found')).toBeNull()
  },
}
export const MemberEmpty: Story = {
  args: { data: emptyMemberDashboard },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Talking Points (0)' })).toBeInTheDocument()
    await expect(canvas.getByRole('tab', { name: 'Tasks (0)' })).toBeInTheDocument()
    await expect(canvas.getByRole('tab', { name: 'Follow-ups (0)' })).toBeInTheDocument()
  },
}
export const MemberTabs: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Tasks (1)' }))
    await expect(canvas.getByText('Draft platform team charter')).toBeVisible()
    await expect(canvas.getByText('pending')).toBeVisible()
    await userEvent.click(canvas.getByRole('tab', { name: 'Follow-ups (1)' }))
    await expect(canvas.getByText('Share Atlas postmortem')).toBeVisible()
  },
}
export const MemberLongContent: Story = {
  args: { data: longMemberDashboard },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Talking Points (40)' })).toBeInTheDocument()
    await expect(canvas.getAllByText('covered')).toHaveLength(10)
    await expect(canvas.getAllByText('pending')).toHaveLength(30)
  },
}
export const MemberDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('Promotion case for Priya')).toBeVisible()
    await expect(canvas.getByText('covered')).toBeVisible()
  },
}
export const OverviewLoading: Story = {
  render: () => <TeamOverviewView loading members={[]} onAddMember={onAddMember} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
    await expect(canvas.queryByText('No Team Members')).toBeNull()
  },
}
export const OverviewLongContent: Story = {
  render: () => <TeamOverviewView members={longMembers} onAddMember={onAddMember} />,
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(40)
    await expect(canvas.getByText('40')).toBeInTheDocument()
  },
}
export const OverviewMobile: Story = {
  render: () => <TeamOverviewView members={members} onAddMember={onAddMember} />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add Team Member' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Maya Chen' })).toBeVisible()
  },
}
export const OverviewDark: Story = {
  render: () => <TeamOverviewView members={members} onAddMember={onAddMember} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('Team Members')).toBeVisible()
    await expect(canvas.getAllByRole('link')).toHaveLength(3)
  },
}

// Team roll-up: a member on Cadence carries a 'Linked' badge, and Team updates opens.
export const OverviewLinked: Story = {
  render: () => (
    <TeamOverviewView
      members={linkedTeam}
      onAddMember={onAddMember}
      teamUpdatesHref="/team-updates"
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('Linked')).toHaveLength(1)
    await expect(canvas.getByRole('link', { name: 'Maya Chen' }).parentElement).toHaveTextContent(
      'Linked',
    )
    await expect(canvas.getByRole('link', { name: 'Team updates' })).toHaveAttribute(
      'href',
      '/team-updates',
    )
  },
}

// Week over week: 'Prepare 1:1' as a link to the prep page.
export const PrepareOneOnOneLink: Story = {
  args: { prepareOneOnOneHref: '/team-members/m-maya/prep', onPrepareOneOnOne: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Prepare 1:1' })).toHaveAttribute(
      'href',
      '/team-members/m-maya/prep',
    )
    await expect(canvas.queryByRole('button', { name: 'Prepare 1:1' })).toBeNull()
  },
}

const onPullItem = fn()
const onPullSection = fn()
const reportsTab = (update: TeamUpdate | null) => (
  <MemberUpdates
    name={update?.name ?? 'Maya Chen'}
    weekLabel="Week of Nov 23, 2026"
    onPrevWeek={fn()}
    onNextWeek={fn()}
    update={update}
    teamUpdatesHref="/team-updates?week=2026-11-23"
    onPullItem={onPullItem}
    onPullSection={onPullSection}
    formatDate={formatDate}
  />
)
// The member on the page (memberDashboard) is Maya Chen: her sent report of the week.
const tom = { ...teamUpdates[1], name: 'Maya Chen', title: 'VP Engineering' }

/** A linked member's page: their sent report of the week under 'Sent reports', one click to pull. */
export const MemberReports: Story = {
  args: { updates: reportsTab(tom) },
  play: async ({ canvas }) => {
    onPullItem.mockClear()
    await userEvent.click(canvas.getByRole('tab', { name: 'Sent reports' }))
    const report = await canvas.findByRole('article', { name: "Maya Chen's report" })
    await expect(report).toHaveTextContent('Apollo beta week')
    await expect(canvas.getByText('Week of Nov 23, 2026')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'All team updates' })).toHaveAttribute(
      'href',
      '/team-updates?week=2026-11-23',
    )
    const pull = canvas.getAllByRole('button', { name: /^Add to my report: / })[0]
    await userEvent.click(pull)
    await expect(onPullItem).toHaveBeenCalledTimes(1)
  },
}

/** The week has no sent report of theirs (a draft never shows). */
export const MemberReportsNotSent: Story = {
  args: { updates: reportsTab({ ...tom, report: null }) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Sent reports' }))
    await expect(
      await canvas.findByText('Maya Chen has not sent a report for this week.'),
    ).toBeVisible()
  },
}

export const MemberReportsLoading: Story = {
  args: { updates: reportsTab(null) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Sent reports' }))
    await expect(canvas.getByRole('tabpanel').querySelector('[aria-busy="true"]')).not.toBeNull()
  },
}

/** Not linked: no Sent reports tab at all. */
export const MemberWithoutReports: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('tab', { name: 'Sent reports' })).toBeNull()
    await expect(canvas.getAllByRole('tab')).toHaveLength(3)
  },
}

// A linked member who has not sent this week's update: 'Nudge' under the link (the counts line
// under it starts at the left, like the rest of the page: the visual baseline holds it).
export const MemberNudgeDue: Story = {
  args: {
    nudge: (
      <MemberNudge
        name="Maya Chen"
        status={{ week_start_date: '2026-11-23', sent: false, nudged_at: null, mail: true }}
        onNudge={fn(async () => {})}
        onCopy={fn()}
        appUrl="https://cadence.example.com"
        formatDate={formatDate}
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Nudge' })).toBeVisible()
    await expect(canvas.getByText(/^Open: Talking Points/)).toBeVisible()
  },
}

// On a phone the four tabs of a linked member wrap rather than scroll out of sight.
export const MemberTabsMobile: Story = {
  args: { updates: reportsTab(tom) },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('tablist')
    for (const name of ['Talking Points (2)', 'Tasks (1)', 'Follow-ups (1)', 'Sent reports']) {
      const tab = canvas.getByRole('tab', { name })
      await expect(tab).toBeVisible()
      // Wholly inside the list's box: nothing is clipped.
      const [t, l] = [tab.getBoundingClientRect(), list.getBoundingClientRect()]
      await expect(t.right <= l.right + 0.5 && t.left >= l.left - 0.5).toBe(true)
    }
  },
}
