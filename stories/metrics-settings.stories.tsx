// Stories for ui/src/components/metrics-settings.tsx
import { type Metric, MetricsSettings } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor } from 'storybook/test'

const meta = {
  title: 'Components/MetricsSettings',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const at = '2026-11-20T09:00:00.000Z'
const defined: Metric[] = [
  {
    id: 1,
    name: 'ARR',
    unit: '€k',
    direction: 'up',
    target: 500,
    sort_order: 0,
    created_at: at,
    updated_at: at,
  },
  {
    id: 2,
    name: 'Monthly churn',
    unit: '%',
    direction: 'down',
    target: 3,
    sort_order: 1,
    created_at: at,
    updated_at: at,
  },
  {
    id: 3,
    name: 'Qualified leads',
    unit: null,
    direction: 'up',
    target: null,
    sort_order: 2,
    created_at: at,
    updated_at: at,
  },
]

const add = fn(async (_input: unknown) => {})
const update = fn(async (_id: number, _changes: unknown) => {})
const remove = fn(async (_id: number) => {})
const actions = { onAddMetric: add, onUpdateMetric: update, onDeleteMetric: remove }

export const Defined: Story = {
  render: () => <MetricsSettings metrics={defined} {...actions} />,
  play: async ({ canvas }) => {
    update.mockClear()
    add.mockClear()
    remove.mockClear()
    await expect(canvas.getByRole('heading', { name: 'Metrics' })).toBeVisible()
    await expect(canvas.getAllByRole('textbox', { name: 'Metric name' })).toHaveLength(3)
    // A field is saved on blur.
    const target = canvas.getByRole('textbox', { name: 'Target of Monthly churn' })
    await userEvent.clear(target)
    await userEvent.type(target, '2.5')
    await userEvent.tab()
    await waitFor(() => expect(update).toHaveBeenCalledWith(2, { target: 2.5 }))
    // A new metric: name, unit, direction and target.
    await userEvent.type(canvas.getByRole('textbox', { name: 'New metric name' }), 'NPS')
    await userEvent.type(canvas.getByRole('textbox', { name: 'New metric target' }), '40')
    await userEvent.click(canvas.getByRole('button', { name: 'Add metric' }))
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith({ name: 'NPS', unit: null, direction: 'up', target: 40 }),
    )
    // Delete asks first.
    await userEvent.click(canvas.getAllByRole('button', { name: 'Delete' })[0])
    await expect(canvas.getByText(/Delete ARR and every week's value of it\?/)).toBeVisible()
    await expect(remove).not.toHaveBeenCalled()
  },
}

export const Empty: Story = {
  render: () => <MetricsSettings metrics={[]} {...actions} />,
  play: async ({ canvas }) => {
    add.mockClear()
    await expect(canvas.getByText(/No metrics yet/)).toBeVisible()
    // A name is required.
    await userEvent.click(canvas.getByRole('button', { name: 'Add metric' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Metric name is required')
    await expect(add).not.toHaveBeenCalled()
  },
}

export const DefinedDark: Story = {
  render: () => <MetricsSettings metrics={defined} {...actions} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('textbox', { name: 'Metric name' })).toHaveLength(3)
  },
}

export const DefinedMobile: Story = {
  render: () => <MetricsSettings metrics={defined} {...actions} />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add metric' })).toBeVisible()
  },
}
