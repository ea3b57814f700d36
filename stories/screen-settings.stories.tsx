// Stories for ui/src/screens/settings.tsx, settings-projects.tsx and settings-preferences.tsx (the Preferences* stories: the one-way save)
import {
  SettingsView,
  type SettingsViewActions,
  type SettingsViewData,
  type SettingsViewProps,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, within } from 'storybook/test'
import { projects, sectionTemplates, userSettings } from './fixtures'
import { longProjects } from './fixtures-long'

const data: SettingsViewData = { settings: userSettings, sections: sectionTemplates, projects }
const actions: SettingsViewActions = {
  onSavePreferences: fn(),
  onRecipientsChange: fn(),
  onAddSection: fn(),
  onUpdateSection: fn(),
  onDeleteSection: fn(),
  onReorderSections: fn(),
  onAddProject: fn(),
  onRenameProject: fn(),
  onSetProjectsStatus: fn(),
  onCombineProjects: fn(),
  onDeleteProject: fn(),
  onExport: fn(),
}
/** A story's args: the typical data and actions with these changed or added, and the rest. */
const withArgs = ({
  data: changed,
  actions: added,
  ...rest
}: Partial<Omit<SettingsViewProps, 'data' | 'actions'>> & {
  data?: Partial<SettingsViewData>
  actions?: Partial<SettingsViewActions>
}) => ({ data: { ...data, ...changed }, actions: { ...actions, ...added }, ...rest })

const meta = {
  title: 'Screens/Settings',
  component: SettingsView,
  args: { data, actions },
} satisfies Meta<typeof SettingsView>
export default meta
type Story = StoryObj<typeof meta>

