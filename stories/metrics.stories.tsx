// Stories for ui/src/components/metrics.tsx
import { MetricSparkline, MetricsPanel, MetricsTable, type ReportMetric } from '@cadence/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'Components/Metrics',
  parameters: { layout: 'padded' },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const WEEK = '2026-11-23'
/** The week `n` weeks before WEEK. */
const weeksAgo = (n: number) => {
  const d = new Date(`${WEEK}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 7 * n)
  return d.toISOString().slice(0, 10)
}
/** Values oldest first, the last one this week. */
const history = (values: (number | null)[]) =>
  values.flatMap((value, i) =>
    value === null ? [] : [{ week_start_date: weeksAgo(values.length - 1 - i), value }],
  )

const arr: ReportMetric = {
  id: 1,
  name: 'ARR',
  unit: '€k',
  direction: 'up',
  target: 500,
  value: 430,
  previous_value: 455,
  history: history([380, 390, 392, 401, 410, 415, 420, 431, 440, 446, 450, 455, 430]),
  flag: 'missed_target',
}
const leads: ReportMetric = {
  id: 2,
  name: 'Qualified leads',
  unit: null,
  direction: 'up',
  target: null,
  value: 94,
  previous_value: 51,
  history: history([50, 52, 50, 51, 50, 52, 50, 51, 50, 52, 50, 51, 94]),
  flag: 'unusual',
}
const churn: ReportMetric = {
  id: 3,
  name: 'Monthly churn',
  unit: '%',
  direction: 'down',
  target: 3,
  value: 2.4,
  previous_value: 2.6,
  history: history([3.1, 2.9, null, 2.8, 2.7, 2.6, 2.4]),
  flag: null,
}
const fresh: ReportMetric = {
  id: 4,
  name: 'Net promoter score — a long metric name that wraps on a phone',
  unit: null,
  direction: 'up',
  target: null,
  value: null,
  previous_value: null,
  history: [],
  flag: null,
}
const metrics = [arr, leads, churn, fresh]

export const Sparklines: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <MetricSparkline history={[]} week={WEEK} label="No history" />
      <MetricSparkline history={history([7])} week={WEEK} label="One week" />
      <MetricSparkline history={churn.history} week={WEEK} label="With a gap" unit="%" />
      <MetricSparkline history={leads.history} week={WEEK} label="Unusual move" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'No history: no history yet' })).toBeVisible()
    await expect(canvas.getByRole('img', { name: 'One week, last 13 weeks: 7' })).toBeVisible()
    // A missing week breaks the line: two runs, and every value is in the name.
    const gap = canvas.getByRole('img', { name: /^With a gap, last 13 weeks: 3.1%, 2.9%, 2.8%/ })
    await expect(gap.querySelectorAll('polyline')).toHaveLength(2)
    await expect(canvas.getByRole('img', { name: /Unusual move/ })).toHaveAttribute(
      'data-points',
      '13',
    )
  },
}

/**
 * Issue 46: a small move on a large number is a small rise, not a cliff (the range is at least a
 * fifth of the values' size), while a real swing still fills the height.
 */
export const SparklineScale: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <MetricSparkline history={history([118, 119])} week={WEEK} label="Small move" />
      <MetricSparkline history={history([50, 51, 94])} week={WEEK} label="Real swing" />
      <MetricSparkline history={history([0, 0, 0])} week={WEEK} label="All zero" />
    </div>
  ),
  play: async ({ canvas }) => {
    const small = canvas.getByRole('img', { name: /^Small move/ })
    const [lo, hi] = (small.getAttribute('data-domain') ?? '').split(',').map(Number)
    await expect(hi - lo).toBeGreaterThanOrEqual(119 * 0.2 - 1e-9)
    const [x1, y1, x2, y2] = (small.querySelector('polyline')?.getAttribute('points') ?? '')
      .split(/[ ,]/)
      .map(Number)
    await expect(x2).toBeGreaterThan(x1)
    // One unit of 24 drawn in 22 px of height: about a pixel, not the full height.
    await expect(y1 - y2).toBeGreaterThan(0)
    await expect(y1 - y2).toBeLessThan(2)
    await expect(canvas.getByRole('img', { name: /^Real swing/ })).toHaveAttribute(
      'data-domain',
      '50,94',
    )
    await expect(canvas.getByRole('img', { name: /^All zero/ })).toHaveAttribute(
      'data-domain',
      '-1,1',
    )
  },
}

/** Issue 46: units as a reader writes them, never glued after a space ('17.9 $M', '2.9 x'). */
export const Units: Story = {
  render: () => (
    <MetricsTable
      week={WEEK}
      metrics={[
        {
          ...arr,
          id: 11,
          name: 'Cash',
          unit: '$M',
          value: 17.9,
          previous_value: 18.4,
          target: null,
        },
        { ...leads, id: 12, name: 'LTV/CAC', unit: 'x', value: 2.9, previous_value: 2.7 },
        { ...churn, id: 13, name: 'Customers', unit: 'customers', value: 118, previous_value: 119 },
      ]}
    />
  ),
  play: async ({ canvas }) => {
    const row = (name: RegExp) => canvas.getByRole('row', { name })
    await expect(row(/^Cash/)).toHaveTextContent('$17.9M')
    await expect(row(/^Cash/)).toHaveTextContent('−$0.5M')
    await expect(row(/^LTV\/CAC/)).toHaveTextContent('2.9×')
    await expect(row(/^LTV\/CAC/)).toHaveTextContent('+0.2×')
    await expect(row(/^Customers/)).toHaveTextContent('118 customers')
  },
}

export const Table: Story = {
  render: () => <MetricsTable metrics={metrics} week={WEEK} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Metrics' })).toBeVisible()
    const row = (name: RegExp) => canvas.getByRole('row', { name })
    // A miss against the target, by direction: the word says it.
    await expect(row(/^ARR/)).toHaveTextContent('€430k')
    await expect(row(/^ARR/)).toHaveTextContent('−€25k')
    await expect(row(/^ARR/)).toHaveTextContent('(worse)')
    await expect(row(/^ARR/)).toHaveTextContent('Missed target')
    await expect(row(/^ARR/)).toHaveTextContent('Target ≥ €500k')
    await expect(row(/^Qualified leads/)).toHaveTextContent('+43')
    await expect(row(/^Qualified leads/)).toHaveTextContent('Unusual move')
    // Lower is better: a fall is better.
    await expect(row(/^Monthly churn/)).toHaveTextContent('−0.2%')
    await expect(row(/^Monthly churn/)).toHaveTextContent('(better)')
    // No history: nothing entered, no change, an empty line.
    await expect(row(/^Net promoter/)).toHaveTextContent('Not entered')
    await expect(
      within(row(/^Net promoter/)).getByRole('img', { name: /no history yet/ }),
    ).toBeVisible()
  },
}

export const TableDark: Story = {
  render: () => <MetricsTable metrics={metrics} week={WEEK} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table')).toBeVisible()
  },
}

export const TableMobile: Story = {
  render: () => <MetricsTable metrics={metrics} week={WEEK} />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('row', { name: /^ARR/ })).toBeInTheDocument()
  },
}

export const NoMetrics: Story = {
  render: () => (
    <div data-testid="host">
      <MetricsTable metrics={[]} week={WEEK} />
      <MetricsPanel metrics={[]} week={WEEK} onChange={async () => {}} />
    </div>
  ),
  play: async ({ canvas }) => {
    // An account without metrics shows no table and no block.
    await expect(canvas.getByTestId('host')).toBeEmptyDOMElement()
  },
}

const change = fn(async (_id: number, _value: number | null) => {})

export const Panel: Story = {
  render: () => <MetricsPanel metrics={metrics} week={WEEK} onChange={change} />,
  play: async ({ canvas }) => {
    change.mockClear()
    await expect(canvas.getByRole('heading', { name: 'Metrics' })).toBeVisible()
    // Issue 46: every row's input starts at the same x and has the same width, whatever the
    // length of the row's name, last value or flag (one grid for all rows).
    const inputs = canvas.getAllByRole('textbox').map((i) => i.getBoundingClientRect())
    await expect(new Set(inputs.map((r) => Math.round(r.left))).size).toBe(1)
    await expect(new Set(inputs.map((r) => Math.round(r.width))).size).toBe(1)
    // A new week starts empty; last week's value is beside it.
    const nps = canvas.getByRole('textbox', { name: /Net promoter/ })
    await expect(nps).toHaveValue('')
    await expect(canvas.getByText('Last: €455k')).toBeVisible()
    // Saved on Enter, as a number.
    await userEvent.type(nps, '1,250.5{Enter}')
    await waitFor(() => expect(change).toHaveBeenCalledWith(4, 1250.5))
    // Not a number: said, nothing saved.
    const arrInput = canvas.getByRole('textbox', { name: /ARR/ })
    await userEvent.clear(arrInput)
    await userEvent.type(arrInput, 'lots')
    await userEvent.tab()
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Enter a number')
    await expect(change).toHaveBeenCalledTimes(1)
    // Cleared: saved as no value.
    await userEvent.clear(arrInput)
    await userEvent.tab()
    await waitFor(() => expect(change).toHaveBeenCalledWith(1, null))
  },
}

export const PanelDark: Story = {
  render: () => <MetricsPanel metrics={metrics} week={WEEK} onChange={async () => {}} />,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Missed target')).toBeVisible()
  },
}

export const PanelMobile: Story = {
  render: () => <MetricsPanel metrics={metrics} week={WEEK} onChange={async () => {}} />,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /ARR/ })).toBeVisible()
  },
}
