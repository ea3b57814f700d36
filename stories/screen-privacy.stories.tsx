// Stories for ui/src/screens/static-pages.tsx
import { PrivacyView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Screens/Privacy',
  component: PrivacyView,
} satisfies Meta<typeof PrivacyView>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible()
    await expect(canvas.getByText('Last updated: 26 Sep 2025')).toBeVisible()
    await expect(canvas.getByText(/within 90 days/)).toBeVisible()
    await expect(canvas.getByText(/30-day notice/)).toBeVisible()
  },
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible(),
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible(),
}
