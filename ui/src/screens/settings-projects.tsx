// Settings → Projects: find, filter, sort, rename, archive, combine and delete projects.
import * as React from 'react'
import { formatDate } from '../lib/dates'
import { Button } from '../primitives/button'
import { Checkbox } from '../primitives/checkbox'
import { EmptyState } from '../primitives/empty-state'
import { InlineEdit } from '../primitives/inline-edit'
import { Select } from '../primitives/select'
import type { Project } from '../types'
import type { SettingsViewActions } from './settings-types'

export type SettingsProjectsProps = {
  projects: Project[]
  /** The team members an owner is chosen from (the owner control shows with onSetProjectOwner). */
  members?: ReadonlyArray<{ id: number; name: string }>
} & Pick<
  SettingsViewActions,
  | 'onSetProjectOwner'
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

type Status = Project['status']

function AddProjectForm({ onAdd }: { onAdd: (name: string) => void }) {
  const [newName, setNewName] = React.useState('')
  return (
    <form
      className="cad-screen__inline"
      onSubmit={(e) => {
        e.preventDefault()
        if (newName.trim()) onAdd(newName.trim())
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
  )
}

type Finder = { q: string; filter: ProjectFilter; sort: ProjectSort }

/** Search, filter and sort, with how many projects they leave. */
function ProjectFinder({
  finder,
  onChange,
  shown,
  total,
}: {
  finder: Finder
  onChange: (next: Finder) => void
  shown: number
  total: number
}) {
  const filtered = finder.q.trim() !== '' || finder.filter !== 'all'
  return (
    <search className="cad-screen__inline cad-settings__filters" aria-label="Filter projects">
      <input
        className="cad-screen__input"
        type="search"
        aria-label="Search projects"
        placeholder="Search projects by name"
        value={finder.q}
        onChange={(e) => onChange({ ...finder, q: e.target.value })}
      />
      <Select
        aria-label="Filter"
        value={finder.filter}
        options={FILTERS}
        onValueChange={(v) => onChange({ ...finder, filter: v as ProjectFilter })}
      />
      <Select
        aria-label="Sort"
        value={finder.sort}
        options={SORTS}
        onValueChange={(v) => onChange({ ...finder, sort: v as ProjectSort })}
      />
      {filtered ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange({ ...finder, q: '', filter: 'all' })}
        >
          Clear filters
        </Button>
      ) : null}
      <small className="cad-screen__muted cad-screen__num" aria-live="polite">
        {shown} of {total} projects
      </small>
    </search>
  )
}

/** What to do with the selected projects. */
function BulkBar({
  picked,
  onSetStatus,
  onCombine,
  onClear,
}: {
  picked: Project[]
  onSetStatus: (status: Status) => void
  onCombine: () => void
  onClear: () => void
}) {
  return (
    <div className="cad-screen__inline cad-screen__bar" role="toolbar" aria-label="Bulk actions">
      <span className="cad-screen__grow cad-screen__num">{picked.length} selected</span>
      <Button
        size="sm"
        disabled={!picked.some((x) => x.status === 'active')}
        onClick={() => onSetStatus('archived')}
      >
        Archive
      </Button>
      <Button
        size="sm"
        disabled={!picked.some((x) => x.status === 'archived')}
        onClick={() => onSetStatus('active')}
      >
        Activate
      </Button>
      <Button size="sm" disabled={picked.length < 2} onClick={onCombine}>
        Combine
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  )
}

type RowActions = Pick<
  SettingsProjectsProps,
  'onRenameProject' | 'onDeleteProject' | 'onSetProjectOwner' | 'members'
> & {
  onReactivate: (id: number) => void
}

const NO_OWNER = 'none'

/** A project's owner: one of the team members, or none (the portfolio then shows its first assignee). */
function OwnerSelect({
  project,
  members,
  onSetProjectOwner,
}: {
  project: Project
  members: ReadonlyArray<{ id: number; name: string }>
  onSetProjectOwner: (id: number, ownerMemberId: number | null) => void
}) {
  const options = React.useMemo(
    () => [
      { value: NO_OWNER, label: 'No owner (first assignee)' },
      ...members.map((m) => ({ value: String(m.id), label: m.name })),
    ],
    [members],
  )
  const current = project.owner_member_id ?? null
  return (
    <Select
      aria-label={`Owner of ${project.name}`}
      value={current !== null && members.some((m) => m.id === current) ? String(current) : NO_OWNER}
      options={options}
      onValueChange={(v) => {
        const next = v === NO_OWNER ? null : Number(v)
        if (next !== current) onSetProjectOwner(project.id, next)
      }}
    />
  )
}

