// Stories for ui/src/screens/static-pages.tsx
import { TermsView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Screens/Terms',
  component: TermsView,
} satisfies Meta<typeof TermsView>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => expect(canvas.getByText(/99\.9% uptime/)).toBeInTheDocument(),
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Terms of Service' })).toBeVisible()
    await expect(canvas.getByText(/last 12 months/)).toBeVisible()
  },
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) =>
    expect(canvas.getByRole('heading', { name: 'Terms of Service' })).toBeVisible(),
}
