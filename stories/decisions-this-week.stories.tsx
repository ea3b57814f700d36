// Stories for ui/src/components/decisions-this-week.tsx: 'Decided this week' of the brief.
import { type BriefDecision, DecisionsThisWeek } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'

const decisions: BriefDecision[] = [
  {
    id: 1,
    title: 'Move the Apollo launch to March',
    decided_on: '2026-11-18',
    decided_by_name: 'Maya Chen',
    rationale: 'The vendor slipped two weeks and QA needs a full cycle.',
    revisit_on: '2027-01-15',
    project_name: 'Apollo',
  },
  {
    id: 2,
    title: 'Keep the legacy CRM read-only until the export is verified',
    decided_on: '2026-11-19',
    decided_by_name: 'Dana Whitfield',
    rationale: null,
    revisit_on: null,
    project_name: null,
  },
]

const meta = {
  title: 'Components/Decisions/Decided this week',
  component: DecisionsThisWeek,
  parameters: { layout: 'padded' },
  args: { decisions },
} satisfies Meta<typeof DecisionsThisWeek>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Decided this week' })).toBeVisible()
    await expect(
      canvas.getByText('Maya Chen · Nov 18, 2026 · Apollo · Revisit Jan 15, 2027'),
    ).toBeVisible()
    await expect(canvas.getByText(/vendor slipped/)).toBeVisible()
  },
}

export const TypicalDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2)
  },
}

export const TypicalMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/legacy CRM/)).toBeVisible()
  },
}

/** A week with no decision: nothing is drawn. */
export const NoneThisWeek: Story = {
  args: { decisions: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="decisions-this-week"]')).toBeNull()
  },
}
