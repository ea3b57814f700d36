import * as React from 'react'
import { Button } from '../primitives/button'
import { ConfirmInline } from '../primitives/confirm-inline'
import { EmptyState } from '../primitives/empty-state'
import { Select } from '../primitives/select'
import type { Metric, MetricDirection } from '../types'
import { parseMetricInput } from './metrics'

/** What a metric is defined by (POST/PUT /api/metrics). */
export type MetricInput = {
  name: string
  unit: string | null
  direction: MetricDirection
  target: number | null
}

export type MetricsSettingsActions = {
  /** Each answers once saved; a rejection's message is shown beside the form. */
  onAddMetric: (input: MetricInput) => Promise<void>
  onUpdateMetric: (id: number, changes: Partial<MetricInput>) => Promise<void>
  onDeleteMetric: (id: number) => Promise<void>
}

type MetricsSettingsProps = MetricsSettingsActions & { metrics: readonly Metric[] }

const DIRECTIONS = [
  { value: 'up', label: 'Higher is better' },
  { value: 'down', label: 'Lower is better' },
]

const NAME_MAX = 100
const UNIT_MAX = 20

async function attempt(run: () => Promise<void>, fail: (message: string) => void) {
  try {
    await run()
    return true
  } catch (err) {
    fail(err instanceof Error ? err.message : 'Failed to save')
    return false
  }
}

