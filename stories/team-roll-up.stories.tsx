// Stories for ui/src/components/team-roll-up.tsx
import {
  AssignedToMe,
  formatDate,
  InviteDialog,
  ItemRow,
  MemberLink,
  MyTeams,
  type TeamMember,
} from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ComponentProps } from 'react'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { assignedItems, invited, linked, memberships, notLinked } from './fixtures-team'

const meta = {
  title: 'Components/Team roll-up',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const fmt = (iso: string) => formatDate(iso)

const onInvite = fn()
const onRevoke = fn()
const onUnlink = fn()
const onChangeEmail = fn()
/** A member's link state; `changeEmail` also offers 'Change address'. */
const link = (member: TeamMember, changeEmail = false) => (
  <MemberLink
    member={member}
    onInvite={onInvite}
    onRevoke={onRevoke}
    onUnlink={onUnlink}
    onChangeEmail={changeEmail ? onChangeEmail : undefined}
    formatDate={fmt}
  />
)

export const MemberNotOnCadence: Story = {
  render: () => link(notLinked),
  play: async ({ canvas }) => {
    onInvite.mockClear()
    await expect(canvas.getByText('Not on Cadence yet')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Invite to Cadence' }))
    await expect(onInvite).toHaveBeenCalledTimes(1)
  },
}

/** Issue 46: a member added without an e-mail is asked for one, not 'Invitations go to '. */
export const MemberWithoutEmail: Story = {
  render: () => link({ ...notLinked, email: '' }, true),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(`No e-mail yet: add one to invite ${notLinked.name}.`),
    ).toBeVisible()
    await expect(canvas.queryByText(/Invitations go to/)).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Add address' })).toBeVisible()
  },
}

export const MemberInvited: Story = {
  render: () => link(invited),
  play: async ({ canvas }) => {
    onRevoke.mockClear()
    onInvite.mockClear()
    await expect(canvas.getByText('Invitation sent · expires Dec 9, 2026')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke' }))
    await expect(onRevoke).toHaveBeenCalledWith(7)
    await userEvent.click(canvas.getByRole('button', { name: 'New link' }))
    await expect(onInvite).toHaveBeenCalledTimes(1)
  },
}

/** The executive corrects the address invitations go to (only that address can accept one). */
export const MemberInvitedChangeAddress: Story = {
  render: () => link(invited, true),
  play: async ({ canvas }) => {
    onChangeEmail.mockClear()
    await expect(canvas.getByText(/Invitations go to/)).toHaveTextContent(
      `Invitations go to ${invited.email}; only that address can accept one.`,
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Change address' }))
    const field = canvas.getByRole('textbox', { name: `E-mail address of ${invited.name}` })
    await expect(field).toHaveValue(invited.email)
    await userEvent.clear(field)
    await userEvent.type(field, 'tom@home.example{Enter}')
    await expect(onChangeEmail).toHaveBeenCalledWith('tom@home.example')
    // Escape backs out without a change.
    await userEvent.click(canvas.getByRole('button', { name: 'Change address' }))
    await userEvent.keyboard('{Escape}')
    await expect(onChangeEmail).toHaveBeenCalledTimes(1)
  },
}

export const MemberInvitedChangeAddressEditingMobile: Story = {
  render: () => link(invited, true),
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Change address' }))
    await expect(
      canvas.getByRole('textbox', { name: `E-mail address of ${invited.name}` }),
    ).toBeVisible()
  },
}

export const MemberNotOnCadenceChangeAddressDark: Story = {
  render: () => link(notLinked, true),
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Not on Cadence yet')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Change address' })).toBeVisible()
  },
}

