// Stories for ui/src/components/project-health.tsx and project-health-panel.tsx (the Panel* stories: the report editor's health control)
import {
  HealthBadge,
  HealthTimeline,
  type ProjectHealth,
  ProjectHealthPanel,
  ProjectHealthTable,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'Components/ProjectHealth',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** What the panel reports; cleared at the start of each story that reads it. */
const change = fn(async (_projectUuid: string, _next: unknown) => {})

const rows: ProjectHealth[] = [
  {
    project_uuid: 'p-apollo',
    project_name: 'Apollo',
    health: 'at_risk',
    note: 'Vendor slipped the beta by two weeks; the launch date holds only if QA starts Monday.',
    previous_health: 'on_track',
    open_count: 4,
    completed_count: 2,
  },
  {
    project_uuid: 'p-atlas',
    project_name: 'Atlas data migration',
    health: 'on_track',
    note: null,
    previous_health: 'at_risk',
    open_count: 2,
    completed_count: 5,
  },
  {
    project_uuid: 'p-hiring',
    project_name: 'Q4 hiring',
    health: 'off_track',
    note: 'Two offers declined.',
    previous_health: 'off_track',
    open_count: 3,
    completed_count: 0,
  },
  {
    project_uuid: 'p-offsite',
    project_name: 'Offsite 東京 — über-long project name that keeps going to test wrapping',
    health: null,
    note: null,
    previous_health: null,
    open_count: 1,
    completed_count: 0,
  },
]

export const Badges: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <HealthBadge health="on_track" />
      <HealthBadge health="at_risk" />
      <HealthBadge health="off_track" />
      <HealthBadge health={null} />
    </div>
  ),
  play: async ({ canvas }) => {
    // The word carries the meaning, never the colour alone.
    for (const word of ['On track', 'At risk', 'Off track', 'Not set'])
      await expect(canvas.getByText(word)).toBeVisible()
  },
}

export const Table: Story = {
  render: () => <ProjectHealthTable rows={rows} />,
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table')
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeVisible()
    const apollo = within(table).getByRole('row', { name: /Apollo/ })
    await expect(apollo).toHaveTextContent('At risk')
    await expect(apollo).toHaveTextContent('Worse (was On track)')
    await expect(within(table).getByRole('row', { name: /Atlas/ })).toHaveTextContent(
      'Better (was At risk)',
    )
    await expect(within(table).getByRole('row', { name: /Q4 hiring/ })).toHaveTextContent(
      'No change',
    )
    await expect(within(table).getByRole('row', { name: /Offsite/ })).toHaveTextContent('Not set')
  },
}

/** Issue 46: a project at risk last week with no items this week stays, its health carried. */
export const TableCarried: Story = {
  render: () => (
    <ProjectHealthTable
      rows={[
        rows[0],
        {
          project_uuid: 'p-mercury',
          project_name: 'Mercury',
          health: 'at_risk',
          note: null,
          previous_health: 'at_risk',
          open_count: 0,
          completed_count: 0,
        },
      ]}
    />
  ),
  play: async ({ canvas }) => {
    const mercury = canvas.getByRole('row', { name: /^Mercury/ })
    await expect(mercury).toHaveTextContent('No items this week')
    await expect(mercury).toHaveTextContent('At risk')
    await expect(canvas.getByRole('row', { name: /^Apollo/ })).not.toHaveTextContent(
      'No items this week',
    )
  },
}

export const TableDark: Story = {
  render: () => <ProjectHealthTable rows={rows} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table')).toBeVisible()
  },
}

export const TableMobile: Story = {
  render: () => <ProjectHealthTable rows={rows} />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('row', { name: /Apollo/ })).toBeInTheDocument()
  },
}

