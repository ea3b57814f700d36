import { addDays, formatDate, isIsoDate, parseIsoDate, toIsoDate } from '@cadence/ui'
import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import { cache, useSettings } from '../state/cache'
import { loadTeamUpdates, pullItems, useTeamUpdates } from '../state/roll-up'
import { weekStartOf } from '../state/weeks'
import { TeamUpdatesView } from './views'

/**
 * `/team-updates`: the sent reports of the team members who joined, week by week; 'Add to my
 * report' copies into the signed-in user's report of that week (made from the templates if none).
 */
function TeamUpdatesPage() {
  const settings = useSettings()
  const startDay = settings.data?.weekly_start_day ?? 'monday'
  useEffect(() => {
    cache.settings.load().catch(() => {})
  }, [])
  // `?week=YYYY-MM-DD` (a search result's week) opens that week; otherwise the current one.
  const asked = new URLSearchParams(useSearch()).get('week')
  const [week, setWeek] = useState(() =>
    weekStartOf(asked && isIsoDate(asked) ? parseIsoDate(asked) : new Date(), startDay),
  )
  useEffect(() => {
    if (asked && isIsoDate(asked)) setWeek(weekStartOf(parseIsoDate(asked), startDay))
  }, [asked, startDay])
  const updates = useTeamUpdates()
  useEffect(() => {
    setWeek((w) => weekStartOf(parseIsoDate(w), startDay))
  }, [startDay])
  useEffect(() => {
    void loadTeamUpdates(week)
  }, [week])
  return (
    <TeamUpdatesView
      weekLabel={`Week of ${formatDate(week)}`}
      onPrevWeek={() => setWeek(toIsoDate(addDays(parseIsoDate(week), -7)))}
      onNextWeek={() => setWeek(toIsoDate(addDays(parseIsoDate(week), 7)))}
      updates={updates.byWeek[week] ?? null}
      onPullItem={(id) => void pullItems(week, [id])}
      onPullSection={(_section, ids) => void pullItems(week, ids)}
      formatDate={formatDate}
    />
  )
}

export default TeamUpdatesPage
