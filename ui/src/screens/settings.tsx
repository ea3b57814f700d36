import { Upload as LucideUpload } from 'lucide-react'
import * as React from 'react'
import { ChatDeliverySettings } from '../components/chat-delivery'
import { MetricsSettings } from '../components/metrics-settings'
import { SharingList } from '../components/sharing'
import { SourcesSettings } from '../components/sources'
import { MyTeams } from '../components/team-roll-up'
import { formatDate } from '../lib/dates'
import { Button } from '../primitives/button'
import { EmptyState } from '../primitives/empty-state'
import { icon } from '../primitives/icon'
import { InlineEdit } from '../primitives/inline-edit'
import { Select } from '../primitives/select'
import { PageSkeleton } from '../primitives/skeleton'
import { SortableList } from '../primitives/sortable-list'
import type { SectionType } from '../types'
import { Preferences, usePreferencesForm } from './settings-preferences'
import { ProfileSettings } from './settings-profile'
import { SettingsProjects } from './settings-projects'
import { SessionsSettings } from './settings-sessions'
import type {
  SettingsTab,
  SettingsViewActions,
  SettingsViewData,
  SettingsViewProps,
} from './settings-types'

const Upload = /* @__PURE__ */ icon(LucideUpload)

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

export { preferenceChanges, savedPreferences } from './settings-preferences'
export { filterProjects } from './settings-projects'
export type {
  PaperSize,
  PreferencesDraft,
  ProfileDraft,
  SettingsTab,
  SettingsViewActions,
  SettingsViewData,
  SettingsViewProps,
} from './settings-types'

type TabProps = { data: SettingsViewData; actions: SettingsViewActions }

/**
 * 'Import from file…' as a button like the others: the browser's own file input stays in the
 * page (hidden, for the file dialog and for tests) and the chosen file's name shows beside it.
 */
function ImportPicker({ onFile }: { onFile: (file: File) => void }) {
  const input = React.useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = React.useState<string | null>(null)
  const id = React.useId()
  return (
    <span className="cad-settings__file">
      <input
        ref={input}
        id={id}
        type="file"
        accept=".json,.md"
        className="cad-sr-only"
        tabIndex={-1}
        aria-label="Import from file"
        onChange={(e) => {
          const f = e.target.files?.[0]
          if (!f) return
          setChosen(f.name)
          onFile(f)
          e.target.value = ''
        }}
      />
      <Button onClick={() => input.current?.click()}>
        <Upload size={14} aria-hidden />
        Import from file…
      </Button>
      <small className="cad-screen__muted">
        {chosen ?? 'A Cadence export (.json) or a report (.md)'}
      </small>
    </span>
  )
}

/** Settings → Your data: download everything, or import from a file. */
function YourData({
  onExport,
  onImportFile,
}: Pick<SettingsViewActions, 'onExport' | 'onImportFile'>) {
  return (
    <div className="cad-screen__block cad-settings__data">
      <h2>Your data</h2>
      <div className="cad-screen__inline">
        {onExport ? <Button onClick={onExport}>Download my data</Button> : null}
        {onImportFile ? <ImportPicker onFile={onImportFile} /> : null}
      </div>
    </div>
  )
}

