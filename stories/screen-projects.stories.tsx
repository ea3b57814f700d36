// Stories for ui/src/screens/projects.tsx and ui/src/screens/projects-portfolio.tsx (the overview's rows)
import { ProjectsOverviewView, ProjectView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import { projects, projectUpdates } from './fixtures'
import { apolloHealthWeeks } from './fixtures-health'
import { longProjects, longUpdates } from './fixtures-long'
import { longPortfolio, portfolio } from './fixtures-portfolio'
import { projectWeekChanges } from './fixtures-week-over-week'

const meta = {
  title: 'Screens/Project',
  component: ProjectView,
  args: { project: projects[0] ?? null, updates: projectUpdates },
} satisfies Meta<typeof ProjectView>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Project Updates Timeline')).toBeInTheDocument()
    await expect(canvas.getAllByText('View Report').length).toBe(4)
    await expect(canvas.getByText('In Progress')).toBeInTheDocument()
    await expect(canvas.getByText('Created Aug 3, 2026 · Updated Nov 16, 2026')).toBeInTheDocument()
    await expect(canvas.getByRole('heading', { name: 'Week of Nov 16, 2026' })).toBeInTheDocument()
    await expect(canvas.getByRole('heading', { name: 'Week of Oct 26, 2026' })).toBeInTheDocument()
  },
}
export const Empty: Story = {
  args: { updates: [] },
  play: async ({ canvas }) => expect(canvas.getByText('No Updates Yet')).toBeInTheDocument(),
}
export const NotFound: Story = {
  args: { project: null },
  play: async ({ canvas }) => expect(canvas.getByText('Project not found')).toBeInTheDocument(),
}
/** GET /api/projects/analytics for the four activity cards after the portfolio. */
const analytics = {
  total_active_projects: 4,
  total_recent_activity: 63,
  total_tasks_last_30_days: 21,
}

export const Overview: Story = {
  render: () => (
    <ProjectsOverviewView portfolio={portfolio} analytics={analytics} onAddProject={fn()} />
  ),
  play: async ({ canvas }) => {
    const list = within(canvas.getByRole('list', { name: 'Active projects, worst first' }))
    const rows = list.getAllByRole('listitem')
    await expect(rows.map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual([
      'Atlas',
      'Apollo',
      'Hiring',
      'Borealis',
    ])
    const atlas = within(rows[0])
    await expect(atlas.getByText('Off track')).toBeVisible()
    await expect(atlas.getByText(/Data migration blocked/)).toBeVisible()
    await expect(atlas.getByText('Elena Rossi')).toBeVisible()
    await expect(atlas.getByText('Week of Nov 16, 2026')).toBeVisible()
    await expect(atlas.getByText('4 open · 1 done')).toBeVisible()
    await expect(atlas.getByText(/^Trend: Oct 19, 2026: On track/)).toBeInTheDocument()
    // A project gone quiet says for how long, amber.
    await expect(within(rows[2]).getByText('open 3 weeks, stalled')).toBeInTheDocument()
    await expect(within(rows[2]).getByText('No health yet')).toBeVisible()
    await expect(
      canvas.getByText(
        '4 active projects · 1 off track · 1 at risk · 1 without an update for 3 weeks or more',
      ),
    ).toBeVisible()
    // No per-project update counts; the four activity cards come after the portfolio.
    await expect(canvas.queryByText(/\d+ updates$/)).toBeNull()
    const activity = within(canvas.getByRole('region', { name: 'Activity' }))
    await expect(activity.getByText('Updates (30 days)')).toBeVisible()
    await expect(activity.getByText('63')).toBeVisible()
    await expect(activity.getByText('Avg per Project')).toBeVisible()
    await expect(activity.getByText('16')).toBeVisible()
    const portfolioList = canvas.getByRole('list', { name: 'Active projects, worst first' })
    await expect(
      portfolioList.compareDocumentPosition(activity.getByText('Active Projects')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
  },
}
export const OverviewEmpty: Story = {
  render: () => <ProjectsOverviewView portfolio={[]} onAddProject={fn()} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Active Projects')).toBeInTheDocument()
    // The next step is right there.
    await expect(canvas.getByRole('button', { name: 'Add New Project' })).toBeVisible()
  },
}
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
    await expect(canvas.queryByText('Project not found')).toBeNull()
  },
}
export const LongContent: Story = {
  args: { project: longProjects[0] ?? null, updates: longUpdates },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('View Report')).toHaveLength(10)
    await expect(canvas.getAllByText(/^Update \d+:/)).toHaveLength(40)
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(/über-long name/)
  },
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Apollo' })).toBeVisible()
    await expect(canvas.getByText('Project Updates Timeline')).toBeVisible()
    await expect(canvas.getAllByText('View Report')[0]).toBeVisible()
  },
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('In Progress')).toBeVisible()
    await expect(canvas.getAllByText('Completed')).toHaveLength(3)
  },
}
export const OverviewLoading: Story = {
  render: () => <ProjectsOverviewView loading portfolio={[]} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
    await expect(canvas.queryByText('No Active Projects')).toBeNull()
  },
}
export const OverviewLongContent: Story = {
  render: () => <ProjectsOverviewView portfolio={longPortfolio} />,
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(30)
  },
}
export const OverviewMobile: Story = {
  render: () => <ProjectsOverviewView portfolio={portfolio} analytics={analytics} />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Atlas' })).toBeVisible()
    await expect(canvas.getByText('4 open · 1 done')).toBeVisible()
  },
}
export const OverviewDark: Story = {
  render: () => <ProjectsOverviewView portfolio={portfolio} analytics={analytics} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('Off track')).toBeVisible()
  },
}

// Week over week: the counts of each week in the timeline.
export const WeekCounts: Story = {
  args: { weekChanges: projectWeekChanges },
  play: async ({ canvas }) => {
    const week = (name: string) =>
      within(canvas.getByRole('heading', { name }).closest('section') as HTMLElement)
    const latest = week('Week of Nov 16, 2026')
    for (const t of ['0 completed', '1 new', '1 carried', '1 stalled'])
      await expect(latest.getByText(t)).toBeVisible()
    const earlier = week('Week of Oct 26, 2026')
    for (const t of ['1 completed', '2 new', '0 carried', '0 stalled'])
      await expect(earlier.getByText(t)).toBeVisible()
  },
}
export const WeekCountsMissingWeek: Story = {
  name: 'Week counts (a week without counts)',
  args: { weekChanges: projectWeekChanges.slice(1) },
  play: async ({ canvas }) => {
    const latest = canvas.getByRole('heading', { name: 'Week of Nov 16, 2026' }).closest('section')
    await expect(within(latest as HTMLElement).queryByText(/ stalled$/)).toBeNull()
    await expect(canvas.getAllByText(/ stalled$/)).toHaveLength(3)
  },
}
export const WeekCountsDark: Story = {
  ...WeekCounts,
  globals: { theme: 'dark' },
}
export const WeekCountsMobile: Story = {
  ...WeekCounts,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

// Reports that travel: the health set on each week's report.
export const HealthHistory: Story = {
  args: { health: apolloHealthWeeks },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No owner for QA.')).toBeInTheDocument()
    await expect(canvas.getAllByText('At risk').length).toBeGreaterThan(0)
    await expect(canvas.getAllByText('Off track').length).toBeGreaterThan(0)
  },
}
