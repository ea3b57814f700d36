// Stories for ui/src/components/import-report-dialog.tsx
import { ImportReportDialog, type ImportStructure } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'

const parsed: ImportStructure = {
  sections: [
    {
      sectionName: 'Tasks',
      items: [
        { content: 'Finalise vendor shortlist', projectName: 'Platform Migration' },
        { content: 'Book offsite venue', projectName: null },
      ],
    },
    { sectionName: 'Follow-ups', items: [{ content: 'Call the vendor', projectName: null }] },
  ],
}

const many: ImportStructure = {
  sections: [
    {
      sectionName: 'Wins & Highlights — Überblick (東京)',
      items: Array.from({ length: 40 }, (_, i) => ({
        content: i === 0 ? 'A'.repeat(180) : `Item ${i + 1}`,
        projectName: i % 4 === 0 ? 'Überarbeitung der Kundenplattform' : null,
      })),
    },
  ],
}

const meta = {
  title: 'Components/ImportReportDialog',
  component: ImportReportDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onPreview: fn(async () => parsed),
    onImport: fn(),
  },
} satisfies Meta<typeof ImportReportDialog>

export default meta
type Story = StoryObj<typeof meta>

const open = () => screen.findByRole('dialog', { name: 'Import Report' })

export const Empty: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    await expect(
      await within(dialog).findByText('Please paste report content to preview'),
    ).toBeVisible()
    await expect(args.onPreview).not.toHaveBeenCalled()
  },
}

export const Typical: Story = {
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.type(
      within(dialog).getByLabelText('Report content'),
      'Tasks{Enter}- Finalise vendor shortlist',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    await expect(await within(dialog).findByText('2 sections, 3 items')).toBeVisible()
    await expect(within(dialog).getByText('Platform Migration')).toBeVisible()
    // back to the text, then preview again and import
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }))
    await expect(within(dialog).getByLabelText('Report content')).toHaveValue(
      'Tasks\n- Finalise vendor shortlist',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import' }))
    await waitFor(() =>
      expect(args.onImport).toHaveBeenCalledWith(parsed, 'Tasks\n- Finalise vendor shortlist'),
    )
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}

export const ParseFailure: Story = {
  args: { onPreview: fn(async () => Promise.reject(new Error('bad'))) },
  play: async () => {
    const dialog = await open()
    await userEvent.type(within(dialog).getByLabelText('Report content'), 'garbage')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    await expect(await within(dialog).findByText('Failed to parse report content')).toBeVisible()
  },
}

export const LongContent: Story = {
  args: { onPreview: fn(async () => many) },
  play: async () => {
    const dialog = await open()
    await userEvent.type(within(dialog).getByLabelText('Report content'), 'x')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    await expect(await within(dialog).findByText('1 section, 40 items')).toBeVisible()
    await expect(within(dialog).getByText('Wins & Highlights — Überblick (東京)')).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ args }) => {
    const dialog = await open()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    const dialog = await open()
    await expect(within(dialog).getByLabelText('Report content')).toBeVisible()
  },
}
