import { ListSkeleton, PageSkeleton, ReportSkeleton, Skeleton } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof Skeleton>

export default meta
type Story = StoryObj<typeof meta>

export const Report: Story = {
  render: () => <ReportSkeleton />,
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status')
    await expect(status).toHaveTextContent('Loading report')
    await expect(status).toHaveAttribute('aria-busy', 'true')
  },
}

export const List: Story = {
  render: () => <ListSkeleton rows={6} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading list')
    await expect(
      canvas.getByRole('status').querySelectorAll('.cad-list-skeleton__row'),
    ).toHaveLength(6)
  },
}

export const Page: Story = {
  render: () => <PageSkeleton />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading page')
  },
}

export const Block: Story = {
  args: { width: 240, height: 16 },
  play: async ({ canvasElement }) => {
    const block = canvasElement.querySelector('[data-slot="skeleton"]')
    await expect(block).toHaveAttribute('aria-hidden', 'true')
  },
}
