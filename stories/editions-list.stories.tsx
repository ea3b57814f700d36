import { EditionsList } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'

// The report page's previous editions (ui/src/components/editions-list.tsx): each readable as it
// was sent and downloadable as a PDF.

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })

const meta = {
  title: 'Components/EditionsList',
  component: EditionsList,
  args: {
    editions: [
      { number: 2, sent_at: '2026-11-24T15:00:00Z', note: 'Corrected the Apollo launch date' },
      { number: 1, sent_at: '2026-11-20T16:00:00Z', note: null },
    ],
    onOpen: fn(),
    pdfHref: (n: number) => `/api/reports/r1/editions/${n}/pdf`,
    formatDate,
  },
} satisfies Meta<typeof EditionsList>
export default meta
type Story = StoryObj<typeof meta>

export const Typical: Story = {
  play: async ({ canvas, args }) => {
    const rows = canvas.getAllByRole('listitem')
    await expect(rows).toHaveLength(2)
    await expect(rows[0]).toHaveTextContent('Edition 2')
    await expect(rows[0]).toHaveTextContent('Nov 24, 2026')
    await expect(rows[0]).toHaveTextContent('Corrected the Apollo launch date')
    await userEvent.click(canvas.getByRole('button', { name: 'Read edition 1' }))
    await expect(args.onOpen).toHaveBeenCalledWith(1)
    await expect(canvas.getByRole('link', { name: 'Download PDF of edition 2' })).toHaveAttribute(
      'href',
      '/api/reports/r1/editions/2/pdf',
    )
  },
}

export const WithoutPdf: Story = {
  args: { pdfHref: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: /Download PDF/ })).toBeNull()
  },
}

export const NoneYet: Story = {
  args: { editions: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="editions"]')).toBeNull()
  },
}

export const Dark: Story = { ...Typical, globals: { theme: 'dark' } }

export const Mobile: Story = {
  ...Typical,
  globals: { viewport: { value: 'mobile', isRotated: false } },
}