export const Preferences: Story = {
  play: async ({ canvas, args }) => {
    const save = canvas.getByRole('button', { name: 'Save Preferences' })
    // Nothing changed: nothing to save, and nothing says there is.
    await expect(save).toBeDisabled()
    await expect(canvas.queryByText('Unsaved changes')).toBeNull()
    await expect(canvas.getByRole('combobox', { name: 'Week start day' })).toHaveTextContent(
      'Monday',
    )
    await expect(canvas.getByRole('combobox', { name: 'Week end day' })).toHaveTextContent('Friday')
    await userEvent.click(canvas.getByRole('combobox', { name: 'Report frequency' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Bi-weekly' }))
    await userEvent.click(canvas.getByRole('combobox', { name: 'Week end day' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Thursday' }))
    await expect(canvas.getByRole('status')).toHaveTextContent('Unsaved changes')
    await userEvent.click(save)
    // Only what changed is sent.
    await expect(args.actions.onSavePreferences).toHaveBeenCalledWith({
      weekly_end_day: 'thursday',
      report_frequency: 'bi-weekly',
    })
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }))
    await expect(args.actions.onExport).toHaveBeenCalled()
  },
}
export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvas }) => expect(canvas.getByText('Saving...')).toBeInTheDocument(),
}
export const Sections: Story = {
  args: { defaultTab: 'sections' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Drag sections to reorder them')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Add Section' }))
    await userEvent.type(canvas.getByRole('textbox', { name: 'Section name' }), 'Risks{Enter}')
    await expect(args.actions.onAddSection).toHaveBeenCalledWith('Risks', 'standard')
  },
}
export const SectionsWithType: Story = {
  args: { defaultTab: 'sections' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add Section' }))
    await userEvent.click(canvas.getByRole('textbox', { name: 'Section name' }))
    await userEvent.paste('Asks')
    await userEvent.click(canvas.getByRole('combobox', { name: 'Section type' }))
    await userEvent.click(
      await screen.findByRole('option', { name: 'Tasks — Trackable action items' }),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await expect(args.actions.onAddSection).toHaveBeenLastCalledWith('Asks', 'tasks')
  },
}
export const SectionsChangeType: Story = {
  args: { defaultTab: 'sections' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Type of Highlights' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Follow-ups' }))
    await expect(args.actions.onUpdateSection).toHaveBeenCalledWith(1, { type: 'followups' })
  },
}
export const SectionsEmpty: Story = {
  args: withArgs({ defaultTab: 'sections', data: { sections: [] } }),
  play: async ({ canvas }) =>
    expect(
      canvas.getByText('No sections configured yet. Add your first section to get started.'),
    ).toBeInTheDocument(),
}
export const Projects: Story = {
  args: { defaultTab: 'projects' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Archived Projects')).toBeInTheDocument()
    await userEvent.click(canvas.getAllByTitle('Delete project')[0] as HTMLElement)
    await expect(args.actions.onDeleteProject).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Reactivate' }))
    await expect(args.actions.onSetProjectsStatus).toHaveBeenCalledWith([4], 'active')
  },
}
export const ProjectsEmpty: Story = {
  args: withArgs({ defaultTab: 'projects', data: { projects: [] } }),
  play: async ({ canvas }) =>
    expect(
      canvas.getByText('No projects yet. Add your first project to get started.'),
    ).toBeInTheDocument(),
}
export const ProjectsNoMatch: Story = {
  args: { defaultTab: 'projects' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search projects' }), 'zzz')
    await expect(canvas.getByText('No projects match your current filters.')).toBeInTheDocument()
    await expect(canvas.queryByText(/^Active Projects/)).toBeNull()
    await expect(canvas.getByText('0 of 4 projects')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))
    await expect(canvas.getByRole('searchbox', { name: 'Search projects' })).toHaveValue('')
    await expect(canvas.getByText('4 of 4 projects')).toBeInTheDocument()
  },
}
export const ProjectsOwner: Story = {
  name: 'Projects: the owner is chosen per project',
  args: withArgs({
    defaultTab: 'projects',
    data: {
      projects: projects.map((p) => (p.id === 1 ? { ...p, owner_member_id: 12 } : p)),
      teamMembers: [
        { id: 11, name: 'Maya Chen' },
        { id: 12, name: 'Hannah Kim' },
      ],
    },
    actions: { onSetProjectOwner: fn() },
  }),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('combobox', { name: 'Owner of Apollo' })).toHaveTextContent(
      'Hannah Kim',
    )
    const atlas = canvas.getByRole('combobox', { name: 'Owner of Atlas' })
    await expect(atlas).toHaveTextContent('No owner (first assignee)')
    atlas.focus()
    await userEvent.keyboard('{Enter}')
    const listbox = await screen.findByRole('listbox')
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No owner (first assignee)', 'Maya Chen', 'Hannah Kim'])
    await userEvent.click(within(listbox).getByRole('option', { name: 'Maya Chen' }))
    await expect(args.actions.onSetProjectOwner).toHaveBeenCalledWith(2, 11)
  },
}
const panelProjects = [
  ...projects,
  {
    id: 5,
    user_id: 1,
    uuid: 'p-zephyr',
    name: 'Zephyr pilot',
    status: 'active' as const,
    created_at: '2026-11-01T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    total_references: 0,
    task_count: 0,
    followup_count: 0,
    reports_count: 0,
  },
]
/** The names of the active rows, top to bottom. */
const activeNames = (canvasElement: HTMLElement) =>
  [
    ...canvasElement.querySelectorAll<HTMLElement>(
      '[aria-labelledby="projects-active"] [role="checkbox"]',
    ),
  ].map((el) => el.getAttribute('aria-label')?.replace('Select ', ''))
