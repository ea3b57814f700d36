import { TeamMemberView, TeamOverviewView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { memberDashboard, members, projects } from './fixtures'

const meta = {
  title: 'Screens/Team',
  component: TeamMemberView,
  args: {
    data: memberDashboard,
    projects,
    onAdd: fn(),
    onToggle: fn(),
    onDelete: fn(),
    onPrepareOneOnOne: fn(),
  },
} satisfies Meta<typeof TeamMemberView>
export default meta
type Story = StoryObj<typeof meta>

export const Member: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Maya Chen')).toBeInTheDocument()
    await expect(canvas.getByText('covered')).toBeInTheDocument()
    await userEvent.type(canvas.getByRole('textbox', { name: 'Content' }), 'Budget for Q1')
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }))
    await expect(args.onAdd).toHaveBeenCalledWith('talking-points', 'Budget for Q1', null)
    await userEvent.click(canvas.getByRole('button', { name: 'Prepare 1:1' }))
    await expect(args.onPrepareOneOnOne).toHaveBeenCalled()
  },
}
export const MemberNotFound: Story = {
  args: { data: null },
  play: async ({ canvas }) => expect(canvas.getByText('Team member not found')).toBeInTheDocument(),
}
const onAddMember = fn()
export const Overview: Story = {
  render: () => <TeamOverviewView members={members} onAddMember={onAddMember} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Team Members')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Add Team Member' }))
    await expect(onAddMember).toHaveBeenCalled()
  },
}
export const OverviewEmpty: Story = {
  render: () => <TeamOverviewView members={[]} onAddMember={onAddMember} />,
  play: async ({ canvas }) => expect(canvas.getByText('No Team Members')).toBeInTheDocument(),
}
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } }
