// Settings → Projects: find, filter, sort, rename, archive, combine and delete projects.
import * as React from 'react'
import { formatDate, WEEKDAYS } from '../lib/dates'
import { Button } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { EmptyState } from '../primitives/empty-state'
import { InlineEdit } from '../primitives/inline-edit'
import { Select } from '../primitives/select'
import type { Project, ReportFrequency, SectionType, Weekday } from '../types'
import type { SettingsViewProps } from './settings-types'

const _DAYS: Weekday[] = [...WEEKDAYS]
const _FREQS: ReportFrequency[] = ['weekly', 'bi-weekly', 'monthly', 'quarterly']
const _cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const _TYPE_LABEL: Record<SectionType, string> = {
  standard: 'Standard',
  tasks: 'Tasks',
  followups: 'Follow-ups',
}
const _TYPES: Array<[SectionType, string]> = [
  ['standard', 'Regular content section'],
  ['tasks', 'Trackable action items'],
  ['followups', 'Items requiring follow-up'],
]

export type SettingsProjectsProps = Pick<
  SettingsViewProps,
  | 'projects'
  | 'onAddProject'
  | 'onRenameProject'
  | 'onSetProjectsStatus'
  | 'onCombineProjects'
  | 'onDeleteProject'
>

type ProjectFilter = 'all' | 'referenced' | 'unused'
type ProjectSort = 'name' | 'updated' | 'references'

const FILTERS: Array<{ value: ProjectFilter; label: string }> = [
  { value: 'all', label: 'All projects' },
  { value: 'referenced', label: 'With references' },
  { value: 'unused', label: 'Unused' },
]
const SORTS: Array<{ value: ProjectSort; label: string }> = [
  { value: 'name', label: 'Sort by name' },
  { value: 'updated', label: 'Sort by last updated' },
  { value: 'references', label: 'Sort by references' },
]

/** The projects the panel shows: name contains the search (case-insensitive), filter, sort. */
export function filterProjects(
  projects: Project[],
  q: string,
  filter: ProjectFilter,
  sort: ProjectSort,
): Project[] {
  const needle = q.trim().toLowerCase()
  const refs = (x: Project) => x.total_references
  return projects
    .filter((x) => x.name.toLowerCase().includes(needle))
    .filter((x) => (filter === 'all' ? true : filter === 'unused' ? refs(x) === 0 : refs(x) > 0))
    .sort((a, b) => {
      if (sort === 'updated') return b.updated_at.localeCompare(a.updated_at)
      if (sort === 'references') return refs(b) - refs(a) || a.name.localeCompare(b.name)
      return a.name.localeCompare(b.name)
    })
}

