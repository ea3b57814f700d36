import { formatDate } from '@cadence/ui'
import { useSearch } from 'wouter'
import { pullItems, useTeamUpdates } from '../state/team-roll-up'
import { useTeamWeek } from './use-team-week'
import { TeamUpdatesView } from './views'

/**
 * `/team-updates`: the sent reports of the team members who joined, week by week; 'Add to my
 * report' copies into the signed-in user's report of that week (made from the templates if none).
 * `?week=YYYY-MM-DD` (a search result's week) opens that week.
 */
function TeamUpdatesPage() {
  const { week, label, prev, next } = useTeamWeek({
    asked: new URLSearchParams(useSearch()).get('week'),
  })
  const { updates, error } = useTeamUpdates(week)
  return (
    <TeamUpdatesView
      weekLabel={label}
      onPrevWeek={prev}
      onNextWeek={next}
      updates={updates}
      error={error}
      onPullItem={(id) => void pullItems(week, [id])}
      onPullSection={(_section, ids) => void pullItems(week, ids)}
      formatDate={formatDate}
    />
  )
}

export default TeamUpdatesPage
