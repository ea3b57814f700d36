// Stories for ui/src/primitives/tabs.tsx
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { defaultValue: 'reports' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Sidebar">
        <TabsTrigger value="reports">Reports</TabsTrigger>
        <TabsTrigger value="projects">Projects</TabsTrigger>
        <TabsTrigger value="team">Team</TabsTrigger>
      </TabsList>
      <TabsContent value="reports">This week's report and recent reports.</TabsContent>
      <TabsContent value="projects">Active projects sorted by name.</TabsContent>
      <TabsContent value="team">Team members with title and email.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Reports' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent("This week's report")
    await userEvent.click(canvas.getByRole('tab', { name: 'Team' }))
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Team members')
  },
}

export const KeyboardNavigation: Story = {
  args: { defaultValue: 'projects' },
  parameters: { visual: { showFocus: true } },
  play: async ({ canvas }) => {
    canvas.getByRole('tab', { name: 'Projects' }).focus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tab', { name: 'Team' })).toHaveFocus()
    await expect(canvas.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tab', { name: 'Reports' })).toHaveFocus()
  },
}
