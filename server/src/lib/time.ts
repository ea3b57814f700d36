import { toIsoDate } from '@cadence/core'

export const nowIso = () => new Date().toISOString()

/** Local calendar date as YYYY-MM-DD (@cadence/core's toIsoDate). */
export function isoDate(d: Date = new Date()): string {
  return toIsoDate(d)
}

export const daysAgoIso = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
