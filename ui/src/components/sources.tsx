import type { Source, SourceKind } from '@cadence/contract'
import * as React from 'react'
import { formatDate } from '../lib/dates'
import { Button } from '../primitives/button'
import { ConfirmInline } from '../primitives/confirm-inline'
import { EmptyState } from '../primitives/empty-state'
import { Select } from '../primitives/select'

/** What connecting a source sends (POST /api/sources); the token is never shown again. */
export type SourceInput = {
  kind: SourceKind
  base_url?: string
  token: string
  filter?: string | null
  project_uuid?: string | null
}

export type SourceProject = { uuid: string; name: string }

export type SourcesSettingsProps = {
  sources: readonly Source[]
  projects: readonly SourceProject[]
  /** Each answers once saved; a rejection's message is shown beside the form. */
  onConnect: (input: SourceInput) => Promise<void>
  onRevoke: (id: number) => Promise<void>
}

export const SOURCE_KINDS: Record<
  SourceKind,
  { label: string; base: string; filter: string; token: string }
> = {
  github: {
    label: 'GitHub',
    base: 'https://api.github.com',
    filter: 'Repositories, e.g. acme/api, acme/web',
    token: 'Personal access token',
  },
  gitlab: {
    label: 'GitLab',
    base: 'https://gitlab.com',
    filter: 'Project paths, e.g. acme/api',
    token: 'Personal access token (read_api)',
  },
  jira: {
    label: 'Jira',
    base: '',
    filter: 'Project keys, e.g. OPS, WEB',
    token: 'email:API token (Cloud) or personal access token',
  },
  linear: {
    label: 'Linear',
    base: 'https://api.linear.app',
    filter: 'Team keys, e.g. ENG',
    token: 'Personal API key',
  },
}

const KIND_OPTIONS = (Object.keys(SOURCE_KINDS) as SourceKind[]).map((k) => ({
  value: k,
  label: SOURCE_KINDS[k].label,
}))

const GENERAL = '__general__'

/** A source in a line: its vendor and host ('GitHub · api.github.com'). */
export function sourceLabel(source: Pick<Source, 'kind' | 'base_url'>) {
  let host = source.base_url
  try {
    host = new URL(source.base_url).host
  } catch {}
  return `${SOURCE_KINDS[source.kind].label} · ${host}`
}

const message = (err: unknown) => (err instanceof Error ? err.message : 'Failed to save')

function SourceRow({
  source,
  projectName,
  onRevoke,
}: {
  source: Source
  projectName: string | null
  onRevoke: (id: number) => Promise<void>
}) {
  const [confirming, setConfirming] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  return (
    <li className="cad-sources__row">
      <div className="cad-sources__what">
        <span className="cad-sources__name">{sourceLabel(source)}</span>
        <span className="cad-sources__meta">
          {[
            source.filter ? `Only ${source.filter}` : 'Everything the token sees',
            projectName ? `into ${projectName}` : 'into General',
            `connected ${formatDate(source.created_at.slice(0, 10))}`,
          ].join(' · ')}
        </span>
      </div>
      {confirming ? (
        <ConfirmInline
          message={`Revoke ${SOURCE_KINDS[source.kind].label}? Its token is deleted.`}
          confirmLabel="Revoke"
          onConfirm={() => {
            setConfirming(false)
            onRevoke(source.id).catch((err) => setError(message(err)))
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Revoke
        </Button>
      )}
      {error ? (
        <p className="cad-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}

/**
 * Settings › Sources: GitHub, GitLab, Jira and Linear connected with a personal access token each
 * (write-only: never shown again), optionally limited and mapped to a project. Their done work is
 * then offered on each report.
 */
export function SourcesSettings({ sources, projects, onConnect, onRevoke }: SourcesSettingsProps) {
  const id = React.useId()
  const [kind, setKind] = React.useState<SourceKind>('github')
  const [base, setBase] = React.useState('')
  const [token, setToken] = React.useState('')
  const [filter, setFilter] = React.useState('')
  const [project, setProject] = React.useState(GENERAL)
  const [error, setError] = React.useState<string | null>(null)
  const [busy, setBusy] = React.useState(false)
  const names = new Map(projects.map((p) => [p.uuid, p.name]))
  const spec = SOURCE_KINDS[kind]
  const connect = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!token.trim()) return setError('Token is required')
    if (kind === 'jira' && !base.trim()) return setError('Jira needs its site address')
    setError(null)
    setBusy(true)
    try {
      await onConnect({
        kind,
        ...(base.trim() ? { base_url: base.trim() } : {}),
        token: token.trim(),
        filter: filter.trim() || null,
        project_uuid: project === GENERAL ? null : project,
      })
      setToken('')
      setBase('')
      setFilter('')
    } catch (err) {
      setError(message(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="cad-screen__block cad-sources" aria-labelledby={id}>
      <h2 id={id}>Sources</h2>
      <p className="cad-screen__muted">
        Connect the tools you already use: each report then offers what you merged, closed or
        finished that week, to add in one click. Tokens are encrypted and never shown again.
      </p>
      {sources.length === 0 ? (
        <EmptyState title="No sources yet. Connect GitHub, GitLab, Jira or Linear below." />
      ) : (
        <ul className="cad-sources__rows">
          {sources.map((s) => (
            <SourceRow
              key={s.id}
              source={s}
              projectName={s.project_uuid ? (names.get(s.project_uuid) ?? null) : null}
              onRevoke={onRevoke}
            />
          ))}
        </ul>
      )}
      <form
        className="cad-sources__form"
        onSubmit={(e) => void connect(e)}
        aria-label="Connect a source"
      >
        <Select
          aria-label="Tool"
          value={kind}
          options={KIND_OPTIONS}
          onValueChange={(v) => setKind(v as SourceKind)}
          className="cad-sources__kind"
        />
        <input
          className="cad-input"
          aria-label="Address"
          placeholder={spec.base || 'https://your-site.atlassian.net'}
          value={base}
          maxLength={500}
          onChange={(e) => setBase(e.target.value)}
        />
        <input
          className="cad-input"
          aria-label="Token"
          type="password"
          autoComplete="off"
          placeholder={spec.token}
          value={token}
          maxLength={4000}
          onChange={(e) => setToken(e.target.value)}
        />
        <input
          className="cad-input cad-sources__filter"
          aria-label="Limit to"
          placeholder={`${spec.filter} (optional)`}
          value={filter}
          maxLength={500}
          onChange={(e) => setFilter(e.target.value)}
        />
        <Select
          aria-label="Project"
          value={project}
          options={[
            { value: GENERAL, label: 'General' },
            ...projects.map((p) => ({ value: p.uuid, label: p.name })),
          ]}
          onValueChange={setProject}
          className="cad-sources__project"
        />
        <Button type="submit" variant="primary" disabled={busy}>
          Connect
        </Button>
        {error ? (
          <p className="cad-form__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  )
}
