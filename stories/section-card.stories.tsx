// Stories for ui/src/components/section-card.tsx
import { SectionCard } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import {
  item,
  manyMembers,
  manyProjects,
  members,
  projects,
  section,
  taskItems,
} from './composite-fixtures'

const meta = {
  title: 'Components/SectionCard',
  component: SectionCard,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 760 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    section: section(1, 'Tasks', 'tasks', taskItems, 'Mostly migration work this week.'),
    projects,
    members,
    onAddItem: fn(),
    onUpdateItem: fn(),
    onDeleteItem: fn(),
    onContentChange: fn(),
  },
} satisfies Meta<typeof SectionCard>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  args: { section: section(2, 'Highlights', 'standard', []) },
  parameters: { visual: { showFocus: true } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Highlights' })).toBeVisible()
    await expect(canvas.getByText('No items yet.')).toBeVisible()
    // Enter adds the item and keeps the focus for the next one
    const input = canvas.getByRole('combobox', { name: 'Add an item to Highlights' })
    await userEvent.type(input, 'Closed the Series B{Enter}')
    await expect(args.onAddItem).toHaveBeenCalledWith({
      content: 'Closed the Series B',
      project_id: null,
      assigned_to_team_member_id: null,
    })
    await expect(input).toHaveValue('')
    await expect(input).toHaveFocus()
  },
}

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Mostly migration work this week.')).toBeVisible()
    // items without a project first, then each project where its first item stands (her order,
    // not by name); 7 tasks: 5 shown, so only Platform Migration's heading before '+2 more tasks'
    const headings = () =>
      canvas.getAllByRole('heading', { level: 3 }).map((h) => h.textContent?.trim())
    await expect(headings()).toEqual(['Platform Migration'])
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5)
    // Enter on '+2 more tasks' focuses the first revealed row
    canvas.getByRole('button', { name: '+2 more tasks' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getAllByRole('listitem')).toHaveLength(7)
    await expect(canvas.getByRole('checkbox', { name: /Send offer letter/ })).toHaveFocus()
    await expect(headings().slice(0, 2)).toEqual(['Platform Migration', 'Q4 Hiring'])
    // pending before completed inside the no-project group
    const noProject = canvas.getAllByRole('list')[0]
    const first = within(noProject)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    await expect(first.findIndex((t) => t?.includes('Review board deck'))).toBeGreaterThan(
      first.findIndex((t) => t?.includes('Approve travel budget')),
    )
    // 'Show fewer' gives focus back to '+2 more tasks'
    await userEvent.click(canvas.getByRole('button', { name: 'Show fewer' }))
    await expect(canvas.getByRole('button', { name: '+2 more tasks' })).toHaveFocus()
    // @ assigns while adding
    const input = canvas.getByRole('combobox', { name: 'Add an item to Tasks' })
    await userEvent.type(input, 'Prepare the QBR @pri')
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByText(/@Priya Natarajan/)).toBeVisible()
    await userEvent.type(input, '{Enter}')
    await waitFor(() =>
      expect(args.onAddItem).toHaveBeenCalledWith({
        content: 'Prepare the QBR',
        project_id: null,
        assigned_to_team_member_id: 1,
      }),
    )
    await userEvent.click(canvas.getByRole('checkbox', { name: /Book offsite venue/ }))
    await expect(args.onUpdateItem).toHaveBeenCalledWith(4, { is_completed: true })
  },
}

export const LongContent: Story = {
  args: {
    section: section(
      3,
      'Follow-ups — Überblick der offenen Punkte für das Führungsteam (東京, Zürich, São Paulo)',
      'followups',
      Array.from({ length: 40 }, (_, i) =>
        item(
          100 + i,
          i === 0 ? 'Z'.repeat(120) : `Follow up ${i + 1} with the regional leads on budget`,
          {
            item_type: 'followup',
            project_id: i % 3 === 0 ? manyProjects[i % 40].id : null,
            assigned_to_team_member_id: i % 4 === 0 ? manyMembers[i % 40].id : null,
            is_completed: i % 5 === 0,
          },
        ),
      ),
    ),
    projects: manyProjects,
    members: manyMembers,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '+35 more follow-ups' })).toBeVisible()
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5)
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Project for new Tasks item' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Q4 Hiring' }))
    await userEvent.type(
      canvas.getByRole('combobox', { name: 'Add an item to Tasks' }),
      'Close the req{Enter}',
    )
    await expect(args.onAddItem).toHaveBeenCalledWith({
      content: 'Close the req',
      project_id: 2,
      assigned_to_team_member_id: null,
    })
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    section: section(
      4,
      'Follow-ups',
      'followups',
      taskItems.slice(0, 3).map((i) => ({ ...i, item_type: 'followup' as const })),
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Follow-ups' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: /more tasks/ })).toBeNull()
  },
}

/** Space on a task's checkbox completes it and focus lands on the next task, never the body. */
export const CompleteKeepsFocus: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox', { name: /Book offsite venue/ })
    box.focus()
    await userEvent.keyboard(' ')
    await expect(args.onUpdateItem).toHaveBeenCalledWith(4, { is_completed: true })
    await expect(canvas.getByRole('checkbox', { name: /Approve travel budget/ })).toHaveFocus()
    await expect(document.activeElement).not.toBe(document.body)
  },
}

/** The last row shown completed: focus goes to the section's 'Add an item' field. */
export const CompleteLastKeepsFocus: Story = {
  args: { section: section(3, 'Tasks', 'tasks', [item(1, 'Only task')]) },
  play: async ({ canvas }) => {
    canvas.getByRole('checkbox', { name: /Only task/ }).focus()
    await userEvent.keyboard(' ')
    await expect(canvas.getByRole('combobox', { name: 'Add an item to Tasks' })).toHaveFocus()
  },
}

/** Follow-ups say so under the fold: '+2 more follow-ups', not 'tasks'. */
export const FollowupsMore: Story = {
  args: {
    section: section(
      4,
      'Follow-ups',
      'followups',
      taskItems.map((i) => ({ ...i, item_type: 'followup' as const })),
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: '+2 more follow-ups' })).toBeVisible()
    await expect(canvas.queryByText(/more tasks/)).toBeNull()
  },
}

/** A first report: nothing is 'new' against a previous report that does not exist. */
export const FirstReport: Story = {
  args: {
    firstReport: true,
    section: section(5, 'Tasks', 'tasks', [
      item(1, 'Hire a CFO', { open_weeks: 0, origin_week_start_date: '2026-11-16' }),
      item(2, 'Close the round', { open_weeks: 0, origin_week_start_date: '2026-11-16' }),
    ]),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Hire a CFO')).toBeVisible()
    await expect(canvas.queryByText('new')).toBeNull()
  },
}

/** The same items in a later report are marked 'new'. */
export const LaterReportMarksNew: Story = {
  args: { ...FirstReport.args, firstReport: false },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('new')).toHaveLength(2)
  },
}