function SettingsProjects(p: SettingsProjectsProps) {
  const [q, setQ] = React.useState('')
  const [filter, setFilter] = React.useState<ProjectFilter>('all')
  const [sort, setSort] = React.useState<ProjectSort>('name')
  const [sel, setSel] = React.useState<number[]>([])
  const [newName, setNewName] = React.useState('')
  const match = filterProjects(p.projects, q, filter, sort)
  // A project renamed away, deleted or combined drops out of the selection.
  const selected = sel.filter((id) => p.projects.some((x) => x.id === id))
  const picked = p.projects.filter((x) => selected.includes(x.id))
  const filtered = q.trim() !== '' || filter !== 'all'
  const toggle = (id: number, on: boolean) =>
    setSel((s) => (on ? [...s, id] : s.filter((x) => x !== id)))
  const bulk = (status: 'active' | 'archived') => {
    p.onSetProjectsStatus(
      picked.filter((x) => x.status !== status).map((x) => x.id),
      status,
    )
    setSel([])
  }
  const list = (title: string, status: 'active' | 'archived') => {
    const items = match.filter((x) => x.status === status)
    if (items.length === 0 && status === 'archived') return null
    const all = items.length > 0 && items.every((x) => selected.includes(x.id))
    const headingId = `projects-${status}`
    return (
      <section className="cad-screen__block" aria-labelledby={headingId}>
        <div className="cad-screen__head">
          <h3 id={headingId} className="cad-settings__subtitle">
            {title} <span className="cad-screen__muted cad-screen__num">({items.length})</span>
          </h3>
          {items.length ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`${all ? 'Unselect All' : 'Select All'} ${title}`}
              onClick={() =>
                setSel((s) =>
                  all
                    ? s.filter((id) => !items.some((x) => x.id === id))
                    : [...new Set([...s, ...items.map((x) => x.id)])],
                )
              }
            >
              {all ? 'Unselect All' : 'Select All'}
            </Button>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="cad-screen__muted">No active projects</p>
        ) : (
          <ul className="cad-screen__list">
            {items.map((x) => (
              <li key={x.id} className="cad-screen__row cad-settings__project">
                <Checkbox
                  aria-label={`Select ${x.name}`}
                  checked={selected.includes(x.id)}
                  onCheckedChange={(v) => toggle(x.id, v === true)}
                />
                <div className="cad-settings__project-main">
                  <InlineEdit
                    aria-label="Project name"
                    className="cad-screen__grow"
                    value={x.name}
                    onSave={(v) =>
                      v.trim() && v.trim() !== x.name && p.onRenameProject(x.id, v.trim())
                    }
                  />
                  <small className="cad-screen__muted cad-screen__num cad-settings__project-meta">
                    {status === 'active' ? (
                      <>
                        <span>{x.total_references} refs</span>
                        <span>{x.task_count} tasks</span>
                        <span>{x.followup_count} follow-ups</span>
                        <span>{x.reports_count} reports</span>
                      </>
                    ) : null}
                    <span>Updated {formatDate(x.updated_at)}</span>
                  </small>
                </div>
                {status === 'active' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    title="Delete project"
                    onClick={() => p.onDeleteProject(x)}
                  >
                    Delete
                  </Button>
                ) : (
                  <Button size="sm" onClick={() => p.onSetProjectsStatus([x.id], 'active')}>
                    Reactivate
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    )
  }
  return (
    <div className="cad-screen__block">
      <h2>Projects</h2>
      <form
        className="cad-screen__inline"
        onSubmit={(e) => {
          e.preventDefault()
          if (newName.trim()) p.onAddProject(newName.trim())
          setNewName('')
        }}
      >
        <input
          className="cad-screen__input"
          aria-label="New project name"
          placeholder="New project name"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
        />
        <Button type="submit" variant="primary">
          Add Project
        </Button>
      </form>
      {p.projects.length > 0 ? (
        <search className="cad-screen__inline cad-settings__filters" aria-label="Filter projects">
          <input
            className="cad-screen__input"
            type="search"
            aria-label="Search projects"
            placeholder="Search projects by name"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <Select
            aria-label="Filter"
            value={filter}
            options={FILTERS}
            onValueChange={(v) => setFilter(v as ProjectFilter)}
          />
          <Select
            aria-label="Sort"
            value={sort}
            options={SORTS}
            onValueChange={(v) => setSort(v as ProjectSort)}
          />
          {filtered ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setQ('')
                setFilter('all')
              }}
            >
              Clear filters
            </Button>
          ) : null}
          <small className="cad-screen__muted cad-screen__num" aria-live="polite">
            {match.length} of {p.projects.length} projects
          </small>
        </search>
      ) : null}
      {selected.length ? (
        <div
          className="cad-screen__inline cad-screen__bar"
          role="toolbar"
          aria-label="Bulk actions"
        >
          <span className="cad-screen__grow cad-screen__num">{selected.length} selected</span>
          <Button
            size="sm"
            disabled={!picked.some((x) => x.status === 'active')}
            onClick={() => bulk('archived')}
          >
            Archive
          </Button>
          <Button
            size="sm"
            disabled={!picked.some((x) => x.status === 'archived')}
            onClick={() => bulk('active')}
          >
            Activate
          </Button>
          <Button
            size="sm"
            disabled={selected.length < 2}
            onClick={() => p.onCombineProjects(selected)}
          >
            Combine
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSel([])}>
            Clear selection
          </Button>
        </div>
      ) : null}
      {p.projects.length === 0 ? (
        <EmptyState title="No projects yet. Add your first project to get started." />
      ) : match.length === 0 ? (
        <EmptyState title="No projects match your current filters." />
      ) : (
        <>
          {list('Active Projects', 'active')}
          {list('Archived Projects', 'archived')}
        </>
      )}
    </div>
  )
}

export { SettingsProjects }