export const ProjectsFilterAndSort: Story = {
  args: withArgs({ defaultTab: 'projects', data: { projects: panelProjects } }),
  play: async ({ canvas, canvasElement }) => {
    await expect(activeNames(canvasElement)).toEqual(['Apollo', 'Atlas', 'Hiring', 'Zephyr pilot'])
    await userEvent.click(canvas.getByRole('combobox', { name: 'Filter' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Unused' }))
    await expect(activeNames(canvasElement)).toEqual(['Zephyr pilot'])
    await expect(canvas.queryByText(/^Archived Projects/)).toBeNull()
    await userEvent.click(canvas.getByRole('combobox', { name: 'Filter' }))
    await userEvent.click(await screen.findByRole('option', { name: 'With references' }))
    await expect(activeNames(canvasElement)).toEqual(['Apollo', 'Atlas', 'Hiring'])
    await expect(canvas.getByText('Legacy CRM sunset')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('combobox', { name: 'Sort' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Sort by references' }))
    await expect(activeNames(canvasElement)).toEqual(['Apollo', 'Atlas', 'Hiring'])
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))
    await userEvent.click(canvas.getByRole('combobox', { name: 'Sort' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Sort by last updated' }))
    await expect(activeNames(canvasElement)[0]).toBe('Zephyr pilot')
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search projects' }), 'AT')
    await expect(activeNames(canvasElement)).toEqual(['Atlas'])
    await expect(canvas.getByText('1 of 5 projects')).toBeInTheDocument()
  },
}
export const ProjectsBulkActions: Story = {
  args: { defaultTab: 'projects' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Select All Active Projects' }))
    await expect(canvas.getByText('3 selected')).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Activate' })).toBeDisabled()
    await userEvent.click(canvas.getByRole('button', { name: 'Combine' }))
    await expect(args.actions.onCombineProjects).toHaveBeenCalledWith([1, 2, 3])
    await userEvent.click(canvas.getByRole('button', { name: 'Unselect All Active Projects' }))
    await expect(canvas.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull()
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Atlas' }))
    await expect(canvas.getByRole('button', { name: 'Combine' })).toBeDisabled()
    await userEvent.click(canvas.getByRole('button', { name: 'Archive' }))
    await expect(args.actions.onSetProjectsStatus).toHaveBeenCalledWith([2], 'archived')
    await userEvent.click(canvas.getByRole('button', { name: 'Select All Archived Projects' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Hiring' }))
    await expect(canvas.getByText('2 selected')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Activate' }))
    await expect(args.actions.onSetProjectsStatus).toHaveBeenLastCalledWith([4], 'active')
    await expect(canvas.queryByText(/selected$/)).toBeNull()
  },
}
export const ProjectsLongContent: Story = {
  args: withArgs({ defaultTab: 'projects', data: { projects: longProjects } }),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(40)
    await expect(canvas.getAllByTitle('Delete project')).toHaveLength(32)
    await expect(canvas.getAllByRole('button', { name: 'Reactivate' })).toHaveLength(8)
  },
}
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
    await expect(canvas.queryByText('Report Preferences')).toBeNull()
  },
}
export const Dark: Story = {
  args: { defaultTab: 'projects' },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    await expect(canvas.getByText('Active Projects')).toBeVisible()
    await expect(canvas.getByText('Archived Projects')).toBeVisible()
  },
}
export const PreferencesDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Report Preferences' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Save Preferences' })).toBeVisible()
  },
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Settings' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Save Preferences' })).toBeVisible()
  },
}
export const ProjectsMobile: Story = {
  args: { defaultTab: 'projects' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add Project' })).toBeVisible()
    await expect(canvas.getByText('Active Projects')).toBeVisible()
  },
}

// Week over week: carry-over and the reminders are fields of the form; the recipients, a list,
// save per row.
export const PreferencesWeekOverWeek: Story = {
  args: withArgs({
    data: {
      settings: {
        ...userSettings,
        carry_over: true,
        reminder_enabled: false,
        report_recipients: ['board@example.com'],
      },
      mailEnabled: true,
    },
  }),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Carry over open items' })).toBeChecked()
    await expect(canvas.getByRole('checkbox', { name: 'Weekly reminder e-mail' })).not.toBeChecked()
    await expect(
      canvas.getByRole('checkbox', { name: 'Remind my team to send their report' }),
    ).not.toBeChecked()
    await expect(canvas.getByText('board@example.com')).toBeVisible()
    // A recipient is saved on its own, at once: the form stays unchanged.
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Recipient e-mail' }),
      'cfo@example.com{Enter}',
    )
    await expect(args.actions.onRecipientsChange).toHaveBeenLastCalledWith([
      'board@example.com',
      'cfo@example.com',
    ])
    await expect(canvas.getByRole('button', { name: 'Save Preferences' })).toBeDisabled()
    // A checkbox is part of the form: nothing is saved until 'Save Preferences'.
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Weekly reminder e-mail' }))
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'Remind my team to send their report' }),
    )
    await expect(args.actions.onSavePreferences).not.toHaveBeenCalled()
    await expect(canvas.getByRole('status')).toHaveTextContent('Unsaved changes')
    // Switching tabs keeps the edit.
    await userEvent.click(canvas.getByRole('button', { name: 'Report Sections' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Report Preferences' }))
    await expect(canvas.getByRole('checkbox', { name: 'Weekly reminder e-mail' })).toBeChecked()
    await userEvent.click(canvas.getByRole('button', { name: 'Save Preferences' }))
    await expect(args.actions.onSavePreferences).toHaveBeenCalledWith({
      reminder_enabled: true,
      team_reminder_enabled: true,
    })
  },
}
// Changed back to what is saved: nothing to save again.
export const PreferencesChangedBack: Story = {
  play: async ({ canvas }) => {
    const carry = canvas.getByRole('checkbox', { name: 'Carry over open items' })
    await userEvent.click(carry)
    await expect(canvas.getByRole('button', { name: 'Save Preferences' })).toBeEnabled()
    await userEvent.click(carry)
    await expect(canvas.getByRole('button', { name: 'Save Preferences' })).toBeDisabled()
    await expect(canvas.queryByText('Unsaved changes')).toBeNull()
  },
}
// Unsaved changes, in dark and at 390 px: the hint beside the enabled button.
export const PreferencesUnsavedDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Carry over open items' }))
    await expect(canvas.getByText('Unsaved changes')).toBeVisible()
  },
}
export const PreferencesUnsavedMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Carry over open items' }))
    await expect(canvas.getByText('Unsaved changes')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Save Preferences' })).toBeEnabled()
  },
}
export const PreferencesMailNotConfigured: Story = {
  args: withArgs({ data: { mailEnabled: false } }),
  play: async ({ canvas }) => {
    // settings without the new fields: the defaults of the contract (on, on, none)
    await expect(canvas.getByRole('checkbox', { name: 'Carry over open items' })).toBeChecked()
    await expect(canvas.getByRole('checkbox', { name: 'Weekly reminder e-mail' })).toBeChecked()
    await expect(canvas.getByText('No recipients yet')).toBeVisible()
    await expect(
      canvas.getAllByText(
        'Needs e-mail to be configured on the server; nothing is sent until then.',
      ),
    ).toHaveLength(3)
  },
}

