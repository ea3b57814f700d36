// Stories for ui/src/screens/static-pages.tsx
import { ReleaseNotesView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Screens/Release Notes',
  component: ReleaseNotesView,
} satisfies Meta<typeof ReleaseNotesView>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => expect(canvas.getByText('1.2.0')).toBeInTheDocument(),
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: '1.0.0 (20 Sep 2025)' })).toBeVisible()
    await expect(canvas.getByText('Installable offline app')).toBeVisible()
  },
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: '1.1.0 (25 Sep 2025)' })).toBeVisible(),
}
