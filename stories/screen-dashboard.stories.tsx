import { DashboardView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { dashboard, emptyDashboard, manyTasks } from './fixtures'
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
    await expect(
      canvas.getAllByText('Apollo beta and Q4 hiring · week of Nov 16, 2026').length,
    ).toBeGreaterThan(0)
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
    await expect(canvas.getByText(first.content)).toHaveClass('cad-dash__done')
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
    await expect(args.onCreateReport).toHaveBeenCalled()
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
  },
}

// Week over week: ageing on the open items and the sort by age.
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
    await expect(newest).toHaveAttribute('aria-pressed', 'true')
    await expect(firstItem(canvas, 'Active Tasks')).toHaveTextContent(
      'Finalize Apollo beta launch checklist',
    )
    await expect(canvas.getAllByText('new this week').length).toBeGreaterThan(0)
    await userEvent.click(oldest)
    await expect(args.onSortChange).toHaveBeenCalledWith('oldest')
    await expect(oldest).toHaveAttribute('aria-pressed', 'true')
    // the oldest task comes first, with its age and the Stalled badge
    const first = within(firstItem(canvas, 'Active Tasks'))
    await expect(first.getByText('Schedule Q1 planning offsite')).toBeVisible()
    await expect(first.getByText('open 5 weeks, since the report of Oct 12')).toBeVisible()
    await expect(first.getByText('Stalled')).toBeVisible()
    await expect(firstItem(canvas, 'Follow-ups')).toHaveTextContent('Check with Legal on Atlas DPA')
    await userEvent.click(newest)
    await expect(args.onSortChange).toHaveBeenLastCalledWith('newest')
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
    await expect(canvas.getAllByText('Stalled').length).toBeGreaterThan(1)
  },
}
export const AgeingMobile: Story = {
  args: { data: agedDashboard, sort: 'oldest' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('open 5 weeks, since the report of Oct 12')).toBeVisible()
  },
}
