// Stories for ui/src/components/project-health-signals.tsx (and its place in ProjectHealthPanel)
import { healthLabel, type ProjectHealth, ProjectHealthPanel, TeamSignals } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn } from 'storybook/test'

const meta = {
  title: 'Components/ProjectHealthSignals',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const change = fn(async (_projectUuid: string, _next: unknown) => {})

/** Ada calls Apollo on track; Tom's sent report says at risk, Priya's off track. */
const rows: ProjectHealth[] = [
  {
    project_uuid: 'p-apollo',
    project_name: 'Apollo',
    health: 'on_track',
    note: 'Launch on time',
    previous_health: 'on_track',
    open_count: 4,
    completed_count: 2,
    team_signals: [
      { team_member_name: 'Tom', health: 'at_risk', note: 'vendor slipped' },
      {
        team_member_name: 'Priya Raghunathan-Oyelaran',
        health: 'off_track',
        note: 'QA environment has been down since Tuesday; the beta cannot start before the 30th, which moves the launch by at least two weeks.',
      },
    ],
  },
  {
    project_uuid: 'p-atlas',
    project_name: 'Atlas data migration',
    health: 'at_risk',
    note: null,
    previous_health: 'at_risk',
    open_count: 2,
    completed_count: 5,
  },
  {
    project_uuid: 'p-hiring',
    project_name: 'Q4 hiring',
    health: 'at_risk',
    note: 'Two offers declined.',
    previous_health: 'on_track',
    open_count: 3,
    completed_count: 0,
    team_signals: [{ team_member_name: 'Sam', health: 'off_track', note: null }],
  },
]

const panel = () => <ProjectHealthPanel rows={rows} onChange={change} />

export const Flagged: Story = {
  render: panel,
  play: async ({ canvas }) => {
    // In words, on the row of the project it is about; a row nobody contradicts has none.
    await expect(canvas.getByText("Tom: At risk — 'vendor slipped'")).toBeVisible()
    await expect(canvas.getByText('Sam: Off track')).toBeVisible()
    await expect(canvas.getAllByRole('list', { name: 'Your team calls this worse' })).toHaveLength(
      2,
    )
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: panel,
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Tom: At risk — 'vendor slipped'")).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: panel,
  play: async ({ canvas }) => {
    // The long note wraps inside the row instead of widening the page.
    const long = canvas.getByText(/Priya Raghunathan-Oyelaran: Off track/)
    await expect(long).toBeVisible()
    await expect(long.getBoundingClientRect().width).toBeLessThanOrEqual(390)
  },
}

export const None: Story = {
  render: () => <TeamSignals signals={[]} label={healthLabel} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cad-team-signals')).toBeNull()
  },
}