export const NoProjects: Story = {
  render: () => (
    <div data-testid="host">
      <ProjectHealthTable rows={[]} />
      <ProjectHealthPanel rows={[]} onChange={async () => {}} />
    </div>
  ),
  play: async ({ canvas }) => {
    // A report without projects shows no table and no panel.
    await expect(canvas.getByTestId('host')).toBeEmptyDOMElement()
  },
}

export const Panel: Story = {
  render: () => <ProjectHealthPanel rows={rows} onChange={change} />,
  play: async ({ canvas }) => {
    change.mockClear()
    const onChange = change
    const why = canvas.getByRole('textbox', { name: 'Why, for Atlas data migration' })
    await userEvent.type(why, 'Cut-over rehearsal passed')
    await userEvent.tab()
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith('p-atlas', {
        health: 'on_track',
        note: 'Cut-over rehearsal passed',
      }),
    )
    // A project without a health takes no why until one is set.
    await expect(canvas.getByRole('textbox', { name: /Why, for Offsite/ })).toBeDisabled()
  },
}

export const PanelChoosesHealth: Story = {
  render: () => <ProjectHealthPanel rows={rows.slice(3)} onChange={change} />,
  play: async ({ canvas }) => {
    change.mockClear()
    const onChange = change
    await userEvent.click(canvas.getByRole('combobox', { name: /Health of Offsite/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Off track' }))
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith('p-offsite', { health: 'off_track', note: null }),
    )
  },
}

export const PanelNoteTooLong: Story = {
  render: () => <ProjectHealthPanel rows={rows.slice(0, 1)} onChange={async () => {}} />,
  play: async ({ canvas }) => {
    const why = canvas.getByRole('textbox', { name: 'Why, for Apollo' })
    await userEvent.clear(why)
    await userEvent.click(why)
    await userEvent.paste('x'.repeat(281))
    await expect(canvas.getByRole('alert')).toHaveTextContent('At most 280 characters (281 now).')
  },
}

export const PanelSaveFails: Story = {
  render: () => (
    <ProjectHealthPanel
      rows={rows.slice(1, 2)}
      onChange={async () => {
        throw new Error('Failed to save the health: you are offline')
      }}
    />
  ),
  play: async ({ canvas }) => {
    const why = canvas.getByRole('textbox', { name: 'Why, for Atlas data migration' })
    await userEvent.type(why, 'On plan')
    await userEvent.tab()
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Failed to save the health: you are offline',
    )
  },
}

export const PanelDark: Story = {
  render: () => <ProjectHealthPanel rows={rows} onChange={async () => {}} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeVisible()
  },
}

export const PanelMobile: Story = {
  render: () => <ProjectHealthPanel rows={rows} onChange={async () => {}} />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Why, for Apollo' })).toBeVisible()
  },
}

const weeks = [
  { week_start_date: '2026-10-26', report_uuid: 'r1', health: 'on_track' as const, note: null },
  { week_start_date: '2026-11-02', report_uuid: 'r2', health: 'on_track' as const, note: null },
  {
    week_start_date: '2026-11-09',
    report_uuid: 'r3',
    health: 'at_risk' as const,
    note: 'Vendor slipped the beta',
  },
  {
    week_start_date: '2026-11-16',
    report_uuid: 'r4',
    health: 'off_track' as const,
    note: 'Beta moved to January',
  },
]
const formatWeek = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

export const Timeline: Story = {
  render: () => <HealthTimeline weeks={weeks} formatWeek={formatWeek} />,
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list')
    const items = within(list).getAllByRole('listitem')
    await expect(items).toHaveLength(4)
    await expect(items[2]).toHaveTextContent('Nov 9At riskVendor slipped the beta')
  },
}

export const TimelineEmpty: Story = {
  render: () => <HealthTimeline weeks={[]} formatWeek={formatWeek} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No health set yet/)).toBeVisible()
  },
}

export const TimelineDark: Story = {
  render: () => <HealthTimeline weeks={weeks} formatWeek={formatWeek} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Off track')).toBeVisible()
  },
}
