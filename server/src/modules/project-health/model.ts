import { t } from 'elysia'

const health = t.Union([t.Literal('on_track'), t.Literal('at_risk'), t.Literal('off_track')], {
  error: 'health must be on_track, at_risk or off_track',
})

/** Project health: what the routes take; what they answer is in @cadence/contract (project-health.ts). */
export namespace ProjectHealthModel {
  export const NOTE_MAX = 280

  export const reportParams = t.Object({
    uuid: t.String({ maxLength: 64 }),
    project_uuid: t.String({ maxLength: 64 }),
  })
  export const setHealth = t.Object({
    health,
    note: t.Optional(
      t.Nullable(t.String({ maxLength: NOTE_MAX }), {
        error: 'note must be at most 280 characters',
      }),
    ),
  })
  export type setHealth = typeof setHealth.static

  export const projectParams = t.Object({ uuid: t.String({ maxLength: 64 }) })
}