/** One defined metric: each field saved on blur (or at once for the direction); delete asks first. */
function MetricDefinition({
  metric,
  onUpdateMetric,
  onDeleteMetric,
}: Pick<MetricsSettingsProps, 'onUpdateMetric' | 'onDeleteMetric'> & { metric: Metric }) {
  const [name, setName] = React.useState(metric.name)
  const [unit, setUnit] = React.useState(metric.unit ?? '')
  const [target, setTarget] = React.useState(metric.target === null ? '' : String(metric.target))
  const [error, setError] = React.useState<string | null>(null)
  const [confirming, setConfirming] = React.useState(false)
  React.useEffect(() => setName(metric.name), [metric.name])
  React.useEffect(() => setUnit(metric.unit ?? ''), [metric.unit])
  React.useEffect(
    () => setTarget(metric.target === null ? '' : String(metric.target)),
    [metric.target],
  )
  const update = (changes: Partial<MetricInput>) => {
    setError(null)
    void attempt(() => onUpdateMetric(metric.id, changes), setError)
  }
  const enterBlurs = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.currentTarget.blur()
  }
  return (
    <li className="cad-metrics-settings__row">
      <input
        className="cad-input"
        aria-label="Metric name"
        value={name}
        maxLength={NAME_MAX}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={enterBlurs}
        onBlur={() => {
          if (!name.trim()) {
            setError('Metric name is required')
            setName(metric.name)
          } else if (name.trim() !== metric.name) update({ name: name.trim() })
        }}
      />
      <input
        className="cad-input cad-metrics-settings__unit"
        aria-label={`Unit of ${metric.name}`}
        placeholder="Unit"
        value={unit}
        maxLength={UNIT_MAX}
        onChange={(e) => setUnit(e.target.value)}
        onKeyDown={enterBlurs}
        onBlur={() => {
          if (unit.trim() !== (metric.unit ?? '')) update({ unit: unit.trim() || null })
        }}
      />
      <Select
        aria-label={`Direction of ${metric.name}`}
        value={metric.direction}
        options={DIRECTIONS}
        onValueChange={(v) => {
          if (v !== metric.direction) update({ direction: v as MetricDirection })
        }}
        className="cad-metrics-settings__direction"
      />
      <input
        className="cad-input cad-metrics-settings__target"
        aria-label={`Target of ${metric.name}`}
        placeholder="Target (optional)"
        inputMode="decimal"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        onKeyDown={enterBlurs}
        onBlur={() => {
          const parsed = parseMetricInput(target)
          if (parsed === 'invalid') setError('Target must be a number')
          else if (parsed !== metric.target) update({ target: parsed })
        }}
      />
      {confirming ? (
        <ConfirmInline
          message={`Delete ${metric.name} and every week's value of it?`}
          confirmLabel="Delete"
          onConfirm={() => {
            setConfirming(false)
            void attempt(() => onDeleteMetric(metric.id), setError)
          }}
          onCancel={() => setConfirming(false)}
          className="cad-metrics-settings__confirm"
        />
      ) : (
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      )}
      {error ? (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}

/**
 * Settings → Metrics: the few numbers every report records (name, unit, which way is better, an
 * optional target). Each report then has a Metrics block for that week's values.
 */
/** The metrics defined so far, each editable, or how to start. */
function MetricList({
  metrics,
  onUpdateMetric,
  onDeleteMetric,
}: Pick<MetricsSettingsProps, 'metrics' | 'onUpdateMetric' | 'onDeleteMetric'>) {
  if (metrics.length === 0)
    return <EmptyState title="No metrics yet. Add the first number you report every week." />
  return (
    <ul className="cad-metrics-settings__rows">
      {metrics.map((m) => (
        <MetricDefinition
          key={m.id}
          metric={m}
          onUpdateMetric={onUpdateMetric}
          onDeleteMetric={onDeleteMetric}
        />
      ))}
    </ul>
  )
}

export function MetricsSettings({
  metrics,
  onAddMetric,
  onUpdateMetric,
  onDeleteMetric,
}: MetricsSettingsProps) {
  const id = React.useId()
  const [name, setName] = React.useState('')
  const [unit, setUnit] = React.useState('')
  const [direction, setDirection] = React.useState<MetricDirection>('up')
  const [target, setTarget] = React.useState('')
  const [error, setError] = React.useState<string | null>(null)
  const [busy, setBusy] = React.useState(false)
  const add = async (e: React.FormEvent) => {
    e.preventDefault()
    const parsedTarget = parseMetricInput(target)
    if (!name.trim()) return setError('Metric name is required')
    if (parsedTarget === 'invalid') return setError('Target must be a number')
    setError(null)
    setBusy(true)
    const ok = await attempt(
      () =>
        onAddMetric({
          name: name.trim(),
          unit: unit.trim() || null,
          direction,
          target: parsedTarget,
        }),
      setError,
    )
    setBusy(false)
    if (ok) {
      setName('')
      setUnit('')
      setTarget('')
      setDirection('up')
    }
  }
  return (
    <section className="cad-screen__block cad-metrics-settings" aria-labelledby={id}>
      <h2 id={id}>Metrics</h2>
      <p className="cad-screen__muted">
        The same few numbers every week: each report has a Metrics block for that week's values, and
        the brief shows their trend.
      </p>
      <MetricList
        metrics={metrics}
        onUpdateMetric={onUpdateMetric}
        onDeleteMetric={onDeleteMetric}
      />
      <form
        className="cad-metrics-settings__add"
        onSubmit={(e) => void add(e)}
        aria-label="Add a metric"
      >
        <input
          className="cad-input"
          aria-label="New metric name"
          placeholder="Name, e.g. Active customers"
          value={name}
          maxLength={NAME_MAX}
          onChange={(e) => setName(e.target.value)}
        />
        <input
          className="cad-input cad-metrics-settings__unit"
          aria-label="New metric unit"
          placeholder="Unit"
          value={unit}
          maxLength={UNIT_MAX}
          onChange={(e) => setUnit(e.target.value)}
        />
        <Select
          aria-label="New metric direction"
          value={direction}
          options={DIRECTIONS}
          onValueChange={(v) => setDirection(v as MetricDirection)}
          className="cad-metrics-settings__direction"
        />
        <input
          className="cad-input cad-metrics-settings__target"
          aria-label="New metric target"
          placeholder="Target (optional)"
          inputMode="decimal"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          Add metric
        </Button>
        {error ? (
          <p className="cad-form__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  )
}

export type { MetricsSettingsProps }
