import {
  Gavel as LucideGavel,
  Pencil as LucidePencil,
  Plus as LucidePlus,
  Search as LucideSearch,
  Trash2 as LucideTrash2,
} from 'lucide-react'
import * as React from 'react'
import { DecisionDialog, type DecisionInput } from '../components/decisions'
import { formatDate } from '../lib/dates'
import { Badge } from '../primitives/badge'
import { Button, IconButton } from '../primitives/button'
import { ConfirmInline } from '../primitives/confirm-inline'
import { EmptyState } from '../primitives/empty-state'
import { icon } from '../primitives/icon'
import { Input } from '../primitives/input'
import { Select } from '../primitives/select'
import { PageSkeleton } from '../primitives/skeleton'
import type { Decision, Project, TeamMember } from '../types'

const Gavel = /* @__PURE__ */ icon(LucideGavel)
const Pencil = /* @__PURE__ */ icon(LucidePencil)
const Plus = /* @__PURE__ */ icon(LucidePlus)
const Search = /* @__PURE__ */ icon(LucideSearch)
const Trash2 = /* @__PURE__ */ icon(LucideTrash2)

/** The list's filters: text, a project's uuid and who decided ('me' or a member's uuid); '' = all. */
type DecisionFilters = { query: string; project_uuid: string; decided_by: string }

const ALL = 'all'
const NO_FILTERS: DecisionFilters = { query: '', project_uuid: '', decided_by: '' }

export type DecisionsViewProps = {
  /** The decisions the filters found, revisit due first (GET /api/decisions). */
  decisions: Decision[]
  projects: Pick<Project, 'uuid' | 'name'>[]
  members: Pick<TeamMember, 'uuid' | 'name'>[]
  filters: DecisionFilters
  onFiltersChange: (filters: DecisionFilters) => void
  /** Records (no id) or changes a decision; a rejection keeps the dialog open with its message. */
  onSave: (input: DecisionInput, id?: number) => Promise<void>
  onDelete: (id: number) => void | Promise<void>
  /** Today (YYYY-MM-DD): a new decision's date. */
  today: string
  loading?: boolean
}

