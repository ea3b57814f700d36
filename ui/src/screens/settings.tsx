import * as React from 'react'
import { Button } from '../components/button'
import { ChatDeliverySettings } from '../components/chat-delivery'
import { Checkbox } from '../components/checkbox'
import { EmptyState } from '../components/empty-state'
import { InlineEdit } from '../components/inline-edit'
import {
  ReportDeliverySettings,
  type WeekOverWeekSettings,
} from '../components/report-delivery-settings'
import { Select } from '../components/select'
import { SharingList } from '../components/sharing'
import { PageSkeleton } from '../components/skeleton'
import { SortableList } from '../components/sortable-list'
import { MyTeams } from '../components/team-roll-up'
import { formatDate, WEEKDAYS } from '../lib/dates'
import type {
  Project,
  ReportFrequency,
  SectionTemplate,
  SectionType,
  ShareLink,
  TeamMembership,
  UserSettings,
  Weekday,
} from '../types'

const DAYS: Weekday[] = [...WEEKDAYS]
const FREQS: ReportFrequency[] = ['weekly', 'bi-weekly', 'monthly', 'quarterly']
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const TYPE_LABEL: Record<SectionType, string> = {
  standard: 'Standard',
  tasks: 'Tasks',
  followups: 'Follow-ups',
}
const TYPES: Array<[SectionType, string]> = [
  ['standard', 'Regular content section'],
  ['tasks', 'Trackable action items'],
  ['followups', 'Items requiring follow-up'],
]

export type SettingsTab = 'preferences' | 'sections' | 'projects' | 'sharing' | 'delivery'

export type SettingsViewProps = {
  settings: UserSettings
  sections: SectionTemplate[]
  projects: Project[]
  saving?: boolean
  loading?: boolean
  defaultTab?: SettingsTab
  onSavePreferences: (
    s: Pick<UserSettings, 'weekly_start_day' | 'weekly_end_day' | 'report_frequency'>,
  ) => void
  onAddSection: (name: string, type: SectionType) => void
  onUpdateSection: (id: number, changes: { name?: string; type?: SectionType }) => void
  onDeleteSection: (id: number) => void
  onReorderSections: (next: SectionTemplate[]) => void
  onAddProject: (name: string) => void
  onRenameProject: (id: number, name: string) => void
  onSetProjectsStatus: (ids: number[], status: 'active' | 'archived') => void
  onCombineProjects: (ids: number[]) => void
  /** Opens DeleteProjectDialog for this project. */
  onDeleteProject: (project: Project) => void
  onExport?: () => void
  onImportFile?: (file: File) => void
  /**
   * Carry-over, the weekly reminder and the report's recipients (Report Preferences). Each change
   * is saved on its own and at once, not through Save Preferences; shown only with this callback.
   */
  onWeekOverWeekChange?: (changes: Partial<WeekOverWeekSettings>) => void
  /** GET /api/config's mailEnabled; false adds a hint that e-mail is not configured. */
  mailEnabled?: boolean
  /** The server's answer to the last week-over-week change, e.g. 'At most 20 recipients'. */
  weekOverWeekError?: string | null
  /** Settings → Sharing (the tab shows with onRevokeShare): the private links to reports. */
  shareLinks?: readonly ShareLink[]
  onRevokeShare?: (id: number) => Promise<void>
  /** Opening the Sharing tab (the app loads the links then). */
  onOpenSharing?: () => void
  /** Settings → Delivery (the tab shows with onWebhooksChange): chat webhooks posted on Send. */
  webhookUrls?: readonly string[]
  onWebhooksChange?: (urls: string[]) => void
  /** The server's answer to the last webhook change. */
  webhookError?: string | null
  /** Team roll-up, in the Sharing tab: the teams the user is on (leave one) and team reminders. */
  myTeams?: readonly TeamMembership[]
  onLeaveTeam?: (teamMemberUuid: string) => void
  onTeamReminderChange?: (enabled: boolean) => void
}

