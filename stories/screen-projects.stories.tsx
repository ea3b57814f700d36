import { ProjectsOverviewView, ProjectView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { projects, projectUpdates } from './fixtures'

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
export const Overview: Story = {
  render: () => (
    <ProjectsOverviewView
      projects={projects}
      analytics={{
        total_active_projects: 3,
        total_recent_activity: 47,
        total_tasks_last_30_days: 18,
      }}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Avg per Project')).toBeInTheDocument()
    await expect(canvas.getByText('16')).toBeInTheDocument()
  },
}
export const OverviewEmpty: Story = {
  render: () => (
    <ProjectsOverviewView
      projects={[]}
      analytics={{
        total_active_projects: 0,
        total_recent_activity: 0,
        total_tasks_last_30_days: 0,
      }}
    />
  ),
  play: async ({ canvas }) => expect(canvas.getByText('No Active Projects')).toBeInTheDocument(),
}
export const Dark: Story = { globals: { theme: 'dark' } }