export const MemberLinked: Story = {
  render: () => link(linked),
  play: async ({ canvas }) => {
    onUnlink.mockClear()
    await expect(canvas.getByText('Linked — tom.reed@example.com')).toBeVisible()
    // Cancel backs out without unlinking.
    await userEvent.click(canvas.getByRole('button', { name: 'Unlink' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    await expect(canvas.getByText('Linked — tom.reed@example.com')).toBeVisible()
    // Focus is back on the Unlink the question had replaced.
    await expect(canvas.getByRole('button', { name: 'Unlink' })).toHaveFocus()
    await userEvent.click(canvas.getByRole('button', { name: 'Unlink' }))
    await expect(canvas.getByText(/ends every shared view at once/)).toBeVisible()
    await expect(onUnlink).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Unlink' }))
    await expect(onUnlink).toHaveBeenCalledTimes(1)
  },
}

const created = fn(async () => ({
  id: 7,
  url: 'https://cadence.example.com/invite/3q2x9VfGk1mXcP8e7Lh0bQ',
  expires_at: '2026-12-09T09:00:00.000Z',
  emailed: true,
  not_emailed_reason: null,
}))
const copied = fn((_url: string) => {})

const onOpenChange = fn()

/** The invite dialog for Tom Reed, with what a story is about given in `props`. */
const invite = (props: Partial<ComponentProps<typeof InviteDialog>>) => (
  <InviteDialog
    open
    onOpenChange={() => {}}
    memberName="Tom Reed"
    memberEmail="tom@example.com"
    onCreate={created}
    onCopy={() => {}}
    formatDate={fmt}
    {...props}
  />
)

export const InviteBeforeCreating: Story = {
  render: () => invite({ onOpenChange, smtp: true, onCopy: copied }),
  play: async () => {
    onOpenChange.mockClear()
    created.mockClear()
    const dialog = await screen.findByRole('dialog', { name: 'Invite to Cadence' })
    await expect(within(dialog).getByRole('button', { name: 'Create invitation' })).toBeVisible()
    await expect(within(dialog).queryByRole('textbox')).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(onOpenChange).toHaveBeenCalledWith(false)
    await expect(created).not.toHaveBeenCalled()
  },
}

export const InviteCreatesALink: Story = {
  render: () => invite({ smtp: true, onCopy: copied }),
  play: async () => {
    created.mockClear()
    copied.mockClear()
    const dialog = await screen.findByRole('dialog', { name: 'Invite to Cadence' })
    await expect(dialog).toHaveTextContent(
      'Tom Reed signs in with their own account and sees what you assign to them; their sent reports reach your Team updates.',
    )
    await expect(dialog).toHaveTextContent('We also e-mail the link to tom@example.com.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invitation' }))
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1))
    const url = await within(dialog).findByRole('textbox', { name: 'Invitation link' })
    await expect(url).toHaveValue('https://cadence.example.com/invite/3q2x9VfGk1mXcP8e7Lh0bQ')
    await expect(dialog).toHaveTextContent('Single use · works until Dec 9, 2026.')
    await expect(dialog).toHaveTextContent('We also e-mailed it to tom@example.com.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }))
    await expect(copied).toHaveBeenCalledWith(
      'https://cadence.example.com/invite/3q2x9VfGk1mXcP8e7Lh0bQ',
    )
  },
}

export const InviteWithoutMail: Story = {
  render: () =>
    invite({
      onCreate: async () => ({
        id: 8,
        url: 'https://cadence.example.com/invite/x',
        expires_at: '2026-12-09T09:00:00.000Z',
        emailed: false,
        not_emailed_reason: 'mail_not_set_up',
      }),
    }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Invite to Cadence' })
    await expect(dialog).toHaveTextContent(
      'E-mail is not set up on this server: you send the link to Tom Reed yourself.',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invitation' }))
    await expect(
      await within(dialog).findByText(/Send it to Tom Reed yourself: it is not shown again/),
    ).toBeVisible()
    await expect(dialog).not.toHaveTextContent('We also e-mailed it')
  },
}

export const InviteFails: Story = {
  render: () =>
    invite({
      onCreate: async () => {
        throw new Error('Team member not found')
      },
    }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Invite to Cadence' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create invitation' }))
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to create the invitation: Team member not found',
    )
  },
}

const onToggle = fn()
const onNote = fn()
const assigned = (items: typeof assignedItems) => (
  <AssignedToMe items={items} onToggle={onToggle} onNote={onNote} formatWeek={fmt} />
)

