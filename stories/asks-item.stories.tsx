// Stories for ui/src/components/item-row.tsx's ask action (ui/src/components/asks.tsx is the
// block): an item is marked as an ask of the readers from its own actions.
import { ItemRow } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'Components/Asks/Item',
  component: ItemRow,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <ul className="cad-items">
        <Story />
      </ul>
    ),
  ],
  args: {
    item: {
      id: 41,
      content: 'Approve the Q1 hiring budget',
      is_completed: false,
      item_type: 'standard',
      project_id: null,
      is_ask: false,
      ask_closed_at: null,
    },
    onEdit: fn(),
    onAskChange: fn(),
  },
} satisfies Meta<typeof ItemRow>
export default meta
type Story = StoryObj<typeof meta>

export const MarkAsAsk: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('button', { name: /^Ask readers/ })
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(toggle)
    await expect(args.onAskChange).toHaveBeenCalledWith(true)
  },
}

export const IsAnAsk: Story = {
  args: { item: { ...meta.args.item, is_ask: true } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Ask of readers')).toBeVisible()
    const toggle = canvas.getByRole('button', { name: /Stop asking readers/ })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(toggle)
    await expect(args.onAskChange).toHaveBeenCalledWith(false)
  },
}
