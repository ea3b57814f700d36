// Stories for ui/src/primitives/card.tsx
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Components/Card',
  component: Card,
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof Card>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  render: () => (
    <Card>
      <CardHeader>
        <CardTitle>Active Tasks</CardTitle>
        <CardDescription>Assigned across this week's reports</CardDescription>
      </CardHeader>
      <CardContent>Finalize Q4 budget with finance, then circulate the board deck.</CardContent>
      <CardFooter>
        <Button size="sm" variant="link">
          View all
        </Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Active Tasks' })).toBeVisible()
    await expect(canvas.getByText("Assigned across this week's reports")).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'View all' })).toBeEnabled()
  },
}

export const TitleLevel: Story = {
  render: () => (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Reports</CardTitle>
      </CardHeader>
      <CardContent>Nothing yet.</CardContent>
    </Card>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Recent Reports' })).toBeVisible()
  },
}
