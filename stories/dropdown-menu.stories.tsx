// Stories for ui/src/primitives/dropdown-menu.tsx
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { LogOut, Settings, Shield } from 'lucide-react'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'

const onSelect = fn()

const meta = {
  title: 'Components/DropdownMenu',
  component: DropdownMenu,
  render: (args) => (
    <div style={{ display: 'flex', justifyContent: 'flex-end', width: 320, minHeight: 200 }}>
      <DropdownMenu {...args}>
        <DropdownMenuTrigger asChild>
          <Button>Ada Lovelace</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>ada@example.com</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => onSelect('settings')}>
            <Settings size={14} aria-hidden="true" /> Settings
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onSelect('admin')}>
            <Shield size={14} aria-hidden="true" /> Admin
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="danger" onSelect={() => onSelect('signout')}>
            <LogOut size={14} aria-hidden="true" /> Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  ),
} satisfies Meta<typeof DropdownMenu>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {
  args: { defaultOpen: true, modal: false },
  play: async () => {
    const menu = await screen.findByRole('menu')
    await expect(menu).toBeVisible()
    await expect(screen.getAllByRole('menuitem').map((i) => i.textContent?.trim())).toEqual([
      'Settings',
      'Admin',
      'Sign Out',
    ])
  },
}

export const SelectWithKeyboard: Story = {
  parameters: { visual: { showFocus: true } },
  play: async ({ canvas }) => {
    onSelect.mockClear()
    const trigger = canvas.getByRole('button', { name: 'Ada Lovelace' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('menu')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(onSelect).toHaveBeenCalledWith('signout')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  },
}
