// Stories for ui/src/screens/dashboard.tsx and its dashboard-parts.tsx (with the segmented-control primitive for the age sort)
import { DashboardView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { dashboard, emptyDashboard, manyTasks } from './fixtures'
import { needsYouWeek } from './fixtures-needs-you'
import { agedDashboard } from './fixtures-week-over-week'

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardView,
  args: { data: dashboard, onToggleItem: fn(), onCreateReport: fn() },
} satisfies Meta<typeof DashboardView>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Active Tasks')).toBeInTheDocument()
    await expect(canvas.getByText('+1 more')).toBeInTheDocument()
    // the report an item sits in is a quiet link, its title and week in the name and tooltip
    const report = canvas.getAllByRole('link', {
      name: 'Apollo beta and Q4 hiring · week of Nov 16, 2026',
    })[0]
    await expect(report).toHaveTextContent('Nov 16')
    await expect(report).toHaveAttribute(
      'title',
      'Apollo beta and Q4 hiring · week of Nov 16, 2026',
    )
    // each open item shows its assignee and project
    const first = within(firstItem(canvas, 'Active Tasks'))
    await expect(first.getByRole('link', { name: 'Maya Chen' })).toHaveAttribute(
      'href',
      '/team-members/m-maya',
    )
    await expect(first.getByRole('link', { name: 'Apollo' })).toHaveAttribute(
      'href',
      '/projects/p-apollo',
    )
    await expect(canvas.getByText('Nov 16, 2026 · Draft')).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'Week of Nov 9, 2026' })).toBeInTheDocument()
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'Complete Finalize Apollo beta launch checklist' }),
    )
    await expect(args.onToggleItem).toHaveBeenCalled()
  },
}
export const JustCompleted: Story = {
  // A task completed a moment ago stays in the list, checked and struck through, to be taken back.
  args: {
    data: {
      ...dashboard,
      activeTasks: dashboard.activeTasks.map((t, i) =>
        i === 0 ? { ...t, is_completed: true } : t,
      ),
    },
  },
  play: async ({ canvas, args }) => {
    const first = args.data.activeTasks[0]
    const box = canvas.getByRole('checkbox', { name: `Complete ${first.content}` })
    await expect(box).toBeChecked()
    await expect(within(firstItem(canvas, 'Active Tasks')).getByText(first.content)).toHaveClass(
      'cad-dash__done',
    )
    await userEvent.click(box)
    await expect(args.onToggleItem).toHaveBeenCalledWith(
      expect.objectContaining({ id: first.id }),
      false,
    )
  },
}
export const Empty: Story = {
  args: { data: emptyDashboard },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No Active Tasks')).toBeInTheDocument()
    await expect(canvas.getByText('No Pending Follow-ups')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: "Create This Week's Report" }))
    await expect(args.onCreateReport).toHaveBeenCalledTimes(1)
    // 'No reports yet' offers the next step: creating one.
    await expect(canvas.getByText('No reports yet')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Create your first report' }))
    await expect(args.onCreateReport).toHaveBeenCalledTimes(2)
  },
}
export const EmptyDark: Story = {
  args: { data: emptyDashboard },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Create your first report' })).toBeVisible()
  },
}
export const LongContent: Story = {
  args: { data: { ...dashboard, activeTasks: manyTasks } },
  play: async ({ canvas }) => {
    const tasks = () => canvas.getAllByRole('checkbox', { name: /^Complete Tâche / })
    await expect(tasks()).toHaveLength(5)
    await userEvent.click(canvas.getByRole('button', { name: '+35 more' }))
    await expect(tasks()).toHaveLength(40)
    await userEvent.click(canvas.getByRole('button', { name: 'Show fewer' }))
    await expect(tasks()).toHaveLength(5)
    await expect(canvas.getByRole('button', { name: '+35 more' })).toBeVisible()
  },
}
// The answer holds the first 25 of 40 open tasks (GET /api/dashboard, issue 45): '+N more' counts
// all of them and asks for the rest.
export const RestOnTheServer: Story = {
  args: {
    data: { ...dashboard, activeTasks: manyTasks.slice(0, 25), activeTasksTotal: 40 },
    onShowRest: fn(),
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: '+35 more' }))
    await expect(args.onShowRest).toHaveBeenCalledWith('task')
    await expect(canvas.getAllByRole('checkbox', { name: /^Complete Tâche / })).toHaveLength(25)
  },
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Follow-ups' })).toBeVisible()
    await expect(canvas.getByText('Check with Legal on Atlas DPA')).toBeVisible()
    const links = canvas.getAllByRole('link', { name: 'Apollo beta and Q4 hiring' })
    await expect(links[0]).toBeVisible()
  },
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByRole('heading', { name: 'Recent Reports' })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: "This Week's Report" })).toBeVisible()
  },
}
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
    await expect(canvas.queryByText('Active Tasks')).toBeNull()
  },
}
export const MobileEmpty: Story = {
  args: { data: emptyDashboard },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Active Tasks')).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: "Create This Week's Report" })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Create your first report' })).toBeVisible()
  },
}

// Week over week: ageing on the open items and the sort by age.
const OLDEST =
  'Stalled, open 5 weeks, since the report of Oct 12, carried over from an earlier report'
