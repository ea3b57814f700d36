import { paths } from '@cadence/core/paths'
import * as React from 'react'
import { activitySentence } from '../lib/activity'
import { formatDate } from '../lib/dates'
import { Badge } from '../primitives/badge'
import { Button } from '../primitives/button'
import { StatCard } from '../primitives/card'
import { Checkbox } from '../primitives/checkbox'
import { Link } from '../primitives/link'
import { ProgressBar } from '../primitives/progress-bar'
import { PageSkeleton } from '../primitives/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../primitives/tabs'
import type {
  ActivityEntry,
  AdminStats,
  AdminUser,
  OnboardingAnalytics,
  SystemSetting,
} from '../types'

export type AdminViewProps = {
  stats: AdminStats
  users: AdminUser[]
  onboarding: OnboardingAnalytics
  settings: SystemSetting[]
  activity?: ActivityEntry[]
  onUpdateSetting: (key: string, value: string) => void
  /** The Overview's 'Refresh' quick action: reload stats, users, analytics and activity. */
  onRefresh?: () => void
  /** While a refresh runs: 'Refreshing...' on the disabled Refresh button. */
  refreshing?: boolean
  defaultTab?: AdminTab
  /** Called whenever the tab changes (by its trigger or a quick action). */
  onTabChange?: (tab: AdminTab) => void
  loading?: boolean
  /** The Users tab's 'End sessions' on a user: signs them out on every device. */
  onEndSessions?: (user: AdminUser) => void
}

export type AdminTab = 'overview' | 'users' | 'onboarding' | 'settings' | 'activity'

/** 'Nov 20, 2026, 10:30 AM' in local time. */
function formatDateTime(iso: string): string {
  const time = new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
  return `${formatDate(iso)}, ${time}`
}

function Activity({ list }: { list: ActivityEntry[] }) {
  return (
    <ul className="cad-screen__list">
      {list.map((a) => (
        <li key={a.id} className="cad-screen__row">
          <span className="cad-screen__grow">{activitySentence(a)}</span>
          <small className="cad-screen__muted">
            {a.user_email ? `${a.user_email} · ` : ''}
            {formatDateTime(a.created_at)}
          </small>
        </li>
      ))}
    </ul>
  )
}

/** The Overview tab: the counts, the quick actions (which open other tabs) and recent activity. */
function OverviewPanel({
  p,
  setTab,
}: {
  p: Pick<AdminViewProps, 'stats' | 'activity' | 'onRefresh' | 'refreshing'>
  setTab: (tab: AdminTab) => void
}) {
  return (
    <TabsContent value="overview" className="cad-admin__panel">
      <div className="cad-screen__stats">
        <StatCard label="Total Users" value={p.stats.totalUsers} />
        <StatCard label="Active Users" value={p.stats.activeUsers} />
        <StatCard label="Total Reports" value={p.stats.totalReports} />
        <StatCard
          label="Onboarding Rate"
          value={`${Math.round(p.stats.onboardingCompletionRate)}%`}
        />
      </div>
      <section className="cad-screen__block" aria-labelledby="admin-quick-actions">
        <h2 id="admin-quick-actions" className="cad-admin__subtitle">
          Quick Actions
        </h2>
        <div className="cad-screen__actions">
          <Button onClick={() => setTab('users')}>View Users</Button>
          <Button onClick={() => setTab('onboarding')}>Onboarding Analytics</Button>
          <Button onClick={() => setTab('settings')}>System Settings</Button>
          {p.onRefresh ? (
            <Button disabled={p.refreshing} onClick={p.onRefresh}>
              {p.refreshing ? 'Refreshing...' : 'Refresh'}
            </Button>
          ) : null}
        </div>
      </section>
      <section className="cad-screen__block" aria-labelledby="admin-recent-activity">
        <h2 id="admin-recent-activity" className="cad-admin__subtitle">
          Recent Activity
        </h2>
        {p.activity?.length ? (
          <Activity list={p.activity.slice(0, 5)} />
        ) : (
          <p className="cad-screen__muted">No recent activity</p>
        )}
      </section>
    </TabsContent>
  )
}