/** Settings → Sharing, team roll-up: reminders for one's team, and the teams one is on. */
function TeamSettings(p: SettingsViewProps) {
  const id = React.useId()
  return (
    <>
      {p.onTeamReminderChange ? (
        <div className="cad-screen__block">
          <h3 className="cad-settings__subtitle">Your team</h3>
          <div className="cad-wow-settings__option">
            <Checkbox
              id={`${id}-team-reminder`}
              checked={p.settings.team_reminder_enabled ?? false}
              aria-describedby={`${id}-team-reminder-hint`}
              onCheckedChange={(v) => p.onTeamReminderChange?.(v === true)}
            />
            <div className="cad-wow-settings__text">
              <label htmlFor={`${id}-team-reminder`}>Remind my team to send their report</label>
              <span id={`${id}-team-reminder-hint`} className="cad-wow-settings__hint">
                On your week end day, an e-mail to each team member on Cadence who has not sent this
                week's report; once a week each.
                {p.mailEnabled === false
                  ? ' Needs e-mail to be configured on the server; nothing is sent until then.'
                  : ''}
              </span>
            </div>
          </div>
        </div>
      ) : null}
      {p.onLeaveTeam ? <MyTeams teams={p.myTeams ?? []} onLeave={p.onLeaveTeam} /> : null}
    </>
  )
}

