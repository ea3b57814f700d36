import { ItemRow } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { item, manyMembers, manyProjects, members, projects } from './composite-fixtures'

const meta = {
  title: 'Components/ItemRow',
  component: ItemRow,
  decorators: [
    (Story) => (
      <ul style={{ maxWidth: 640, padding: 0, margin: 0 }}>
        <Story />
      </ul>
    ),
  ],
  args: {
    item: item(1, 'Finalise vendor shortlist for data warehouse', {
      project_id: 1,
      assigned_to_team_member_id: 1,
    }),
    projects,
    members,
    onToggle: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onAssign: fn(),
    onProjectChange: fn(),
  },
} satisfies Meta<typeof ItemRow>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  name: 'Standard item (bullet, no tags)',
  args: { item: item(2, 'Hired two engineers', { item_type: 'standard' }) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('checkbox')).toBeNull()
    await expect(canvas.getByText('Hired two engineers')).toBeVisible()
    await expect(canvas.queryByText(/Assigned to/)).toBeNull()
  },
}

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Platform Migration')).toBeVisible()
    await expect(canvas.getByText('Assigned to Priya Natarajan')).toBeVisible()
    await userEvent.click(canvas.getByRole('checkbox', { name: /Finalise vendor shortlist/ }))
    await expect(args.onToggle).toHaveBeenCalledWith(true)

    // inline edit: Escape cancels, Enter saves
    await userEvent.click(canvas.getByRole('button', { name: /^Edit:/ }))
    const input = canvas.getByRole('textbox', { name: 'Edit item' })
    await userEvent.clear(input)
    await userEvent.type(input, 'Scrapped{Escape}')
    await expect(args.onEdit).not.toHaveBeenCalled()
    await expect(canvas.getByText('Finalise vendor shortlist for data warehouse')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /^Edit:/ }))
    await userEvent.type(canvas.getByRole('textbox', { name: 'Edit item' }), ' by Friday{Enter}')
    await expect(args.onEdit).toHaveBeenCalledWith(
      'Finalise vendor shortlist for data warehouse by Friday',
    )

    // delete asks first
    await userEvent.click(canvas.getByRole('button', { name: /^Delete:/ }))
    await expect(canvas.getByText(/cannot be undone/)).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, Delete' }))
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledOnce())
  },
}

export const Completed: Story = {
  args: { item: item(3, 'Review board deck narrative', { is_completed: true }) },
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox', { name: /Mark as pending/ })
    await expect(box).toBeChecked()
    await userEvent.click(box)
    await expect(args.onToggle).toHaveBeenCalledWith(false)
  },
}

export const CompletingAnimation: Story = {
  args: { item: item(4, 'Book offsite venue', { is_completed: true }), phase: 'completing' },
  play: async ({ canvasElement }) => {
    const row = canvasElement.querySelector('[data-slot="item-row"]')
    await expect(row).toHaveClass('is-completing')
  },
}