const firstItem = (canvas: ReturnType<typeof within>, card: string) => {
  const heading = canvas.getByRole('heading', { name: card })
  const list = heading.closest('[data-slot="card"]') as HTMLElement
  return within(list).getAllByRole('listitem')[0] as HTMLElement
}
export const SortByAge: Story = {
  args: { data: agedDashboard, onSortChange: fn() },
  play: async ({ canvas, args }) => {
    const newest = canvas.getByRole('button', { name: 'Newest' })
    const oldest = canvas.getByRole('button', { name: 'Oldest first' })
    // by default the stalled and oldest come first, with a short age chip ('5w', amber) whose
    // tooltip and screen-reader text is the whole sentence, as in the report's item rows
    await expect(oldest).toHaveAttribute('aria-pressed', 'true')
    const first = within(firstItem(canvas, 'Active Tasks'))
    await expect(first.getByText('Schedule Q1 planning offsite')).toBeVisible()
    const chip = first.getByText(OLDEST).closest('[data-slot="age-chip"]') as HTMLElement
    await expect(chip).toHaveAttribute('title', OLDEST)
    await expect(chip).toHaveAttribute('data-stalled', 'true')
    await expect(within(chip).getByText('5w')).toBeVisible()
    await expect(firstItem(canvas, 'Follow-ups')).toHaveTextContent('Check with Legal on Atlas DPA')
    await userEvent.click(newest)
    await expect(args.onSortChange).toHaveBeenCalledWith('newest')
    await expect(newest).toHaveAttribute('aria-pressed', 'true')
    await expect(firstItem(canvas, 'Active Tasks')).toHaveTextContent(
      'Finalize Apollo beta launch checklist',
    )
    await expect(canvas.getAllByText('New this week').length).toBeGreaterThan(0)
    await expect(canvas.getAllByText('new').length).toBeGreaterThan(0)
    await userEvent.click(oldest)
    await expect(args.onSortChange).toHaveBeenLastCalledWith('oldest')
  },
}
export const SortControlled: Story = {
  name: 'Sort by age (controlled, oldest first)',
  args: { data: agedDashboard, sort: 'oldest', onSortChange: fn() },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Oldest first' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Newest' }))
    await expect(args.onSortChange).toHaveBeenCalledWith('newest')
    // the caller owns the order: it stays until the prop changes
    await expect(firstItem(canvas, 'Active Tasks')).toHaveTextContent(
      'Schedule Q1 planning offsite',
    )
  },
}
export const SortHiddenWhenEmpty: Story = {
  args: { data: emptyDashboard },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No Active Tasks')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Oldest first' })).toBeNull()
  },
}
export const AgeingDark: Story = {
  args: { data: agedDashboard, sort: 'oldest' },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/^Stalled, open/).length).toBeGreaterThan(1)
  },
}
export const AgeingMobile: Story = {
  args: { data: agedDashboard, sort: 'oldest' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTitle(OLDEST)).toHaveTextContent(/^5w/)
  },
}

// What needs me: the project health strip and 'Waiting on'.
export const HealthAndWaiting: Story = {
  name: 'Health strip and Waiting on',
  args: { data: agedDashboard },
  play: async ({ canvas }) => {
    const strip = within(canvas.getByRole('region', { name: 'Project health' }))
    const off = strip.getByRole('button', { name: /Off track\s*1 project/ })
    const risk = strip.getByRole('button', { name: /At risk\s*1 project/ })
    await expect(strip.getByRole('button', { name: /On track\s*1 project/ })).toBeVisible()
    await expect(strip.queryByRole('link')).toBeNull()
    await userEvent.click(risk)
    await expect(risk).toHaveAttribute('aria-expanded', 'true')
    await expect(strip.getByRole('link', { name: 'Atlas' })).toHaveAttribute(
      'href',
      '/projects/p-atlas',
    )
    await expect(strip.getByText(/DPA still with Legal/)).toBeVisible()
    await userEvent.click(off)
    await expect(strip.getByRole('link', { name: 'Hiring' })).toBeVisible()
    await expect(strip.queryByRole('link', { name: 'Atlas' })).toBeNull()
    // Waiting on: each person with their open items and a short age
    const waiting = canvas.getByRole('heading', { name: 'Waiting on' })
    const card = within(waiting.closest('[data-slot="card"]') as HTMLElement)
    const people = card.getAllByRole('link')
    await expect(people.map((p) => p.textContent)).toEqual(['Omar Haddad', 'Maya Chen'])
    await expect(card.getByText('Close two senior engineer offers')).toBeVisible()
    await expect(card.getByText('open 3 weeks, stalled')).toBeInTheDocument()
    await expect(card.getByText('3w')).toBeVisible()
  },
}
export const HealthAndWaitingDark: Story = {
  name: 'Health strip and Waiting on (dark)',
  args: { data: agedDashboard },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /At risk/ }))
    await expect(canvas.getByRole('heading', { name: 'Waiting on' })).toBeVisible()
  },
}
export const HealthAndWaitingMobile: Story = {
  name: 'Health strip and Waiting on (390 px)',
  args: { data: agedDashboard },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Off track/ })).toBeVisible()
    await expect(canvas.getAllByText('Close two senior engineer offers')[0]).toBeVisible()
  },
}

export const NeedsYouFirst: Story = {
  name: "'Needs you' first",
  args: { data: { ...dashboard, needsYou: needsYouWeek }, today: '2026-11-28' },
  play: async ({ canvas }) => {
    // The panel comes before every other block of the page.
    const panel = canvas.getByRole('region', { name: /Needs you/ })
    const health = canvas.getByRole('region', { name: 'Project health' })
    await expect(
      panel.compareDocumentPosition(health) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    await expect(within(panel).getByRole('link', { name: 'EMEA expansion' })).toBeVisible()
  },
}