function Preferences(p: SettingsViewProps) {
  const [s, setS] = React.useState({
    weekly_start_day: p.settings.weekly_start_day,
    weekly_end_day: p.settings.weekly_end_day,
    report_frequency: p.settings.report_frequency,
  })
  const idBase = React.useId()
  const sel = (label: string, key: keyof typeof s, opts: string[]) => (
    <div className="cad-screen__field">
      <label className="cad-field__label" htmlFor={`${idBase}-${key}`}>
        {label}
      </label>
      <Select
        id={`${idBase}-${key}`}
        value={s[key]}
        options={opts.map((o) => ({ value: o, label: cap(o) }))}
        onValueChange={(v) => setS({ ...s, [key]: v })}
      />
    </div>
  )
  return (
    <div className="cad-screen__block">
      <h2>Report Preferences</h2>
      {sel('Week start day', 'weekly_start_day', DAYS)}
      {sel('Week end day', 'weekly_end_day', DAYS)}
      {sel('Report frequency', 'report_frequency', FREQS)}
      <Button variant="primary" disabled={p.saving} onClick={() => p.onSavePreferences(s)}>
        {p.saving ? 'Saving...' : 'Save Preferences'}
      </Button>
      {p.onWeekOverWeekChange ? (
        <ReportDeliverySettings
          carryOver={p.settings.carry_over ?? true}
          reminderEnabled={p.settings.reminder_enabled ?? true}
          recipients={p.settings.report_recipients ?? []}
          mailEnabled={p.mailEnabled}
          error={p.weekOverWeekError}
          onChange={p.onWeekOverWeekChange}
        />
      ) : null}
      {p.onExport || p.onImportFile ? (
        <div className="cad-screen__block cad-settings__data">
          <h2>Your data</h2>
          <div className="cad-screen__inline">
            {p.onExport ? <Button onClick={p.onExport}>Download my data</Button> : null}
            {p.onImportFile ? (
              <label className="cad-screen__field">
                <span>Import from file</span>
                <input
                  type="file"
                  accept=".json,.md"
                  onChange={(e) => {
                    const f = e.target.files?.[0]
                    if (f) p.onImportFile?.(f)
                  }}
                />
              </label>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  )
}

function Sections(p: SettingsViewProps) {
  const [adding, setAdding] = React.useState(false)
  const [name, setName] = React.useState('')
  const [type, setType] = React.useState<SectionType>('standard')
  const submit = () => {
    if (!name.trim()) return
    p.onAddSection(name.trim(), type)
    setName('')
    setAdding(false)
  }
  return (
    <div className="cad-screen__block">
      <div className="cad-screen__head">
        <h2>Report Sections</h2>
        <Button onClick={() => setAdding(true)}>Add Section</Button>
      </div>
      {adding ? (
        <div className="cad-screen__inline">
          <input
            className="cad-screen__input"
            aria-label="Section name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit()
              if (e.key === 'Escape') setAdding(false)
            }}
          />
          <Select
            aria-label="Section type"
            value={type}
            options={TYPES.map(([t, d]) => ({ value: t, label: `${TYPE_LABEL[t]} — ${d}` }))}
            onValueChange={(v) => setType(v as SectionType)}
          />
          <Button variant="primary" onClick={submit}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </div>
      ) : null}
      {p.sections.length === 0 ? (
        <EmptyState title="No sections configured yet. Add your first section to get started." />
      ) : (
        <>
          <p className="cad-screen__muted">Drag sections to reorder them</p>
          <SortableList
            items={p.sections}
            getLabel={(s) => s.name}
            onReorder={p.onReorderSections}
            renderItem={(s) => (
              <div className="cad-screen__row cad-settings__section">
                <InlineEdit
                  aria-label="Section name"
                  className="cad-screen__grow"
                  value={s.name}
                  onSave={(v) => {
                    if (v.trim() && v.trim() !== s.name) p.onUpdateSection(s.id, { name: v.trim() })
                  }}
                />
                <Select
                  aria-label={`Type of ${s.name}`}
                  className="cad-select--sm"
                  value={s.type}
                  options={TYPES.map(([t]) => ({ value: t, label: TYPE_LABEL[t] }))}
                  onValueChange={(v) => {
                    if (v !== s.type) p.onUpdateSection(s.id, { type: v as SectionType })
                  }}
                />
                <Button size="sm" variant="ghost" onClick={() => p.onDeleteSection(s.id)}>
                  Delete
                </Button>
              </div>
            )}
          />
        </>
      )}
    </div>
  )
}

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
  const refs = (x: Project) => x.total_references ?? 0
  return projects
    .filter((x) => x.name.toLowerCase().includes(needle))
    .filter((x) => (filter === 'all' ? true : filter === 'unused' ? refs(x) === 0 : refs(x) > 0))
    .sort((a, b) => {
      if (sort === 'updated') return b.updated_at.localeCompare(a.updated_at)
      if (sort === 'references') return refs(b) - refs(a) || a.name.localeCompare(b.name)
      return a.name.localeCompare(b.name)
    })
}

function Projects(p: SettingsViewProps) {
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
                        <span>{x.total_references ?? 0} refs</span>
                        <span>{x.task_count ?? 0} tasks</span>
                        <span>{x.followup_count ?? 0} follow-ups</span>
                        <span>{x.reports_count ?? 0} reports</span>
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

export function SettingsView(p: SettingsViewProps) {
  const [tab, setTab] = React.useState<SettingsTab>(p.defaultTab ?? 'preferences')
  if (p.loading) return <PageSkeleton />
  const tabs: Array<[SettingsTab, string]> = [
    ['preferences', 'Report Preferences'],
    ['sections', 'Report Sections'],
    ['projects', 'Projects'],
  ]
  if (p.onRevokeShare) tabs.push(['sharing', 'Sharing'])
  if (p.onWebhooksChange) tabs.push(['delivery', 'Delivery'])
  return (
    <div className="cad-screen cad-settings">
      <nav className="cad-settings__nav" aria-label="Settings">
        {tabs.map(([k, l]) => (
          <button
            key={k}
            type="button"
            className="cad-settings__tab"
            aria-current={tab === k ? 'page' : undefined}
            onClick={() => {
              setTab(k)
              if (k === 'sharing') p.onOpenSharing?.()
            }}
          >
            {l}
          </button>
        ))}
      </nav>
      <div className="cad-screen__grow">
        {tab === 'preferences' ? <Preferences {...p} /> : null}
        {tab === 'sections' ? <Sections {...p} /> : null}
        {tab === 'projects' ? <Projects {...p} /> : null}
        {tab === 'delivery' && p.onWebhooksChange ? (
          <section className="cad-screen__block">
            <h2>Delivery</h2>
            <ChatDeliverySettings
              urls={p.webhookUrls ?? []}
              error={p.webhookError}
              onChange={p.onWebhooksChange}
            />
          </section>
        ) : null}
        {tab === 'sharing' && p.onRevokeShare ? (
          <section className="cad-screen__block">
            <h2>Sharing</h2>
            <p className="cad-screen__muted">
              Private read-only links to your reports. Readers need no account; you see how often
              and when a link was opened, never by whom.
            </p>
            <SharingList
              links={p.shareLinks ?? []}
              onRevoke={p.onRevokeShare}
              formatDate={formatDate}
            />
            <TeamSettings {...p} />
          </section>
        ) : null}
      </div>
    </div>
  )
}