export const LongContent: Story = {
  args: {
    item: item(
      5,
      `${'Renegotiate the enterprise licence across all regional subsidiaries, '.repeat(4)}— 東京 · Zürich · São Paulo`,
      {
        project_id: manyProjects[0].id,
        assigned_to_team_member_id: manyMembers[0].id,
      },
    ),
    projects: manyProjects,
    members: manyMembers,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Überarbeitung der Kundenplattform/)).toBeVisible()
    await expect(canvas.getByText(/Assigned to Bartholomew/)).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Edit:/ }))
    await userEvent.click(canvas.getByRole('combobox', { name: 'Project' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Q4 Hiring' }))
    await expect(args.onProjectChange).toHaveBeenCalledWith(2)
    await userEvent.click(canvas.getByRole('combobox', { name: 'Assignee' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Unassigned' }))
    await expect(args.onAssign).toHaveBeenCalledWith(null)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    const row = within(canvas.getByRole('listitem'))
    await expect(row.getByRole('checkbox')).not.toBeChecked()
  },
}

/** The row's age chip: its short text (what sighted readers see) and its whole sentence. */
function ageChip(canvasElement: HTMLElement) {
  const chip = canvasElement.querySelector<HTMLElement>('[data-slot="age-chip"]')
  if (!chip) throw new Error('no age chip')
  return { chip, short: chip.querySelector('[aria-hidden="true"]')?.textContent ?? '' }
}

const STALLED_SENTENCE =
  'Stalled, open 3 weeks, since the report of Nov 2, carried over from an earlier report'

export const Ageing: Story = {
  name: 'Open three weeks (stalled, carried, assigned)',
  args: {
    item: item(6, 'Sign the data processing agreement with the warehouse vendor', {
      project_id: 1,
      assigned_to_team_member_id: 1,
      carried_from_item_id: 40,
      origin_week_start_date: '2026-11-02',
      open_weeks: 3,
      is_stalled: true,
    }),
  },
  play: async ({ canvas, canvasElement }) => {
    // the spec's text stays, the initials beside it
    await expect(canvas.getByText('Assigned to Priya Natarajan')).toBeVisible()
    const avatar = canvasElement.querySelector('[data-slot="avatar"]')
    await expect(avatar).toHaveAttribute('data-initials', 'PN')
    // '3w' in amber with an hourglass and '↳'; the sentence is the tooltip and for screen readers
    const { chip, short } = ageChip(canvasElement)
    await expect(short).toBe('3w')
    await expect(chip).toHaveAttribute('data-stalled', 'true')
    await expect(chip).toHaveAttribute('data-carried', 'true')
    await expect(chip).toHaveAttribute('title', STALLED_SENTENCE)
    await expect(within(chip).getByText(STALLED_SENTENCE)).toHaveClass('cad-sr-only')
    await expect(chip.querySelectorAll('svg')).toHaveLength(2)
    await expect(canvas.queryByText('Carried')).toBeNull()
  },
}

export const AgeingOneWeek: Story = {
  name: 'Open one week',
  args: {
    item: item(7, 'Follow up with Finance on the migration budget', {
      item_type: 'followup',
      origin_week_start_date: '2026-11-09',
      open_weeks: 1,
      is_stalled: false,
    }),
  },
  play: async ({ canvasElement }) => {
    const { chip, short } = ageChip(canvasElement)
    await expect(short).toBe('1w')
    await expect(chip).toHaveAttribute('title', 'Open 1 week, since the report of Nov 9')
    await expect(chip).not.toHaveAttribute('data-stalled')
    await expect(chip).not.toHaveAttribute('data-carried')
    await expect(chip.querySelector('svg')).toBeNull()
  },
}

export const AgeingNew: Story = {
  name: 'New this week',
  args: {
    item: item(8, 'Book offsite venue', { origin_week_start_date: '2026-11-16', open_weeks: 0 }),
  },
  play: async ({ canvasElement }) => {
    const { chip, short } = ageChip(canvasElement)
    await expect(short).toBe('new')
    await expect(chip).toHaveAttribute('title', 'New this week')
  },
}

export const AgeingHiddenWhenDone: Story = {
  name: 'No ageing on completed or standard items',
  render: (args) => (
    <>
      <ItemRow
        {...args}
        item={item(9, 'Decommission staging cluster', {
          is_completed: true,
          assigned_to_team_member_id: 1,
          origin_week_start_date: '2026-10-26',
          open_weeks: 4,
          is_stalled: false,
        })}
      />
      <ItemRow
        {...args}
        item={item(10, 'Hired two engineers', {
          item_type: 'standard',
          origin_week_start_date: '2026-10-26',
          open_weeks: 4,
        })}
      />
    </>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Decommission staging cluster')).toBeVisible()
    await expect(canvas.getByText('Assigned to Priya Natarajan')).toBeVisible()
    await expect(canvasElement.querySelector('[data-slot="age-chip"]')).toBeNull()
  },
}

export const AgeingDark: Story = {
  ...Ageing,
  name: 'Stalled (dark)',
  globals: { theme: 'dark' },
}

export const AgeingMobile: Story = {
  ...Ageing,
  name: 'Stalled, carried, assigned (390 px)',
  globals: { viewport: { value: 'mobile', isRotated: false } },
}

export const CompletedAssignedDark: Story = {
  name: 'Completed, assigned (dark)',
  args: {
    item: item(11, 'Close the Q3 books', {
      is_completed: true,
      project_id: 1,
      assigned_to_team_member_id: 1,
    }),
  },
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('checkbox', { name: /Mark as pending/ })).toBeChecked()
    await expect(canvas.getByText('Assigned to Priya Natarajan')).toBeVisible()
    await expect(canvasElement.querySelector('[data-slot="age-chip"]')).toBeNull()
  },
}

/**
 * A follow-up made from a reader's question: marked 'from a reader', only the author's until
 * 'Include in brief' (no asker's name anywhere: the author writes it if they want it).
 */
export const FromReader: Story = {
  args: {
    item: item(9, 'Does the slip move the Apollo launch?', {
      item_type: 'followup',
      from_reader: true,
      include_in_brief: false,
    }),
    onIncludeChange: fn(),
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/from a reader/)).toHaveTextContent(
      'from a reader · only you see it',
    )
    const include = canvas.getByRole('button', { name: 'Include in brief' })
    await expect(include).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(include)
    await expect(args.onIncludeChange).toHaveBeenCalledWith(true)
  },
}
export const FromReaderIncluded: Story = {
  args: {
    item: item(9, 'Does the slip move the Apollo launch?', {
      item_type: 'followup',
      from_reader: true,
      include_in_brief: true,
    }),
    onIncludeChange: fn(),
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/from a reader/)).toHaveTextContent(
      'from a reader · in the brief',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Included in brief' }))
    await expect(args.onIncludeChange).toHaveBeenCalledWith(false)
  },
}
export const FromReaderDark: Story = { ...FromReader, globals: { theme: 'dark' } }

/** Accepted from a source's suggestion (issue 47): a small link opens the pull request. */
export const FromASource: Story = {
  args: {
    item: item(30, 'Merged: faster invoice export', {
      item_type: 'standard',
      project_id: 1,
      source_url: 'https://github.com/acme/api/pull/412',
    }),
  },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Open where this came from (new tab)' })
    await expect(link).toHaveAttribute('href', 'https://github.com/acme/api/pull/412')
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'))
  },
}

/** A link that is not a web page is never drawn as one. */
export const FromASourceNotAPage: Story = {
  args: {
    item: item(31, 'Imported with an odd link', {
      item_type: 'standard',
      source_url: 'javascript:alert(1)',
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Imported with an odd link')).toBeVisible()
    await expect(canvas.queryByRole('link')).toBeNull()
  },
}
