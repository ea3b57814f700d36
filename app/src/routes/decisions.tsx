import { type DecisionFilters, toIsoDate } from '@cadence/ui'
import { useEffect, useState } from 'react'
import { useSearch } from 'wouter'
import { cache, useProjects, useTeamMembers } from '../state/cache'
import { deleteDecision, loadDecisions, saveDecision, useDecisions } from '../state/decisions'
import { DecisionsView } from './views'

/**
 * `/decisions`: the decision log. `?query=` (a search result's link) starts the search with it;
 * the list follows the filters as they change, keeping the last answer on screen meanwhile.
 */
function DecisionsPage() {
  const asked = new URLSearchParams(useSearch()).get('query') ?? ''
  const [filters, setFilters] = useState<DecisionFilters>({
    query: asked,
    project_uuid: '',
    decided_by: '',
  })
  const list = useDecisions(filters)
  const projects = useProjects()
  const members = useTeamMembers()
  useEffect(() => {
    cache.projects.load().catch(() => {})
    cache.teamMembers.load().catch(() => {})
  }, [])
  useEffect(() => {
    void loadDecisions(filters)
  }, [filters])
  return (
    <DecisionsView
      decisions={[...(list.data ?? [])]}
      loading={!list.data && !list.error}
      projects={projects.data ?? []}
      members={members.data ?? []}
      filters={filters}
      onFiltersChange={setFilters}
      onSave={saveDecision}
      onDelete={deleteDecision}
      today={toIsoDate(new Date())}
    />
  )
}

export default DecisionsPage
