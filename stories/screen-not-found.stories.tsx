// Stories for ui/src/screens/static-pages.tsx
import { NotFoundView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Screens/Not Found',
  component: NotFoundView,
} satisfies Meta<typeof NotFoundView>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute(
      'href',
      '/',
    )
  },
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) =>
    expect(canvas.getByText('The page you are looking for does not exist.')).toBeVisible(),
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: 'Page not found' })).toBeVisible(),
}
