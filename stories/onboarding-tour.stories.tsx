// Stories for ui/src/components/onboarding-tour.tsx and onboarding-tour-step-body.tsx, step by step
import { type OnboardingStep, OnboardingTour } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import * as React from 'react'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { manyMembers, manyProjects, members, projects } from './composite-fixtures'
import { templateDefaults } from './fixture-defaults'

const sections = [
  { ...templateDefaults, id: 1, name: 'Highlights', type: 'standard' as const, sort_order: 0 },
  { ...templateDefaults, id: 2, name: 'Tasks', type: 'tasks' as const, sort_order: 1 },
  { ...templateDefaults, id: 3, name: 'Follow-ups', type: 'followups' as const, sort_order: 2 },
]

const meta = {
  title: 'Components/OnboardingTour',
  component: OnboardingTour,
  args: {
    open: true,
    step: 'welcome',
    onStepChange: fn(),
    preferences: {
      weekly_start_day: 'monday',
      weekly_end_day: 'friday',
      report_frequency: 'weekly',
    },
    sections,
    projects: projects.filter((p) => p.status === 'active'),
    members,
    hasCurrentReport: false,
    onSavePreferences: fn(),
    onAddSection: fn(),
    onAddProject: fn(),
    onAddTeamMember: fn(),
    onCreateReport: fn(),
    onSkip: fn(),
    onFinish: fn(),
  },
  render: function Render(args) {
    const [step, setStep] = React.useState<OnboardingStep>(args.step)
    return (
      <OnboardingTour
        {...args}
        step={step}
        onStepChange={(s) => {
          setStep(s)
          args.onStepChange(s)
        }}
      />
    )
  },
} satisfies Meta<typeof OnboardingTour>

export default meta
type Story = StoryObj<typeof meta>

const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name })

export const Empty: Story = {
  name: 'Empty (no data yet)',
  args: { step: 'project', projects: [], members: [] },
  play: async ({ args }) => {
    const tour = await dialog('Add a project')
    await expect(within(tour).getByText('No projects yet')).toBeVisible()
    await userEvent.click(within(tour).getByRole('button', { name: 'Add Project' }))
    await expect(await within(tour).findByText('Please enter a project name')).toBeVisible()
    await expect(args.onAddProject).not.toHaveBeenCalled()
    await userEvent.click(within(tour).getByRole('button', { name: 'Next' }))
    const member = await dialog('Add a team member')
    await expect(within(member).getByLabelText('Email (optional)')).toHaveAttribute('type', 'email')
    await userEvent.click(within(member).getByRole('button', { name: 'Add Team Member' }))
    await expect(await within(member).findByText('Please enter a name')).toBeVisible()
    // The e-mail is optional, but a typed one must be an address.
    await userEvent.type(within(member).getByLabelText('Name'), 'Priya')
    await userEvent.type(within(member).getByLabelText('Email (optional)'), 'priya@')
    await userEvent.click(within(member).getByRole('button', { name: 'Add Team Member' }))
    await expect(
      await within(member).findByText('Enter a valid e-mail or leave it empty'),
    ).toBeVisible()
    await expect(args.onAddTeamMember).not.toHaveBeenCalled()
  },
}

/** Issue 46: skipping the sections step is said, on the step and again before the report. */
export const SectionsSkipped: Story = {
  args: { step: 'sections', sections: [] },
  play: async () => {
    const tour = await dialog('Report sections')
    await expect(
      within(tour).getByText(/You can skip this step: your first report will then start without/),
    ).toBeVisible()
    await userEvent.click(within(tour).getByRole('button', { name: 'Skip Step' }))
  },
}

export const ReportStepWithoutSections: Story = {
  args: { step: 'report', sections: [] },
  play: async () => {
    const tour = await dialog('Your first report')
    await expect(tour).toHaveTextContent(
      'You skipped the sections: it starts without any, and offers the usual ones in one click.',
    )
  },
}

