import { AssignedToMe, formatDate } from '@cadence/ui'
import { useEffect } from 'react'
import { updateAssigned, useAssigned } from '../state/team-roll-up'

/**
 * The dashboard's 'Assigned to me' (team roll-up): loaded lazily, only for someone on a team or
 * with anything assigned, so the dashboard's first load does not carry the team components.
 */
function AssignedToMeBlock() {
  const assigned = useAssigned()
  // `/#assigned-to-me` (a search result): brought into view once the list is there.
  useEffect(() => {
    if (assigned.loaded && window.location.hash === '#assigned-to-me')
      document.getElementById('assigned-to-me')?.scrollIntoView({ block: 'start' })
  }, [assigned.loaded])
  return (
    <AssignedToMe
      items={assigned.items}
      onToggle={(id, done) => void updateAssigned(id, { is_completed: done })}
      onNote={(id, note) =>
        void updateAssigned(id, {
          is_completed: assigned.items.find((i) => i.id === id)?.is_completed ?? false,
          note: note || null,
        })
      }
      formatWeek={formatDate}
    />
  )
}

export default AssignedToMeBlock
