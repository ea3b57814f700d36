import { addDays, formatDate, isIsoDate, parseIsoDate, toIsoDate } from '@cadence/ui'
import { useEffect, useState } from 'react'
import { cache, useSettings } from '../state/cache'
import { loadTeamUpdates } from '../state/team-roll-up'
import { weekStartOf } from '../state/weeks'

/**
 * The week shown of the team's updates (Team updates, a linked member's page): the week of
 * `asked` (a 'YYYY-MM-DD' from the URL) or the current one, on the user's week start; its
 * updates are loaded while `enabled`.
 */
function useTeamWeek({
  asked = null,
  enabled = true,
}: {
  asked?: string | null
  enabled?: boolean
}) {
  const settings = useSettings()
  const startDay = settings.data?.weekly_start_day ?? 'monday'
  useEffect(() => {
    cache.settings.load().catch(() => {})
  }, [])
  const askedDay = asked && isIsoDate(asked) ? asked : null
  const [week, setWeek] = useState(() =>
    weekStartOf(askedDay ? parseIsoDate(askedDay) : new Date(), startDay),
  )
  useEffect(() => {
    setWeek((w) => weekStartOf(parseIsoDate(askedDay ?? w), startDay))
  }, [askedDay, startDay])
  useEffect(() => {
    if (enabled) void loadTeamUpdates(week)
  }, [week, enabled])
  return {
    week,
    label: `Week of ${formatDate(week)}`,
    prev: () => setWeek((w) => toIsoDate(addDays(parseIsoDate(w), -7))),
    next: () => setWeek((w) => toIsoDate(addDays(parseIsoDate(w), 7))),
  }
}

export { useTeamWeek }