function Sections({ data, actions }: TabProps) {
  const [adding, setAdding] = React.useState(false)
  const [name, setName] = React.useState('')
  const [type, setType] = React.useState<SectionType>('standard')
  const submit = () => {
    if (!name.trim()) return
    actions.onAddSection(name.trim(), type)
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
      {data.sections.length === 0 ? (
        <EmptyState title="No sections configured yet. Add your first section to get started." />
      ) : (
        <>
          <p className="cad-screen__muted">Drag sections to reorder them</p>
          <SortableList
            items={data.sections}
            getLabel={(s) => s.name}
            onReorder={actions.onReorderSections}
            renderItem={(s) => (
              <div className="cad-screen__row cad-settings__section">
                <InlineEdit
                  aria-label="Section name"
                  className="cad-screen__grow"
                  value={s.name}
                  onSave={(v) => {
                    if (v.trim() && v.trim() !== s.name)
                      actions.onUpdateSection(s.id, { name: v.trim() })
                  }}
                />
                <Select
                  aria-label={`Type of ${s.name}`}
                  className="cad-select--sm"
                  value={s.type}
                  options={TYPES.map(([t]) => ({ value: t, label: TYPE_LABEL[t] }))}
                  onValueChange={(v) => {
                    if (v !== s.type) actions.onUpdateSection(s.id, { type: v as SectionType })
                  }}
                />
                <Button size="sm" variant="ghost" onClick={() => actions.onDeleteSection(s.id)}>
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

/** Settings → Sharing: the private links, then the team roll-up's settings. */
function SharingTab({
  data,
  actions,
}: TabProps & { actions: { onRevokeShare: (id: number) => Promise<void> } }) {
  return (
    <section className="cad-screen__block">
      <h2>Sharing</h2>
      <p className="cad-screen__muted">
        Private read-only links to your reports. Readers need no account; you see how often and when
        a link was opened, never by whom.
      </p>
      <SharingList
        links={data.shareLinks ?? []}
        onRevoke={actions.onRevokeShare}
        formatDate={formatDate}
      />
      {actions.onLeaveTeam ? (
        <MyTeams teams={data.myTeams ?? []} onLeave={actions.onLeaveTeam} />
      ) : null}
    </section>
  )
}

// Memoised: switching tabs renders the tab shown next, not again the one being left.
const SectionsTab = React.memo(Sections)
const SharingPanel = React.memo(SharingTab)
const ProjectsTab = React.memo(SettingsProjects)
const ProfileTab = React.memo(ProfileSettings)
const MetricsTab = React.memo(MetricsSettings)
const SourcesTab = React.memo(SourcesSettings)
const DeliveryTab = React.memo(function DeliveryTab({
  data,
  onWebhooksChange,
}: {
  data: SettingsViewData
  onWebhooksChange: NonNullable<SettingsViewActions['onWebhooksChange']>
}) {
  return (
    <section className="cad-screen__block">
      <h2>Delivery</h2>
      <ChatDeliverySettings
        urls={data.webhookUrls ?? []}
        error={data.webhookError}
        onChange={onWebhooksChange}
      />
    </section>
  )
})

export function SettingsView({ loading, ...props }: SettingsViewProps) {
  if (loading) return <PageSkeleton />
  return <SettingsTabs {...props} />
}

function SettingsTabs({ data, actions, saving, defaultTab }: SettingsViewProps) {
  const [tab, setTab] = React.useState<SettingsTab>(defaultTab ?? 'preferences')
  // The tab clicked is marked at once; its content (a whole tab to mount) follows in a render
  // that yields to the browser, so the click paints before it.
  const shown = React.useDeferredValue(tab)
  // Kept here, not in the tab: an edit survives switching tabs (and leaving warns).
  const form = usePreferencesForm(data.settings)
  const tabs: Array<[SettingsTab, string]> = [
    ['preferences', 'Report Preferences'],
    ['sections', 'Report Sections'],
    ['projects', 'Projects'],
  ]
  const { onRevokeShare, onWebhooksChange, onSaveProfile } = actions
  const sharingActions = React.useMemo(
    () => (onRevokeShare ? { ...actions, onRevokeShare } : null),
    [actions, onRevokeShare],
  )
  const sourceProjects = React.useMemo(
    () => data.projects.map((p) => ({ uuid: p.uuid, name: p.name })),
    [data.projects],
  )
  if (onSaveProfile) tabs.splice(1, 0, ['profile', 'Profile and organisation'])
  if (onRevokeShare) tabs.push(['sharing', 'Sharing'])
  if (onWebhooksChange) tabs.push(['delivery', 'Delivery'])
  if (actions.metrics) tabs.push(['metrics', 'Metrics'])
  if (actions.sources) tabs.push(['sources', 'Sources'])
  return (
    <div className="cad-screen cad-settings">
      {form.leaveDialog}
      <nav className="cad-settings__nav" aria-label="Settings">
        {tabs.map(([k, l]) => (
          <button
            key={k}
            type="button"
            className="cad-settings__tab"
            aria-current={tab === k ? 'page' : undefined}
            onClick={() => {
              setTab(k)
              if (k === 'sharing') actions.onOpenSharing?.()
            }}
          >
            {l}
          </button>
        ))}
      </nav>
      <div className="cad-screen__grow">
        {shown === 'preferences' ? (
          <Preferences data={data} actions={actions} form={form} saving={saving}>
            {actions.onExport || actions.onImportFile ? (
              <YourData onExport={actions.onExport} onImportFile={actions.onImportFile} />
            ) : null}
            {actions.onSignOutEverywhere ? (
              <SessionsSettings onSignOutEverywhere={actions.onSignOutEverywhere} />
            ) : null}
          </Preferences>
        ) : null}
        {shown === 'profile' && onSaveProfile ? (
          <ProfileTab data={data} onSave={onSaveProfile} saving={saving} />
        ) : null}
        {shown === 'sections' ? <SectionsTab data={data} actions={actions} /> : null}
        {shown === 'projects' ? (
          <ProjectsTab projects={data.projects} members={data.teamMembers} {...actions} />
        ) : null}
        {shown === 'delivery' && onWebhooksChange ? (
          <DeliveryTab data={data} onWebhooksChange={onWebhooksChange} />
        ) : null}
        {shown === 'metrics' && actions.metrics ? (
          <MetricsTab metrics={data.metrics ?? []} {...actions.metrics} />
        ) : null}
        {shown === 'sources' && actions.sources ? (
          <SourcesTab {...actions.sources} projects={sourceProjects} />
        ) : null}
        {shown === 'sharing' && sharingActions ? (
          <SharingPanel data={data} actions={sharingActions} />
        ) : null}
      </div>
    </div>
  )
}
