// Stories for ui/src/components/since-last-week.tsx
import { SinceLastWeek } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, type within } from 'storybook/test'
import {
  firstReportChanges,
  longChanges,
  quietChanges,
  reportChanges,
} from './fixtures-week-over-week'

const meta = {
  title: 'Components/SinceLastWeek',
  component: SinceLastWeek,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 800 }}>
        <Story />
      </div>
    ),
  ],
  args: { changes: reportChanges },
} satisfies Meta<typeof SinceLastWeek>

export default meta
type Story = StoryObj<typeof meta>

const count = (canvas: ReturnType<typeof within>, label: string) =>
  canvas.getByRole('button', { name: new RegExp(`${label}$`) })

export const Typical: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Since last week' })).toBeVisible()
    await expect(canvas.getByText('Compared with the report of Nov 9, 2026')).toBeVisible()
    await expect(count(canvas, 'Completed')).toHaveTextContent('2Completed')
    await expect(count(canvas, 'New')).toHaveTextContent('3New')
    await expect(count(canvas, 'Carried')).toHaveTextContent('2Carried')
    await expect(count(canvas, 'Stalled')).toHaveTextContent('1Stalled')
    // lists are closed until a count is chosen
    await expect(canvas.queryByText('Check with Legal on Atlas DPA')).toBeNull()
    await userEvent.click(count(canvas, 'Stalled'))
    await expect(count(canvas, 'Stalled')).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByRole('heading', { name: 'Stalled (1)' })).toBeVisible()
    await expect(canvas.getByText('Check with Legal on Atlas DPA')).toBeVisible()
    await expect(canvas.getByText('open 3 weeks, since the report of Oct 26')).toBeVisible()
    // another count switches the list; the same count again closes it
    await userEvent.click(count(canvas, 'Completed'))
    await expect(canvas.getByText('Ship Apollo onboarding flow')).toBeVisible()
    await expect(canvas.queryByText('Check with Legal on Atlas DPA')).toBeNull()
    await userEvent.click(count(canvas, 'Completed'))
    await expect(canvas.queryByText('Ship Apollo onboarding flow')).toBeNull()
  },
}

export const Memo: Story = {
  name: 'Memo (the brief and paper)',
  args: { variant: 'memo', headingLevel: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Since last week', level: 3 })).toBeVisible()
    await expect(canvas.queryByRole('button')).toBeNull()
    // one line of counts, then only the completed and stalled items: nothing said twice
    await expect(canvas.getByText(/2 completed/).closest('p')).toHaveTextContent(
      '2 completed3 new2 carried1 stalled',
    )
    for (const h of ['Completed (2)', 'Stalled (1)'])
      await expect(canvas.getByRole('heading', { name: h, level: 4 })).toBeVisible()
    for (const h of [/^New \(/, /^Carried \(/])
      await expect(canvas.queryByRole('heading', { name: h })).toBeNull()
    await expect(canvas.getByText('Confirm SOC 2 auditor timeline')).toBeVisible()
    await expect(canvas.getByText('Check with Legal on Atlas DPA')).toBeVisible()
    await expect(canvas.queryByText('Review board deck draft')).toBeNull()
  },
}

export const FirstReport: Story = {
  args: { changes: firstReportChanges },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No earlier report to compare with')).toBeVisible()
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

export const NothingChanged: Story = {
  args: { changes: quietChanges, defaultOpen: 'new' },
  play: async ({ canvas }) => {
    await expect(count(canvas, 'New')).toHaveTextContent('0New')
    await expect(canvas.getByText('None')).toBeVisible()
  },
}

export const LongContent: Story = {
  args: { changes: longChanges, defaultOpen: 'carried' },
  play: async ({ canvas }) => {
    await expect(count(canvas, 'Carried')).toHaveTextContent('14Carried')
    await expect(canvas.getAllByText('open 11 weeks, since the report of Aug 31')).toHaveLength(14)
    await expect(canvas.getByText(/Überarbeitung der Kundenplattform/)).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { defaultOpen: 'new' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Finalize Apollo beta launch checklist')).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { defaultOpen: 'stalled' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Check with Legal on Atlas DPA')).toBeVisible()
  },
}
