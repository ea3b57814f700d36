// Stories for ui/src/screens/auth-callback.tsx
import { AuthCallbackView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const meta = {
  title: 'Screens/Sign-in Callback',
  component: AuthCallbackView,
} satisfies Meta<typeof AuthCallbackView>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => expect(canvas.getByText('Signing you in...')).toBeInTheDocument(),
}
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) =>
    expect(canvas.getByText('Just a moment while we set up your account.')).toBeVisible(),
}
export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => expect(canvas.getByText('Signing you in...')).toBeVisible(),
}
