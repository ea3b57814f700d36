// Stories for ui/src/screens/shared-report.tsx
import { LinkUnavailableView, type SharedReport, SharedReportView } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'Screens/Shared Report',
  component: SharedReportView,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SharedReportView>

export default meta
type Story = StoryObj<typeof meta>

const data: SharedReport = {
  report: {
    title: 'Apollo beta and Q4 hiring',
    week_start_date: '2026-11-23',
    summary: 'Beta slipped two weeks; hiring on plan for engineering, behind for sales.',
    sent_date: '2026-11-27',
    author: { name: 'Dana Whitfield', title: 'Chief Executive' },
    organisation_name: 'Northwind Labs',
    project_health: [
      {
        project_uuid: 'p-apollo',
        project_name: 'Apollo',
        health: 'at_risk',
        note: 'Vendor slipped the beta by two weeks.',
        previous_health: 'on_track',
        open_count: 2,
        completed_count: 1,
      },
      {
        project_uuid: 'p-hiring',
        project_name: 'Q4 hiring',
        health: 'on_track',
        note: null,
        previous_health: 'on_track',
        open_count: 1,
        completed_count: 1,
      },
    ],
    sections: [
      {
        id: 1,
        section_name: 'Highlights',
        section_type: 'standard',
        content: null,
        items: [
          {
            id: 11,
            content: 'Closed the Series C data room',
            is_completed: false,
            project_name: null,
            assignee_name: null,
          },
        ],
      },
      {
        id: 2,
        section_name: 'Action Items',
        section_type: 'tasks',
        content: null,
        items: [
          {
            id: 21,
            content: 'Move the beta to Dec 7',
            is_completed: false,
            project_name: 'Apollo',
            assignee_name: 'Dana Ruiz',
          },
          {
            id: 22,
            content: 'Sign the QA vendor',
            is_completed: true,
            project_name: 'Apollo',
            assignee_name: null,
          },
          {
            id: 23,
            content: 'Two senior engineers start Monday',
            is_completed: true,
            project_name: 'Q4 hiring',
            assignee_name: null,
          },
        ],
      },
    ],
  },
  edition: { number: 1, sent_at: '2026-11-27T16:00:00.000Z', note: null },
  questions: [
    {
      id: 1,
      name: 'Maria',
      text: 'Does the slip move the launch?',
      item_id: 21,
      created_at: '2026-11-24T09:00:00Z',
      answer: 'No: the launch keeps Jan 12; QA overlaps the beta.',
    },
  ],
}

const formatDate = (iso: string) => iso.slice(0, 10)

export const Default: Story = {
  args: {
    data,
    weekRange: 'Nov 23 – Nov 29, 2026',
    formatDate,
    onAcknowledge: fn(async () => {}),
    onAsk: fn(async () => {}),
  },
  play: async ({ canvas, args }) => {
    // The draft's content and the health table; nothing else of the account.
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeVisible()
    await expect(canvas.getByRole('table')).toHaveTextContent('Vendor slipped the beta')
    await expect(canvas.queryByRole('navigation')).toBeNull()
    await expect(canvas.getByText(/Does the slip move the launch\?/)).toBeVisible()
    await expect(canvas.getByText(/the launch keeps Jan 12/)).toBeVisible()

    await userEvent.click(canvas.getByRole('button', { name: 'Ask about “Sign the QA vendor”' }))
    const form = canvas.getByRole('form', { name: 'Question about “Sign the QA vendor”' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'Your name' }), 'Maria')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Question' }), 'Which vendor?')
    await userEvent.click(within(form).getByRole('button', { name: 'Send question' }))
    await waitFor(() =>
      expect(args.onAsk).toHaveBeenCalledWith({
        name: 'Maria',
        text: 'Which vendor?',
        item_id: 22,
      }),
    )
    await expect(await within(form).findByRole('status')).toHaveTextContent('Sent.')

    const respond = canvas.getByRole('region', { name: 'Respond' })
    await userEvent.type(within(respond).getAllByRole('textbox', { name: 'Your name' })[0], 'Maria')
    await userEvent.click(within(respond).getByRole('button', { name: 'Read — thanks' }))
    await waitFor(() => expect(args.onAcknowledge).toHaveBeenCalledWith('Maria'))
    await expect(
      await within(respond).findByText(/the author will see that you have read it/),
    ).toBeVisible()
  },
}

export const QuestionRefused: Story = {
  args: {
    data,
    weekRange: 'Nov 23 – Nov 29, 2026',
    formatDate,
    onAcknowledge: fn(async () => {}),
    onAsk: async () => {
      throw new Error('Too many questions from this link; try again in a minute')
    },
  },
  play: async ({ canvas }) => {
    const form = canvas.getByRole('form', { name: 'Question on the whole report' })
    await userEvent.click(within(form).getByRole('button', { name: 'Send question' }))
    await expect(within(form).getByRole('alert')).toHaveTextContent('Your name is required')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Your name' }), 'Ken')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Question' }), 'Budget?')
    await userEvent.click(within(form).getByRole('button', { name: 'Send question' }))
    await expect(await within(form).findByRole('alert')).toHaveTextContent('Too many questions')
    // What the reader typed stays.
    await expect(within(form).getByRole('textbox', { name: 'Question' })).toHaveValue('Budget?')
  },
}

export const Acknowledged: Story = {
  args: {
    data: { ...data, report: { ...data.report, project_health: [] } },
    weekRange: 'Nov 23 – Nov 29, 2026',
    formatDate,
    acknowledged: true,
    onAcknowledge: fn(async () => {}),
    onAsk: fn(async () => {}),
  },
  play: async ({ canvas }) => {
    // A report without projects shows no health table.
    await expect(canvas.queryByRole('table')).toBeNull()
    await expect(canvas.getByText(/the author will see that you have read it/)).toBeVisible()
  },
}

export const Mobile: Story = {
  args: Default.args,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Project health' })).toBeVisible()
  },
}

export const Dark: Story = {
  args: Default.args,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Weekly Report' })).toBeVisible()
  },
}

export const LinkUnavailable: Story = {
  args: Default.args,
  render: () => <LinkUnavailableView />,
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'This link is no longer available' }),
    ).toBeVisible()
  },
}