function ProjectRow({
  project: x,
  checked,
  onCheck,
  onRenameProject,
  onDeleteProject,
  onReactivate,
  onSetProjectOwner,
  members,
}: RowActions & { project: Project; checked: boolean; onCheck: (on: boolean) => void }) {
  const active = x.status === 'active'
  return (
    <li className="cad-screen__row cad-settings__project">
      <Checkbox
        aria-label={`Select ${x.name}`}
        checked={checked}
        onCheckedChange={(v) => onCheck(v === true)}
      />
      <div className="cad-settings__project-main">
        <InlineEdit
          aria-label="Project name"
          className="cad-screen__grow"
          value={x.name}
          onSave={(v) => v.trim() && v.trim() !== x.name && onRenameProject(x.id, v.trim())}
        />
        <small className="cad-screen__muted cad-screen__num cad-settings__project-meta">
          {active ? (
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
      {active && onSetProjectOwner && members ? (
        <OwnerSelect project={x} members={members} onSetProjectOwner={onSetProjectOwner} />
      ) : null}
      {active ? (
        <Button size="sm" variant="ghost" title="Delete project" onClick={() => onDeleteProject(x)}>
          Delete
        </Button>
      ) : (
        <Button size="sm" onClick={() => onReactivate(x.id)}>
          Reactivate
        </Button>
      )}
    </li>
  )
}

/** The active or the archived projects, with Select All; archived ones only when there are some. */
function ProjectGroup({
  title,
  status,
  items,
  selected,
  setSel,
  ...actions
}: RowActions & {
  title: string
  status: Status
  items: Project[]
  selected: number[]
  setSel: React.Dispatch<React.SetStateAction<number[]>>
}) {
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
            <ProjectRow
              key={x.id}
              project={x}
              checked={selected.includes(x.id)}
              onCheck={(on) => setSel((s) => (on ? [...s, x.id] : s.filter((id) => id !== x.id)))}
              {...actions}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function SettingsProjects(p: SettingsProjectsProps) {
  const [finder, setFinder] = React.useState<Finder>({ q: '', filter: 'all', sort: 'name' })
  const [sel, setSel] = React.useState<number[]>([])
  const match = filterProjects(p.projects, finder.q, finder.filter, finder.sort)
  // A project renamed away, deleted or combined drops out of the selection.
  const selected = sel.filter((id) => p.projects.some((x) => x.id === id))
  const picked = p.projects.filter((x) => selected.includes(x.id))
  const actions: RowActions = {
    onRenameProject: p.onRenameProject,
    onDeleteProject: p.onDeleteProject,
    onReactivate: (id) => p.onSetProjectsStatus([id], 'active'),
    onSetProjectOwner: p.onSetProjectOwner,
    members: p.members,
  }
  const group = (title: string, status: Status) => (
    <ProjectGroup
      title={title}
      status={status}
      items={match.filter((x) => x.status === status)}
      selected={selected}
      setSel={setSel}
      {...actions}
    />
  )
  return (
    <div className="cad-screen__block">
      <h2>Projects</h2>
      <AddProjectForm onAdd={p.onAddProject} />
      {p.projects.length > 0 ? (
        <ProjectFinder
          finder={finder}
          onChange={setFinder}
          shown={match.length}
          total={p.projects.length}
        />
      ) : null}
      {selected.length ? (
        <BulkBar
          picked={picked}
          onSetStatus={(status) => {
            p.onSetProjectsStatus(
              picked.filter((x) => x.status !== status).map((x) => x.id),
              status,
            )
            setSel([])
          }}
          onCombine={() => p.onCombineProjects(selected)}
          onClear={() => setSel([])}
        />
      ) : null}
      {p.projects.length === 0 ? (
        <EmptyState title="No projects yet. Add your first project to get started." />
      ) : match.length === 0 ? (
        <EmptyState title="No projects match your current filters." />
      ) : (
        <>
          {group('Active Projects', 'active')}
          {group('Archived Projects', 'archived')}
        </>
      )}
    </div>
  )
}

export { SettingsProjects }
