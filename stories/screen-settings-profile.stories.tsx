// Stories for ui/src/screens/settings-profile.tsx: Settings → Profile and organisation
import { SettingsView, type SettingsViewActions, type SettingsViewData } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { projects, sectionTemplates, userSettings } from './fixtures'

const data: SettingsViewData = {
  settings: {
    ...userSettings,
    organisation_name: 'Northwind Labs',
    confidentiality_line: 'Confidential: for the board of Northwind Labs only',
    paper_size: 'letter',
    email_attach_pdf: false,
  },
  sections: sectionTemplates,
  projects,
  profile: { name: 'Dana Whitfield', display_title: 'Chief Executive' },
}
const actions: SettingsViewActions = {
  onSavePreferences: fn(),
  onRecipientsChange: fn(),
  onAddSection: fn(),
  onUpdateSection: fn(),
  onDeleteSection: fn(),
  onReorderSections: fn(),
  onAddProject: fn(),
  onRenameProject: fn(),
  onSetProjectsStatus: fn(),
  onCombineProjects: fn(),
  onDeleteProject: fn(),
  onSaveProfile: fn(),
}

const meta = {
  title: 'Screens/Settings/Profile and organisation',
  component: SettingsView,
  args: { data, actions, defaultTab: 'profile' },
} satisfies Meta<typeof SettingsView>
export default meta
type Story = StoryObj<typeof meta>

export const Profile: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Profile and organisation' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const save = canvas.getByRole('button', { name: 'Save Profile' })
    await expect(save).toBeDisabled()
    const preview = canvas.getByRole('figure', { name: 'Memo header preview' })
    await expect(preview).toHaveTextContent('Northwind Labs')
    await expect(preview).toHaveTextContent('From Dana Whitfield, Chief Executive')
    const title = canvas.getByRole('textbox', { name: 'Your title' })
    await userEvent.clear(title)
    await userEvent.type(title, '  Chief Operating Officer ')
    // The preview follows the field as it is typed, before saving.
    await expect(preview).toHaveTextContent('From Dana Whitfield, Chief Operating Officer')
    await userEvent.click(canvas.getByRole('combobox', { name: 'Paper size' }))
    await userEvent.click(await screen.findByRole('option', { name: 'A4' }))
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Attach the PDF to the e-mail' }))
    await expect(canvas.getByRole('status')).toHaveTextContent('Unsaved changes')
    await userEvent.click(save)
    // Only what changed, trimmed.
    await expect(args.actions.onSaveProfile).toHaveBeenCalledWith({
      display_title: 'Chief Operating Officer',
      paper_size: 'a4',
      email_attach_pdf: true,
    })
  },
}
export const Empty: Story = {
  args: {
    data: {
      ...data,
      settings: { ...userSettings },
      profile: { name: null, display_title: null },
    },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('combobox', { name: 'Paper size' })).toHaveTextContent('Letter')
    const org = canvas.getByRole('textbox', { name: 'Organisation' })
    await userEvent.type(org, 'x'.repeat(121))
    await expect(canvas.getByText('At most 120 characters')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Save Profile' })).toBeDisabled()
    await userEvent.clear(org)
    await userEvent.type(org, 'Contoso{Enter}')
    await waitFor(() =>
      expect(args.actions.onSaveProfile).toHaveBeenCalledWith({ organisation_name: 'Contoso' }),
    )
  },
}
export const ProfileDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Profile and organisation' })).toBeVisible()
  },
}
export const ProfileMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Confidentiality line' })).toBeVisible()
  },
}
