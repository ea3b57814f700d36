// Stories for ui/src/components/mention-input.tsx
import { MentionInput, type TeamMember } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor } from 'storybook/test'
import { primitiveMembers } from './fixtures-members'

const meta = {
  title: 'Components/MentionInput',
  component: MentionInput,
  args: {
    value: '',
    onChange: fn(),
    members: primitiveMembers,
    onAssign: fn(),
    onSubmit: fn(),
    'aria-label': 'New task',
    placeholder: 'Add a task… type @ to assign',
  },
  render: function Render(args) {
    const [value, setValue] = useState(args.value)
    const [assignee, setAssignee] = useState<TeamMember | null>(null)
    return (
      <div style={{ maxWidth: 480, minHeight: 240 }}>
        <MentionInput
          {...args}
          value={value}
          onChange={(v) => {
            setValue(v)
            args.onChange(v)
          }}
          onAssign={(m) => {
            setAssignee(m)
            args.onAssign(m)
          }}
        />
        <p style={{ marginTop: 8 }}>Assigned: {assignee ? assignee.name : 'nobody'}</p>
      </div>
    )
  },
} satisfies Meta<typeof MentionInput>

export default meta
type Story = StoryObj<typeof meta>

export const AssignWithKeyboard: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('combobox', { name: 'New task' })
    await userEvent.type(input, 'Send board deck @')
    const options = canvas.getAllByRole('option')
    await expect(options).toHaveLength(4)
    await userEvent.type(input, 'gr')
    await expect(canvas.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Grace HopperPlatform Lead',
    ])
    await userEvent.keyboard('{Enter}')
    await expect(args.onAssign).toHaveBeenCalledWith(primitiveMembers[1])
    await expect(args.onSubmit).not.toHaveBeenCalled()
    await expect(input).toHaveValue('Send board deck')
    await expect(canvas.getByText('Assigned: Grace Hopper')).toBeVisible()
  },
}

export const MatchesTitle: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('combobox', { name: 'New task' })
    await userEvent.type(input, '@FINANCE')
    await expect(canvas.getByRole('option')).toHaveTextContent('Katherine Johnson')
    await userEvent.keyboard('{Tab}')
    await expect(args.onAssign).toHaveBeenCalledWith(primitiveMembers[3])
  },
}

export const ArrowsMoveSelection: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('combobox', { name: 'New task' })
    await userEvent.type(input, '@a')
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    const third = canvas.getAllByRole('option')[2]
    await expect(third).toHaveAttribute('aria-selected', 'true')
    await expect(input).toHaveAttribute('aria-activedescendant', third.id)
    await userEvent.keyboard('{ArrowUp}{Enter}')
    await expect(args.onAssign).toHaveBeenCalledWith(primitiveMembers[1])
  },
}

export const SpaceEndsMention: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'New task' })
    await userEvent.type(input, '@grace')
    await expect(canvas.getByRole('listbox')).toBeVisible()
    await userEvent.type(input, ' hopper')
    await waitFor(() => expect(canvas.queryByRole('listbox')).toBeNull())
  },
}

export const EscapeThenSubmit: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('combobox', { name: 'New task' })
    await userEvent.type(input, 'Email @al')
    await expect(canvas.getByRole('listbox')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(canvas.queryByRole('listbox')).toBeNull()
    await userEvent.keyboard('{Enter}')
    await expect(args.onSubmit).toHaveBeenCalledTimes(1)
    await expect(args.onAssign).not.toHaveBeenCalled()
  },
}

export const NoMatches: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'New task' })
    await userEvent.type(input, '@zzz')
    await expect(canvas.queryByRole('listbox')).toBeNull()
    await expect(input).toHaveAttribute('aria-expanded', 'false')
  },
}

export const SuggestionsOpen: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'New task' })
    await userEvent.type(input, 'Prepare board pack @a')
    const list = canvas.getByRole('listbox', { name: 'Assign to team member' })
    await expect(list).toBeVisible()
    await expect(input).toHaveAttribute('aria-controls', list.id)
    await expect(canvas.getAllByRole('option')).toHaveLength(4)
  },
}
