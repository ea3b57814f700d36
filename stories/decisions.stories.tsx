// Stories for ui/src/screens/decisions.tsx (the Decisions page) and ui/src/components/decisions.tsx
// (its record/edit dialog).
import { type Decision, DecisionsView, NO_DECISION_FILTERS as NO_FILTERS } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { members, projects } from './fixtures'

const TODAY = '2026-11-25'

const decision = (over: Partial<Decision>): Decision => ({
  id: 1,
  title: 'Move the Apollo launch to March',
  decided_on: '2026-11-18',
  decided_by_member_uuid: 'm-maya',
  decided_by_name: 'Maya Chen',
  rationale: 'The vendor slipped two weeks and QA needs a full cycle.',
  revisit_on: null,
  revisit_due: false,
  project_uuid: 'p-apollo',
  project_name: 'Apollo',
  source_item_id: null,
  created_at: '2026-11-18T10:00:00.000Z',
  updated_at: '2026-11-18T10:00:00.000Z',
  ...over,
})

const decisions: Decision[] = [
  decision({
    id: 3,
    title: 'Freeze hiring for Q1 except two backend roles',
    decided_on: '2026-09-02',
    decided_by_member_uuid: null,
    decided_by_name: null,
    rationale: 'Runway is below plan until the Series B closes.',
    revisit_on: '2026-11-20',
    revisit_due: true,
    project_uuid: 'p-hiring',
    project_name: 'Hiring',
  }),
  decision({ id: 1, revisit_on: '2027-01-15' }),
  decision({
    id: 2,
    title: 'Keep the legacy CRM read-only until the export is verified',
    decided_on: '2026-11-10',
    decided_by_member_uuid: 'm-omar',
    decided_by_name: 'Omar Haddad',
    rationale: null,
    project_uuid: null,
    project_name: null,
  }),
]

const meta = {
  title: 'Screens/Decisions',
  component: DecisionsView,
  args: {
    decisions,
    projects,
    members,
    filters: NO_FILTERS,
    onFiltersChange: fn(),
    onSave: fn(async () => {}),
    onDelete: fn(),
    today: TODAY,
  },
} satisfies Meta<typeof DecisionsView>
export default meta
type Story = StoryObj<typeof meta>

/** The log: the one whose revisit date has come first, under its own heading. */
export const WithDecisions: Story = {
  play: async ({ canvas, args }) => {
    const due = canvas.getByRole('region', { name: 'Revisit due' })
    await expect(within(due).getByText(/Freeze hiring/)).toBeVisible()
    await expect(within(due).getByText('Revisit due Nov 20, 2026')).toBeVisible()
    const other = canvas.getByRole('region', { name: 'Other decisions' })
    await expect(within(other).getAllByRole('listitem')).toHaveLength(2)
    await expect(within(other).getByText('Maya Chen · Nov 18, 2026 · Apollo')).toBeVisible()
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search decisions' }), 'v')
    await expect(args.onFiltersChange).toHaveBeenCalledWith({ ...NO_FILTERS, query: 'v' })
  },
}

export const WithDecisionsDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Revisit due' })).toBeVisible()
  },
}

export const WithDecisionsMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Record a decision/ })).toBeVisible()
  },
}

/** Revisit due only: every decision's date has come. */
export const RevisitDue: Story = {
  args: { decisions: decisions.filter((d) => d.revisit_due) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Revisit due' })).toBeVisible()
    await expect(canvas.queryByRole('heading', { name: /decisions/ })).toBeNull()
  },
}

/** No decision yet: what the log is for, and the one next step. */
export const Empty: Story = {
  args: { decisions: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No decisions yet')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Record your first decision' })).toBeVisible()
  },
}

/** The next step taken: the dialog opens empty, dated today, and cannot save without a title. */
export const EmptyNextStep: Story = {
  args: { decisions: [] },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Record your first decision' }))
    const dialog = within(document.body).getByRole('dialog', { name: 'Record a decision' })
    await expect(within(dialog).getByLabelText('Decided on')).toHaveValue(TODAY)
    await expect(within(dialog).getByRole('button', { name: 'Record decision' })).toBeDisabled()
  },
}

export const EmptyDark: Story = {
  args: { decisions: [] },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No decisions yet')).toBeVisible()
  },
}

export const EmptyMobile: Story = {
  args: { decisions: [] },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Record your first decision' })).toBeVisible()
  },
}

/** Filtered by a project and a person: only what matches, all under one heading. */
export const Filtered: Story = {
  args: {
    decisions: decisions.filter((d) => d.project_uuid === 'p-apollo'),
    filters: { query: 'launch', project_uuid: 'p-apollo', decided_by: 'm-maya' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'All decisions' })).toBeVisible()
    await expect(canvas.getByRole('searchbox', { name: 'Search decisions' })).toHaveValue('launch')
    await expect(canvas.getByRole('combobox', { name: 'Project' })).toHaveTextContent('Apollo')
    await expect(canvas.getByRole('combobox', { name: 'Decided by' })).toHaveTextContent(
      'Maya Chen',
    )
  },
}

/** Filters that find nothing: say so, and clear them in one click. */
export const FilteredNoMatch: Story = {
  args: { decisions: [], filters: { ...NO_FILTERS, query: 'budget' } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No decisions match')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))
    await expect(args.onFiltersChange).toHaveBeenCalledWith(NO_FILTERS)
  },
}

/** Recording one: title, date, who, project, why and a revisit date; saved as typed. */
export const RecordDialog: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Record a decision/ }))
    const dialog = within(document.body).getByRole('dialog', { name: 'Record a decision' })
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'What was decided' }),
      'Ship the beta',
    )
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Why' }), 'Ready')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record decision' }))
    await expect(args.onSave).toHaveBeenCalledWith(
      {
        title: 'Ship the beta',
        decided_on: TODAY,
        decided_by_member_uuid: null,
        rationale: 'Ready',
        revisit_on: null,
        project_uuid: null,
        source_item_id: null,
      },
      undefined,
    )
  },
}

/** Editing one opens it filled in; deleting asks first. */
export const EditAndDelete: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'Edit: Move the Apollo launch to March' }),
    )
    const dialog = within(document.body).getByRole('dialog', { name: 'Edit decision' })
    await expect(within(dialog).getByRole('textbox', { name: 'What was decided' })).toHaveValue(
      'Move the Apollo launch to March',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await userEvent.click(canvas.getByRole('button', { name: /Delete: Keep the legacy CRM/ }))
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, Delete' }))
    await expect(args.onDelete).toHaveBeenCalledWith(2)
  },
}
