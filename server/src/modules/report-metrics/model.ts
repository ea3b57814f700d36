import { t } from 'elysia'
import { pathId } from '../../lib/limits'

const name = t.String({ minLength: 1, maxLength: 100, error: 'Metric name is required' })
const unit = t.Nullable(t.String({ maxLength: 20 }), {
  error: 'Unit must be text of at most 20 characters',
})
const direction = t.Union([t.Literal('up'), t.Literal('down')], {
  error: 'Direction must be up or down',
})
const target = t.Nullable(t.Number(), { error: 'Target must be a number or null' })

export namespace MetricModel {
  export const create = t.Object({
    name,
    unit: t.Optional(unit),
    direction,
    target: t.Optional(target),
  })
  export type create = typeof create.static
  export const update = t.Object({
    name: t.Optional(name),
    unit: t.Optional(unit),
    direction: t.Optional(direction),
    target: t.Optional(target),
  })
  export type update = typeof update.static
  export const params = t.Object({ id: pathId() })
  export const valueParams = t.Object({
    uuid: t.String(),
    metric_id: pathId('metric_id must be a number'),
  })
  export const value = t.Object({
    value: t.Nullable(t.Number(), { error: 'Value must be a number or null' }),
  })
  export type value = typeof value.static
}