// Reports that travel: Settings → Sharing lists the private links and revokes them.
export const Sharing: Story = {
  args: withArgs({
    defaultTab: 'sharing',
    actions: { onOpenSharing: fn(), onRevokeShare: fn(async () => {}) },
    data: {
      shareLinks: [
        {
          id: 1,
          report_uuid: 'r-47',
          report_title: 'Board brief — week 47',
          week_start_date: '2026-11-16',
          created_at: '2026-11-20T09:00:00.000Z',
          expires_at: '2099-12-20T09:00:00.000Z',
          revoked_at: null,
          views: 3,
          last_viewed_at: '2026-11-21T08:15:00.000Z',
        },
        {
          id: 2,
          report_uuid: 'r-46',
          report_title: null,
          week_start_date: '2026-11-09',
          created_at: '2026-11-13T09:00:00.000Z',
          expires_at: null,
          revoked_at: '2026-11-14T10:00:00.000Z',
          views: 0,
          last_viewed_at: null,
        },
      ],
    },
  }),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Sharing' })).toBeInTheDocument()
    await expect(canvas.getByText('Week of Nov 9, 2026')).toBeInTheDocument()
    await expect(canvas.getByText(/Opened 3 times/)).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke link' }))
    await expect(args.actions.onRevokeShare).toHaveBeenCalledWith(1)
  },
}
export const NoSharingTabWithoutLinks: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Sharing' })).toBeNull()
  },
}
export const Delivery: Story = {
  args: withArgs({
    defaultTab: 'delivery',
    data: { webhookUrls: ['https://hooks.slack.com/services/T0001/B0002/abcdefghijkl'] },
    actions: { onWebhooksChange: fn() },
  }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Delivery' })).toBeInTheDocument()
    await expect(canvas.getByRole('heading', { name: 'Chat delivery' })).toBeInTheDocument()
    await expect(canvas.getByText('Slack')).toBeInTheDocument()
  },
}

// Import as a button like the others (no bare browser file input), with the chosen file's name.
export const ImportFile: Story = {
  args: { actions: { ...actions, onImportFile: fn() } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Import from file…' })).toBeVisible()
    await expect(canvas.getByText('A Cadence export (.json) or a report (.md)')).toBeVisible()
    const file = new File(['{}'], 'cadence-export.json', { type: 'application/json' })
    await userEvent.upload(canvas.getByLabelText('Import from file'), file)
    await expect(args.actions.onImportFile).toHaveBeenCalledWith(file)
    await expect(canvas.getByText('cadence-export.json')).toBeVisible()
  },
}