export const AssignedToMeGrouped: Story = {
  render: () => assigned(assignedItems),
  play: async ({ canvas }) => {
    onToggle.mockClear()
    onNote.mockClear()
    await expect(canvas.getByRole('heading', { name: 'Assigned to me' })).toBeVisible()
    const ada = canvas.getByRole('region', { name: 'From Ada Lovelace' })
    const bea = canvas.getByRole('region', { name: 'From Bea Hale' })
    await expect(within(ada).getAllByRole('listitem')).toHaveLength(2)
    await expect(within(bea).getByText('Zephyr')).toBeVisible()
    await expect(ada).toHaveTextContent('Week of Nov 23, 2026')
    await expect(ada).toHaveTextContent('Your note: Sent Tuesday; finance confirmed')
    // A completed row is struck through like every completed item, and can be reopened.
    await expect(canvas.getByText('Send the hiring plan to finance')).toHaveClass(
      'cad-assigned__content--done',
    )
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Send the hiring plan to finance' }))
    await expect(onToggle).toHaveBeenCalledWith(102, false)
    await userEvent.click(
      canvas.getByRole('checkbox', { name: 'Draft the Apollo budget for the board' }),
    )
    await expect(onToggle).toHaveBeenCalledWith(101, true)
    await userEvent.click(within(bea).getByRole('button', { name: 'Add a note' }))
    const input = within(bea).getByRole('textbox', { name: 'Note for Bea Hale' })
    await userEvent.type(input, 'Called them today{Enter}')
    await expect(onNote).toHaveBeenCalledWith(103, 'Called them today')
  },
}

/** Editing a note: Escape backs out, Save keeps it; the input stops at 500 characters. */
export const AssignedToMeEditNote: Story = {
  render: () => assigned(assignedItems),
  play: async ({ canvas }) => {
    onNote.mockClear()
    const ada = canvas.getByRole('region', { name: 'From Ada Lovelace' })
    await userEvent.click(within(ada).getByRole('button', { name: 'Edit note' }))
    let input = within(ada).getByRole('textbox', { name: 'Note for Ada Lovelace' })
    await expect(input).toHaveValue('Sent Tuesday; finance confirmed')
    await expect(input).toHaveAttribute('maxlength', '500')
    await userEvent.type(input, ' and paid{Escape}')
    await expect(onNote).not.toHaveBeenCalled()
    await expect(ada).toHaveTextContent('Your note: Sent Tuesday; finance confirmed')
    await userEvent.click(within(ada).getByRole('button', { name: 'Edit note' }))
    input = within(ada).getByRole('textbox', { name: 'Note for Ada Lovelace' })
    await userEvent.clear(input)
    await userEvent.type(input, 'Finance confirmed on Tuesday')
    await userEvent.click(within(ada).getByRole('button', { name: 'Save' }))
    await expect(onNote).toHaveBeenCalledWith(102, 'Finance confirmed on Tuesday')
  },
}

export const AssignedToMeEmpty: Story = {
  render: () => assigned([]),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nothing assigned to you.')).toBeVisible()
  },
}

export const AssignedToMeDark: Story = {
  render: () => assigned(assignedItems),
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Assigned to me' })).toBeVisible()
  },
}

const onLeave = fn()

export const TeamsYouAreOn: Story = {
  render: () => <MyTeams teams={memberships} onLeave={onLeave} />,
  play: async ({ canvas }) => {
    onLeave.mockClear()
    await expect(canvas.getByText("On Ada Lovelace's team as Tom Reed")).toBeVisible()
    await userEvent.click(canvas.getAllByRole('button', { name: 'Leave' })[1])
    await expect(
      canvas.getByText('Bea Hale will no longer see your reports or assign you items.'),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Leave team' }))
    await expect(onLeave).toHaveBeenCalledWith('m-tommy')
  },
}

export const TeamsNone: Story = {
  render: () => <MyTeams teams={[]} onLeave={onLeave} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText("You are not on anyone's team.")).toBeVisible()
  },
}

/** The executive's item after the linked member completed it, with their note; and a pulled one. */
export const ItemAttribution: Story = {
  render: () => (
    <ul className="cad-items">
      <ItemRow
        item={{
          id: 1,
          content: 'Draft the Apollo budget for the board',
          is_completed: true,
          item_type: 'task',
          project_id: null,
          assigned_to_team_member_id: 1,
          assignee_completed_at: '2026-11-24T15:00:00.000Z',
          assignee_note: 'Sent to finance',
        }}
        members={[linked]}
      />
      <ItemRow
        item={{
          id: 2,
          content: 'Apollo beta opened to 40 design partners',
          is_completed: false,
          item_type: 'standard',
          project_id: null,
          source_author_name: 'Tom Reed',
        }}
      />
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Completed by Tom Reed · Tue')).toBeVisible()
    await expect(canvas.getByText('Tom Reed: Sent to finance')).toBeVisible()
    await expect(canvas.getByText("from Tom Reed's report")).toBeVisible()
  },
}