/** The Users tab: every user, narrowed by e-mail or name as one types. */
function UsersPanel({
  users,
  onEndSessions,
}: {
  users: AdminUser[]
  onEndSessions?: (user: AdminUser) => void
}) {
  const [q, setQ] = React.useState('')
  const shown = users.filter((u) =>
    `${u.email} ${u.name ?? ''}`.toLowerCase().includes(q.toLowerCase()),
  )
  return (
    <TabsContent value="users" className="cad-admin__panel">
      <input
        className="cad-screen__input"
        type="search"
        aria-label="Search users"
        placeholder="Search by e-mail or name"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <ul className="cad-screen__list">
        {shown.map((u) => (
          <li key={u.id} className="cad-screen__row">
            <span className="cad-screen__grow">
              {u.name ?? 'No Name'} <small className="cad-screen__muted">{u.email}</small>
            </span>
            {u.is_admin ? <Badge>Admin</Badge> : null}
            <small className="cad-screen__muted cad-screen__num">
              Joined {formatDate(u.created_at)}
            </small>
            {onEndSessions ? (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`End sessions of ${u.email}`}
                onClick={() => onEndSessions(u)}
              >
                End sessions
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </TabsContent>
  )
}

/** The Onboarding Analytics tab: sessions, completion, and each step's funnel. */
function OnboardingPanel({ onboarding }: { onboarding: OnboardingAnalytics }) {
  return (
    <TabsContent value="onboarding" className="cad-admin__panel">
      <div className="cad-screen__stats">
        <StatCard label="Total Sessions" value={onboarding.totalSessions} />
        <StatCard label="Completion Rate" value={`${Math.round(onboarding.completionRate)}%`} />
        <StatCard
          label="Average Time"
          value={`${Math.round(onboarding.averageCompletionTime / 60)} min`}
        />
      </div>
      <ul className="cad-screen__list cad-admin__steps">
        {onboarding.stepAnalytics.map((s) => (
          <li key={s.step} className="cad-screen__block">
            <strong>{s.step}</strong>
            <small className="cad-screen__muted cad-screen__num">
              {' '}
              started {s.started} · completed {s.completed} · skipped {s.skipped} · abandoned{' '}
              {s.abandoned}
            </small>
            <ProgressBar label={s.step} value={s.started ? (s.completed / s.started) * 100 : 0} />
          </li>
        ))}
      </ul>
    </TabsContent>
  )
}

/** The System Settings tab: a checkbox for a boolean, a field saved on blur for the rest. */
function SettingsPanel({
  settings,
  onUpdateSetting,
}: Pick<AdminViewProps, 'settings' | 'onUpdateSetting'>) {
  return (
    <TabsContent value="settings" className="cad-admin__panel">
      <ul className="cad-screen__list">
        {settings.map((s) => (
          <li key={s.id} className="cad-screen__row">
            <label className="cad-screen__grow" htmlFor={`set-${s.id}`}>
              {s.setting_key}
              {s.description ? (
                <small className="cad-screen__muted"> — {s.description}</small>
              ) : null}
            </label>
            {s.setting_type === 'boolean' ? (
              <Checkbox
                id={`set-${s.id}`}
                checked={s.setting_value === 'true'}
                onCheckedChange={(v) => onUpdateSetting(s.setting_key, String(v === true))}
              />
            ) : (
              <input
                id={`set-${s.id}`}
                className="cad-screen__input cad-admin__setting-input"
                type={s.setting_type === 'number' ? 'number' : 'text'}
                defaultValue={s.setting_value}
                onBlur={(e) =>
                  e.target.value !== s.setting_value &&
                  onUpdateSetting(s.setting_key, e.target.value)
                }
              />
            )}
          </li>
        ))}
      </ul>
    </TabsContent>
  )
}

export function AdminView(p: AdminViewProps) {
  const [tab, setTabState] = React.useState<AdminTab>(p.defaultTab ?? 'overview')
  const setTab = (next: AdminTab) => {
    setTabState(next)
    p.onTabChange?.(next)
  }
  if (p.loading) return <PageSkeleton />
  return (
    <div className="cad-screen">
      <div className="cad-screen__head">
        <h1 className="cad-screen__title">Admin</h1>
        <Badge>System Healthy</Badge>
      </div>
      <Tabs value={tab} onValueChange={(v) => setTab(v as AdminTab)}>
        <TabsList className="cad-admin__tabs">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="onboarding">Onboarding Analytics</TabsTrigger>
          <TabsTrigger value="settings">System Settings</TabsTrigger>
          <TabsTrigger value="activity">Activity Log</TabsTrigger>
        </TabsList>
        <OverviewPanel p={p} setTab={setTab} />
        <UsersPanel users={p.users} onEndSessions={p.onEndSessions} />
        <OnboardingPanel onboarding={p.onboarding} />
        <SettingsPanel settings={p.settings} onUpdateSetting={p.onUpdateSetting} />
        <TabsContent value="activity" className="cad-admin__panel">
          {/* The spec: this tab shows only this text; the latest entries are on the Overview. */}
          <p className="cad-screen__muted">Activity log feature coming soon</p>
        </TabsContent>
      </Tabs>
    </div>
  )
}

export type AccessDeniedViewProps = Record<string, never>

export function AccessDeniedView(_p: AccessDeniedViewProps) {
  return (
    <div className="cad-screen-center">
      <h1 className="cad-screen__title">Access Denied</h1>
      <p className="cad-screen__muted">You don't have permission to access the admin area.</p>
      <Link href={paths.landing()}>Return to Dashboard</Link>
    </div>
  )
}
