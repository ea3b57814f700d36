export const nowIso = () => new Date().toISOString()

/** Local calendar date as YYYY-MM-DD. */
export function isoDate(d: Date = new Date()): string {
  const y = d.getFullYear()
  const m = String(d.getMonth() + 1).padStart(2, '0')
  const day = String(d.getDate()).padStart(2, '0')
  return `${y}-${m}-${day}`
}

export const daysAgoIso = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()