function DecisionRow({
  decision: d,
  onEdit,
  onDelete,
}: {
  decision: Decision
  onEdit: () => void
  onDelete: () => void
}) {
  const [confirming, setConfirming] = React.useState(false)
  return (
    <li className="cad-decision" data-slot="decision" data-revisit-due={d.revisit_due || undefined}>
      <div className="cad-decision__main">
        <p className="cad-decision__title cad-break">{d.title}</p>
        <p className="cad-decision__meta">
          {[d.decided_by_name ?? 'You', formatDate(d.decided_on), d.project_name]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {d.rationale ? <p className="cad-decision__why cad-break">{d.rationale}</p> : null}
        {d.revisit_on ? (
          <Badge tone={d.revisit_due ? 'warning' : 'neutral'} className="cad-decision__revisit">
            {d.revisit_due ? 'Revisit due' : 'Revisit'} {formatDate(d.revisit_on)}
          </Badge>
        ) : null}
        {confirming ? (
          <ConfirmInline
            message={`Delete the decision "${d.title}"?`}
            onConfirm={onDelete}
            onCancel={() => setConfirming(false)}
          />
        ) : null}
      </div>
      {confirming ? null : (
        <span className="cad-decision__actions">
          <IconButton label={`Edit: ${d.title}`} onClick={onEdit}>
            <Pencil size={14} aria-hidden />
          </IconButton>
          <IconButton label={`Delete: ${d.title}`} onClick={() => setConfirming(true)}>
            <Trash2 size={14} aria-hidden />
          </IconButton>
        </span>
      )}
    </li>
  )
}

/**
 * `/decisions`: the decision log. Search, filter by project and by who decided; decisions whose
 * revisit date has come are listed first, under their own heading. Record, edit and delete in
 * place.
 */
/** Search words, a project and who decided: what the list shows. */
function DecisionFilters({
  id,
  filters,
  onFiltersChange,
  projects,
  members,
}: { id: string } & Pick<
  DecisionsViewProps,
  'filters' | 'onFiltersChange' | 'projects' | 'members'
>) {
  return (
    <search className="cad-decisions__filters" aria-label="Filter decisions">
      <span className="cad-decisions__search">
        <Search size={14} aria-hidden className="cad-decisions__search-icon" />
        <Input
          type="search"
          aria-label="Search decisions"
          placeholder="Search decisions"
          value={filters.query}
          maxLength={200}
          onChange={(e) => onFiltersChange({ ...filters, query: e.target.value })}
        />
      </span>
      <Select
        id={`${id}-project`}
        aria-label="Project"
        value={filters.project_uuid || ALL}
        onValueChange={(v) => onFiltersChange({ ...filters, project_uuid: v === ALL ? '' : v })}
        options={[
          { value: ALL, label: 'All projects' },
          ...projects.map((p) => ({ value: p.uuid, label: p.name })),
        ]}
      />
      <Select
        id={`${id}-person`}
        aria-label="Decided by"
        value={filters.decided_by || ALL}
        onValueChange={(v) => onFiltersChange({ ...filters, decided_by: v === ALL ? '' : v })}
        options={[
          { value: ALL, label: 'Everyone' },
          { value: 'me', label: 'You' },
          ...members.map((m) => ({ value: m.uuid, label: m.name })),
        ]}
      />
    </search>
  )
}

/** No decisions: none match the filters (clear them), or none yet (record the first). */
function NoDecisions({
  filtered,
  onClearFilters,
  onRecord,
}: {
  filtered: boolean
  onClearFilters: () => void
  onRecord: () => void
}) {
  return filtered ? (
    <EmptyState
      title="No decisions match"
      description="Try other words, or another project or person."
      action={
        <Button variant="secondary" onClick={onClearFilters}>
          Clear filters
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<Gavel size={24} />}
      title="No decisions yet"
      description="Record what was decided, by whom and why. Give it a revisit date and it comes back as a follow-up in that week's report; the brief lists what was decided each week."
      action={
        <Button variant="primary" onClick={onRecord}>
          Record your first decision
        </Button>
      }
    />
  )
}

export function DecisionsView({
  decisions,
  projects,
  members,
  filters,
  onFiltersChange,
  onSave,
  onDelete,
  today,
  loading,
}: DecisionsViewProps) {
  const [editing, setEditing] = React.useState<Partial<Decision> | null>(null)
  const [open, setOpen] = React.useState(false)
  const id = React.useId()
  if (loading) return <PageSkeleton />
  const filtered = Boolean(filters.query.trim() || filters.project_uuid || filters.decided_by)
  const due = decisions.filter((d) => d.revisit_due)
  const rest = decisions.filter((d) => !d.revisit_due)
  const openDialog = (initial: Partial<Decision> | null) => {
    setEditing(initial)
    setOpen(true)
  }
  const list = (items: Decision[]) => (
    <ul className="cad-decisions__list">
      {items.map((d) => (
        <DecisionRow
          key={d.id}
          decision={d}
          onEdit={() => openDialog(d)}
          onDelete={() => void onDelete(d.id)}
        />
      ))}
    </ul>
  )
  return (
    <div className="cad-screen cad-decisions">
      <div className="cad-screen__head">
        <h1 className="cad-screen__title">Decisions</h1>
        <Button variant="primary" onClick={() => openDialog(null)}>
          <Plus size={16} aria-hidden /> Record a decision
        </Button>
      </div>
      <DecisionFilters
        id={id}
        filters={filters}
        onFiltersChange={onFiltersChange}
        projects={projects}
        members={members}
      />
      {decisions.length === 0 ? (
        <NoDecisions
          filtered={filtered}
          onClearFilters={() => onFiltersChange(NO_FILTERS)}
          onRecord={() => openDialog(null)}
        />
      ) : null}
      {due.length ? (
        <section className="cad-decisions__group" aria-labelledby={`${id}-due`}>
          <h2 id={`${id}-due`} className="cad-decisions__heading">
            Revisit due
          </h2>
          {list(due)}
        </section>
      ) : null}
      {rest.length ? (
        <section className="cad-decisions__group" aria-labelledby={`${id}-all`}>
          <h2 id={`${id}-all`} className="cad-decisions__heading">
            {due.length ? 'Other decisions' : 'All decisions'}
          </h2>
          {list(rest)}
        </section>
      ) : null}
      <DecisionDialog
        open={open}
        onOpenChange={setOpen}
        initial={editing}
        today={today}
        projects={projects}
        members={members}
        onSubmit={(input) => onSave(input, editing?.id)}
      />
    </div>
  )
}

export type { DecisionFilters }
export { NO_FILTERS as NO_DECISION_FILTERS }
