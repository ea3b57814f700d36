// Stories for ui/src/components/app-shell.tsx
import { AppShell, Sidebar, type SidebarTab } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import * as React from 'react'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import {
  manyMembers,
  manyProjects,
  manyReports,
  members,
  projects,
  reports,
  TODAY,
  user,
} from './composite-fixtures'

function DemoSidebar({ long = false }: { long?: boolean }) {
  const [tab, setTab] = React.useState<SidebarTab>('reports')
  return (
    <Sidebar
      tab={tab}
      onTabChange={setTab}
      reports={long ? manyReports : reports}
      projects={long ? manyProjects : projects}
      members={long ? manyMembers : members}
      today={TODAY}
      onAddReport={() => {}}
      onAddTeamMember={() => {}}
      onAddProject={() => {}}
    />
  )
}

const meta = {
  title: 'Components/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    active: 'dashboard',
    user,
    isAdmin: false,
    onSearch: fn(),
    onSignOut: fn(),
    onNavigate: fn(),
    children: (
      <div style={{ maxWidth: 1100 }}>
        <h1 style={{ fontSize: 24, marginBottom: 8 }}>Dashboard</h1>
        <p>What is open, what changed, what you owe.</p>
      </div>
    ),
  },
} satisfies Meta<typeof AppShell>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  name: 'Empty (no user name, no sidebar)',
  args: { user: { ...user, name: null, provider_name: null }, children: null },
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Reports', 'Projects', 'Team', 'Decisions'])
    await expect(canvas.getByRole('link', { name: 'Cadence' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // Search opens the overlay, it is not a route
    await userEvent.click(within(nav).getByRole('button', { name: /Search/ }))
    await expect(args.onSearch).toHaveBeenCalledOnce()
    // the name falls back to the e-mail
    await userEvent.click(
      canvas.getByRole('button', { name: 'Account menu for dana.whitfield@example.com' }),
    )
    const menu = await screen.findByRole('menu')
    await expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).toBeNull()
    await userEvent.keyboard('{Escape}')
  },
}

export const Typical: Story = {
  args: { active: 'reports', isAdmin: true, sidebar: <DemoSidebar /> },
  play: async ({ canvas, args }) => {
    await expect(
      within(canvas.getByRole('navigation', { name: 'Main' })).getByRole('link', {
        name: 'Reports',
      }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getByRole('tablist', { name: 'Sidebar lists' })).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Account menu for Dana Whitfield' }))
    const menu = await screen.findByRole('menu')
    await expect(within(menu).getByText('dana.whitfield@example.com')).toBeVisible()
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent?.trim()),
    ).toEqual(['Settings', 'Admin', 'Sign Out'])
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Settings' }))
    await expect(args.onNavigate).toHaveBeenCalledWith('/settings')
    await userEvent.click(canvas.getByRole('button', { name: 'Account menu for Dana Whitfield' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }))
    await expect(args.onSignOut).toHaveBeenCalledOnce()
  },
}

export const OfflineWithPendingChanges: Story = {
  args: { offline: true, pendingChanges: 3, active: 'team' },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status')
    await expect(status).toHaveTextContent('Offline')
    await expect(status).toHaveTextContent('3 changes waiting to sync')
    // chrome is left off paper
    await expect(canvas.getByRole('banner')).toHaveAttribute('data-print', 'hide')
  },
}

export const LongContent: Story = {
  args: {
    active: 'projects',
    user: {
      ...user,
      provider_name: 'Bartholomew Alexander Featherstonehaugh-Montgomery III (東京)',
    },
    sidebar: <DemoSidebar long />,
    pendingChanges: 40,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('40 changes waiting to sync')
    await expect(canvas.getByRole('button', { name: /Account menu for Bartholomew/ })).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { sidebar: <DemoSidebar />, sidebarOpen: true, onSidebarOpenChange: fn() },
  render: function Render(args) {
    const [open, setOpen] = React.useState(args.sidebarOpen)
    return (
      <AppShell
        {...args}
        sidebarOpen={open}
        onSidebarOpenChange={(v) => {
          setOpen(v)
          args.onSidebarOpenChange?.(v)
        }}
      />
    )
  },
  play: async ({ canvas, args }) => {
    // the sidebar is a slide-over dialog on small screens
    const sheet = await screen.findByRole('dialog', { name: 'Sidebar' })
    await expect(within(sheet).getByRole('tablist')).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(args.onSidebarOpenChange).toHaveBeenCalledWith(false))
    // the top bar's button opens it again
    await userEvent.click(await canvas.findByRole('button', { name: 'Open sidebar' }))
    await expect(await screen.findByRole('dialog', { name: 'Sidebar' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    const bottom = await canvas.findByRole('navigation', { name: 'Main (mobile)' })
    await expect(within(bottom).getAllByRole('link')).toHaveLength(5)
    await expect(within(bottom).getByRole('button', { name: /Search/ })).toBeInTheDocument()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { active: 'settings', sidebar: <DemoSidebar /> },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await expect(within(nav).queryByRole('link', { current: 'page' })).toBeNull()
    // Settings lives in the account menu: its trigger is the current item.
    await expect(canvas.getByRole('button', { name: /^Account menu/ })).toHaveAttribute(
      'aria-current',
      'page',
    )
  },
}

/** On the Admin Dashboard no item of the top navigation is the current page. */
export const OnAdmin: Story = {
  args: { active: 'admin', isAdmin: true },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(0)
    await expect(canvas.getByRole('button', { name: /^Account menu/ })).toHaveAttribute(
      'aria-current',
      'page',
    )
  },
}

/** A page not found belongs to no section: nothing in the top bar is the current page. */
export const NotFound: Story = {
  args: { active: 'none' },
  play: async ({ canvas }) => {
    await expect(document.querySelectorAll('[aria-current="page"]')).toHaveLength(0)
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveClass('is-active')
  },
}

/** On the projects overview, Projects is the current page in both navigations. */
export const OnProjects: Story = {
  args: { active: 'projects' },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' })
    await expect(within(nav).getByRole('link', { current: 'page' })).toHaveAccessibleName(
      'Projects',
    )
    await expect(canvas.getByRole('button', { name: /^Account menu/ })).not.toHaveAttribute(
      'aria-current',
    )
  },
}

/** Readers asked on private links: a count on Reports, read out with what it counts. */
export const NewQuestionsBadge: Story = {
  args: {
    active: 'dashboard',
    badges: { reports: { count: 3, label: 'new questions from readers' } },
  },
  play: async ({ canvas }) => {
    const main = canvas.getByRole('navigation', { name: 'Main' })
    await expect(within(main).getByRole('link', { name: /^Reports/ })).toHaveAccessibleName(
      'Reports 3 new questions from readers',
    )
    await expect(within(main).getByRole('link', { name: /^Projects/ })).toHaveAccessibleName(
      'Projects',
    )
  },
}

export const NewQuestionsBadgeMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { badges: { reports: { count: 12, label: 'new questions from readers' } } },
  play: async ({ canvas }) => {
    const bottom = await canvas.findByRole('navigation', { name: 'Main (mobile)' })
    await expect(within(bottom).getByText('12')).toBeVisible()
  },
}