export const Typical: Story = {
  play: async ({ args }) => {
    const welcome = await dialog('Welcome to Cadence')
    await expect(within(welcome).getByText('Step 1 of 7')).toBeVisible()
    await expect(within(welcome).getByRole('button', { name: 'Skip for now' })).toBeVisible()
    await userEvent.click(within(welcome).getByRole('button', { name: 'Start Tour' }))

    const prefs = await dialog('Your reporting week')
    await expect(within(prefs).getByRole('progressbar')).toBeInTheDocument()
    await userEvent.click(within(prefs).getByRole('button', { name: 'Next' }))
    await waitFor(() =>
      expect(args.onSavePreferences).toHaveBeenCalledWith({
        weekly_start_day: 'monday',
        weekly_end_day: 'friday',
        report_frequency: 'weekly',
      }),
    )

    const secs = await dialog('Report sections')
    await userEvent.click(within(secs).getByRole('button', { name: 'Add Section' }))
    await expect(await within(secs).findByText('Please enter a section name')).toBeVisible()
    await userEvent.type(within(secs).getByLabelText('Section name'), 'Risks{Enter}')
    await waitFor(() =>
      expect(args.onAddSection).toHaveBeenCalledWith({ name: 'Risks', type: 'standard' }),
    )
    await userEvent.click(within(secs).getByRole('button', { name: 'Skip Step' }))

    const proj = await dialog('Add a project')
    await userEvent.type(within(proj).getByLabelText('Project name'), 'Atlas{Enter}')
    await waitFor(() => expect(args.onAddProject).toHaveBeenCalledWith('Atlas'))
    // Back returns to the previous step
    await userEvent.click(within(proj).getByRole('button', { name: 'Back' }))
    await userEvent.click(
      within(await dialog('Report sections')).getByRole('button', { name: 'Next' }),
    )
    await userEvent.click(
      within(await dialog('Add a project')).getByRole('button', { name: 'Next' }),
    )

    const team = await dialog('Add a team member')
    await userEvent.type(within(team).getByLabelText('Name'), 'Ada')
    await userEvent.type(within(team).getByLabelText('Email (optional)'), 'ada@example.com{Enter}')
    await waitFor(() =>
      expect(args.onAddTeamMember).toHaveBeenCalledWith({
        name: 'Ada',
        title: null,
        email: 'ada@example.com',
      }),
    )
    await userEvent.click(within(team).getByRole('button', { name: 'Next' }))

    const rep = await dialog('Your first report')
    await expect(
      within(rep).getByRole('checkbox', { name: 'Carry over open items from the previous report' }),
    ).toBeChecked()
    await userEvent.click(within(rep).getByRole('button', { name: "Create This Week's Report" }))
    await expect(args.onCreateReport).toHaveBeenCalledOnce()
    await expect(args.onCreateReport).toHaveBeenCalledWith({ carry_over: true })
    // Made: the tour moves on by itself (no 'Next', no claim that a report already exists).

    const done = await dialog("You're all set")
    await expect(within(done).getByText('Step 7 of 7')).toBeVisible()
    await userEvent.click(within(done).getByRole('button', { name: 'Start Reporting' }))
    await expect(args.onFinish).toHaveBeenCalledOnce()
  },
}

export const SkipConfirm: Story = {
  args: { step: 'sections' },
  play: async ({ args }) => {
    const tour = await dialog('Report sections')
    await userEvent.click(within(tour).getByRole('button', { name: 'Close onboarding tour' }))
    await expect(await within(tour).findByText('Skip Onboarding Tour?')).toBeVisible()
    await userEvent.click(within(tour).getByRole('button', { name: 'Continue Setup' }))
    await expect(within(tour).queryByText('Skip Onboarding Tour?')).toBeNull()
    await userEvent.click(within(tour).getByRole('button', { name: 'Close onboarding tour' }))
    await userEvent.click(await within(tour).findByRole('button', { name: 'Yes, Skip Setup' }))
    await expect(args.onSkip).toHaveBeenCalledOnce()
  },
}

export const LongContent: Story = {
  args: { step: 'project', projects: manyProjects, members: manyMembers },
  play: async () => {
    const tour = await dialog('Add a project')
    // up to 3 listed, then '+N more'
    await expect(
      within(tour).getByRole('list', { name: 'Your projects' }).querySelectorAll('li'),
    ).toHaveLength(4)
    await expect(within(tour).getByText('+37 more')).toBeVisible()
    await userEvent.click(within(tour).getByRole('button', { name: 'Next' }))
    const team = await dialog('Add a team member')
    await expect(within(team).getByText('+37 more')).toBeVisible()
    await expect(within(team).getByText(/Featherstonehaugh/)).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { step: 'report', hasCurrentReport: true },
  play: async () => {
    const tour = await dialog('Your first report')
    await expect(within(tour).getByText(/You already have a report for this week/)).toBeVisible()
    await expect(
      within(tour).getByRole('button', { name: "Open This Week's Report" }),
    ).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ args }) => {
    const tour = await dialog('Welcome to Cadence')
    await userEvent.click(within(tour).getByRole('button', { name: 'Skip for now' }))
    await expect(args.onSkip).toHaveBeenCalledOnce()
  },
}

// Week over week: the report step offers carry-over, from the user's setting.
export const ReportStepCarryOver: Story = {
  args: { step: 'report', defaultCarryOver: false },
  play: async ({ args }) => {
    const tour = await dialog('Your first report')
    const carry = within(tour).getByRole('checkbox', {
      name: 'Carry over open items from the previous report',
    })
    await expect(carry).not.toBeChecked()
    await userEvent.click(carry)
    await userEvent.click(within(tour).getByRole('button', { name: "Create This Week's Report" }))
    await expect(args.onCreateReport).toHaveBeenCalledWith({ carry_over: true })
    // Made: the tour moves on to its last step.
    await dialog("You're all set")
  },
}

export const ReportStepExistingReport: Story = {
  name: 'Report step with this week already there (no carry-over)',
  args: { step: 'report', hasCurrentReport: true },
  play: async () => {
    const tour = await dialog('Your first report')
    await expect(within(tour).queryByRole('checkbox')).toBeNull()
  },
}
