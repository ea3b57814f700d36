// The authorization matrix, generated from the server's own route table: every /api route is
// called with no session, as another user, as an admin who is not the owner, and as the owner.
// A route added without a row in CASES below fails the "every route is covered" test, so a new
// route cannot be forgotten.
import { describe, expect, test } from 'bun:test'
import { deliveries, reportSections } from '../db/schema'
import { type Client, createTestApp, makeClient, signIn } from '../test/helpers'

type Fixture = Awaited<ReturnType<typeof makeFixture>>

async function makeFixture() {
  const ctx = await createTestApp({
    ADMIN_EMAILS: 'admin@example.com',
    // Sources: a key on both engines; the owner's source on a closed loopback port (no network).
    SECRET_KEY: 'matrix-secret-key',
    OUTBOUND_ALLOW_PRIVATE: '127.0.0.1',
  })
  const owner = await signIn(ctx.app, 'owner@example.com')
  const other = await signIn(ctx.app, 'other@example.com')
  const admin = await signIn(ctx.app, 'admin@example.com')
  const anonymous = makeClient(ctx.app)
  // Whose sessions the admin route ends (`other` makes no request after its own in the matrix).
  const otherId = (await other.get('/api/users/me')).json.id as number
  const template = (await owner.post('/api/section-templates', { name: 'Tasks', type: 'tasks' }))
    .json
  const project = (await owner.post('/api/projects', { name: 'Owner secret project' })).json
  const project2 = (await owner.post('/api/projects', { name: 'Owner second project' })).json
  const member = (
    await owner.post('/api/team-members', { name: 'Owner Report', email: 'linked@example.com' })
  ).json
  const report = (
    await owner.post('/api/reports', {
      week_start_date: '2026-11-16',
      title: 'Owner secret report',
    })
  ).json
  const section = report.sections[0]
  const item = (
    await owner.post('/api/section-items', {
      section_id: section.id,
      content: 'Owner secret item',
      project_id: project.id,
    })
  ).json
  // Asks: the owner's item is asked of the readers (answered through the private link below).
  expect((await owner.put(`/api/section-items/${item.id}`, { is_ask: true })).status).toBe(200)
  // A sent report of the owner's (its edition 1), for the editions routes. Sent, so the owner's
  // executive (`other`, below) sees it in the team roll-up: its title is no secret.
  const sentReport = (
    await owner.post('/api/reports', { week_start_date: '2026-11-09', title: 'Owner sent brief' })
  ).json
  expect((await owner.put(`/api/reports/${sentReport.uuid}`, { is_submitted: true })).status).toBe(
    200,
  )
  const entries: Record<string, { id: number }> = {}
  for (const kind of ['talking-points', 'tasks', 'followups']) {
    entries[kind] = (
      await owner.post(`/api/team-members/${member.uuid}/${kind}`, {
        content: `Owner secret ${kind}`,
      })
    ).json
  }
  // A failed e-mail of the owner's report, for Retry.
  const [delivery] = await ctx.db.orm
    .insert(deliveries)
    .values({
      user_id: report.user_id,
      report_id: report.id,
      kind: 'report',
      week_start_date: report.week_start_date,
      recipients: '["boss@example.com"]',
      status: 'failed',
      attempts: 5,
    })
    .returning()
  // A private link to the owner's report, and a reader's question through it.
  const share = (await owner.post(`/api/reports/${report.uuid}/shares`, {})).json
  const shareToken = share.url.split('/r/')[1] as string
  const question = (
    await anonymous.post(`/api/shared/${shareToken}/questions`, { name: 'Reader', text: 'Why?' })
  ).json
  // Metrics: the owner's metric with a value on the owner's report.
  const metric = (
    await owner.post('/api/metrics', { name: 'Owner secret metric', direction: 'up' })
  ).json
  await owner.put(`/api/reports/${report.uuid}/metric-values/${metric.id}`, { value: 42 })
  // Decisions: the owner's decision in the report's week, by the linked member, from an item.
  const decision = (
    await owner.post('/api/decisions', {
      title: 'Owner secret decision',
      decided_on: '2026-11-17',
      decided_by_member_uuid: member.uuid,
      project_uuid: project.uuid,
      source_item_id: item.id,
    })
  ).json
  // Sources: the owner's connection (its suggestions fail fast: nothing listens on port 9).
  const source = (
    await owner.post('/api/sources', {
      kind: 'gitlab',
      base_url: 'http://127.0.0.1:9',
      token: 'owner-secret-token',
      filter: 'Owner secret filter',
    })
  ).json
  expect(source.id).toBeNumber()
  // Another user's own objects, for routes that create or list.
  ;(await other.post('/api/projects', { name: 'Other project' })).json

  // Team roll-up. `linked` is on the owner's team (linked to `member`), with a
  // sent report of their own and an item of the owner's report assigned to them; the owner is on
  // `other`'s team. So `linked` is the owner's team member and `other` the owner's executive:
  // both are strangers to every object of the owner's in the matrix below (the two-account swap
  // in both directions), and neither sees the owner's draft.
  const accept = (client: Client, url: string) =>
    client.post(`/api/invitations/${url.split('/invite/')[1]}/accept`)
  const linked = await signIn(ctx.app, 'linked@example.com', 'Linked Person')
  expect(
    (
      await accept(
        linked,
        (
          await owner.post(`/api/team-members/${member.uuid}/invitations`)
        ).json.url,
      )
    ).status,
  ).toBe(200)
  const assigned = (
    await owner.post('/api/section-items', {
      section_id: section.id,
      content: 'Assigned to linked',
      assigned_to_team_member_id: member.id,
    })
  ).json
  await linked.post('/api/section-templates', { name: 'Wins', type: 'standard' })
  const linkedReport = (
    await linked.post('/api/reports', {
      week_start_date: '2026-11-16',
      title: 'Linked secret report',
    })
  ).json
  const linkedItem = (
    await linked.post('/api/section-items', {
      section_id: linkedReport.sections[0].id,
      content: 'Linked secret item',
    })
  ).json
  await linked.put(`/api/reports/${linkedReport.uuid}`, { is_submitted: true })
  const member2 = (
    await owner.post('/api/team-members', { name: 'Owner Second', email: 'unrelated@example.com' })
  ).json
  const invitation = (await owner.post(`/api/team-members/${member2.uuid}/invitations`)).json
  const invitationToken = invitation.url.split('/invite/')[1] as string
  const asMember = (
    await other.post('/api/team-members', { name: 'Owner as member', email: 'owner@example.com' })
  ).json
  expect(
    (
      await accept(
        owner,
        (
          await other.post(`/api/team-members/${asMember.uuid}/invitations`)
        ).json.url,
      )
    ).status,
  ).toBe(200)
  // The report's sections as they are at the end (some of the above add one), for their order.
  const sectionIds = (await owner.get(`/api/reports/${report.uuid}`)).json.sections.map(
    (s: { id: number }) => s.id,
  ) as number[]
  return {
    otherId,
    linked,
    assigned,
    linkedReport,
    linkedItem,
    member2,
    invitation,
    invitationToken,
    ...ctx,
    owner,
    other,
    admin,
    anonymous,
    sectionIds,
    template,
    project,
    project2,
    member,
    report,
    sentReport,
    section,
    item,
    entries,
    delivery,
    share,
    shareToken,
    question,
    metric,
    decision,
    source,
  }
}

type Case = {
  /** Fills the path parameters with the owner's objects. */
  path: (f: Fixture) => string
  body?: (f: Fixture) => unknown
  /** Admin-only route: 403 for signed-in non-admins. */
  admin?: boolean
  /** Public route: no 401 expected. */
  public?: boolean
  /** A route whose subject is an object: other users get 404. */
  owned?: boolean
  /** The owner's status when the fixture cannot make the route succeed (said beside it). */
  ownerStatus?: number
}

const CASES: Record<string, Case> = {
  'GET /api/users/me': { path: () => '/api/users/me' },
  'GET /api/admin/profile': { path: () => '/api/admin/profile' },
  'GET /api/config/': { path: () => '/api/config', public: true },
  'GET /api/health/live': { path: () => '/api/health/live', public: true },
  'GET /api/health/ready': { path: () => '/api/health/ready', public: true },
  'GET /api/user-settings/': { path: () => '/api/user-settings' },
  'PUT /api/user-settings/': {
    path: () => '/api/user-settings',
    body: () => ({ weekly_start_day: 'sunday' }),
  },
  'GET /api/settings/': { path: () => '/api/settings' },
  'PUT /api/settings/': {
    path: () => '/api/settings',
    body: () => ({ webhook_urls: ['https://hooks.slack.com/services/T/B/x'] }),
  },
  'GET /api/section-templates/': { path: () => '/api/section-templates' },
  'POST /api/section-templates/': {
    path: () => '/api/section-templates',
    body: () => ({ name: 'New', type: 'standard' }),
  },
  'PUT /api/section-templates/reorder': {
    path: () => '/api/section-templates/reorder',
    body: (f) => ({ sections: [{ id: f.template.id, sort_order: 3 }] }),
    owned: true,
  },
  'PUT /api/section-templates/:id': {
    path: (f) => `/api/section-templates/${f.template.id}`,
    body: () => ({ name: 'Renamed' }),
    owned: true,
  },
  'DELETE /api/section-templates/:id': {
    path: (f) => `/api/section-templates/${f.template.id}`,
    owned: true,
  },
  'GET /api/projects/': { path: () => '/api/projects' },
  'POST /api/projects/': { path: () => '/api/projects', body: () => ({ name: 'New project' }) },
  'GET /api/projects/analytics': { path: () => '/api/projects/analytics' },
  'GET /api/projects/portfolio': { path: () => '/api/projects/portfolio' },
  'POST /api/projects/combine': {
    path: () => '/api/projects/combine',
    body: (f) => ({ projectUuids: [f.project.uuid, f.project2.uuid], newProjectName: 'Combined' }),
    owned: true,
  },
  'GET /api/projects/:uuid': { path: (f) => `/api/projects/${f.project.uuid}`, owned: true },
  'GET /api/projects/:uuid/updates': {
    path: (f) => `/api/projects/${f.project.uuid}/updates`,
    owned: true,
  },
  'GET /api/projects/:uuid/changes': {
    path: (f) => `/api/projects/${f.project.uuid}/changes`,
    owned: true,
  },
  'PUT /api/projects/:uuid': {
    path: (f) => `/api/projects/${f.project.uuid}`,
    body: () => ({ status: 'archived' }),
    owned: true,
  },
  'DELETE /api/projects/:uuid': {
    path: (f) => `/api/projects/${f.project.uuid}`,
    body: () => ({ move_to_project_id: null }),
    owned: true,
  },
  'GET /api/team-members/': { path: () => '/api/team-members' },
  'POST /api/team-members/': {
    path: () => '/api/team-members',
    body: () => ({ name: 'New', email: 'new@example.com' }),
  },
  'GET /api/team-members/:uuid': { path: (f) => `/api/team-members/${f.member.uuid}`, owned: true },
  'GET /api/team-members/:uuid/dashboard': {
    path: (f) => `/api/team-members/${f.member.uuid}/dashboard`,
    owned: true,
  },
  'GET /api/team-members/:uuid/prep': {
    path: (f) => `/api/team-members/${f.member.uuid}/prep`,
    owned: true,
  },
  // Nudge: the fixture has no mail, so the owner is told to copy the message instead (409);
  // team-members/nudge.test.ts nudges with mail.
  'POST /api/team-members/:uuid/nudge': {
    path: (f) => `/api/team-members/${f.member.uuid}/nudge`,
    owned: true,
    ownerStatus: 409,
  },
  'PUT /api/team-members/:uuid': {
    path: (f) => `/api/team-members/${f.member.uuid}`,
    body: () => ({ title: 'VP' }),
    owned: true,
  },
  'DELETE /api/team-members/:uuid': {
    path: (f) => `/api/team-members/${f.member.uuid}`,
    owned: true,
  },
  'GET /api/reports': { path: () => '/api/reports' },
  'POST /api/reports': {
    path: () => '/api/reports',
    body: () => ({ week_start_date: '2026-11-23' }),
  },
  'GET /api/reports/:uuid': { path: (f) => `/api/reports/${f.report.uuid}`, owned: true },
  'POST /api/reports/:uuid/starter-sections': {
    path: (f) => `/api/reports/${f.report.uuid}/starter-sections`,
    owned: true,
  },
  'POST /api/reports/:uuid/carry-over': {
    path: (f) => `/api/reports/${f.report.uuid}/carry-over`,
    owned: true,
  },
  'GET /api/reports/:uuid/changes': {
    path: (f) => `/api/reports/${f.report.uuid}/changes`,
    owned: true,
  },
  'PUT /api/reports/:uuid': {
    path: (f) => `/api/reports/${f.report.uuid}`,
    body: () => ({ title: 'Renamed' }),
    owned: true,
  },
  'DELETE /api/reports/:uuid': { path: (f) => `/api/reports/${f.report.uuid}`, owned: true },
  'PUT /api/reports/:uuid/sections/order': {
    path: (f) => `/api/reports/${f.report.uuid}/sections/order`,
    body: (f) => ({ section_ids: [...f.sectionIds].reverse() }),
    owned: true,
  },
  'PUT /api/report-sections/:id': {
    path: (f) => `/api/report-sections/${f.section.id}`,
    body: () => ({ content: 'x' }),
    owned: true,
  },
  'POST /api/section-items/': {
    path: () => '/api/section-items',
    body: (f) => ({ section_id: f.section.id, content: 'New' }),
    owned: true,
  },
  'PUT /api/section-items/:id': {
    path: (f) => `/api/section-items/${f.item.id}`,
    body: () => ({ is_completed: true }),
    owned: true,
  },
  'PUT /api/section-items/:id/position': {
    path: (f) => `/api/section-items/${f.item.id}/position`,
    body: (f) => ({ section_id: f.section.id, before_id: null }),
    owned: true,
  },
  'DELETE /api/section-items/:id': { path: (f) => `/api/section-items/${f.item.id}`, owned: true },
  // Asks: a report's asks with their answers, and closing one.
  'GET /api/reports/:uuid/asks': {
    path: (f) => `/api/reports/${f.report.uuid}/asks`,
    owned: true,
  },
  'PUT /api/asks/:item_id': {
    path: (f) => `/api/asks/${f.item.id}`,
    body: () => ({ closed: true }),
    owned: true,
  },
  // Readers of a report's links (issue 41): the author's only.
  'GET /api/reports/:uuid/readers': {
    path: (f) => `/api/reports/${f.report.uuid}/readers`,
    owned: true,
  },
  // Metrics: the account's metrics and a report's value of one.
  'GET /api/metrics': { path: () => '/api/metrics' },
  'POST /api/metrics': {
    path: () => '/api/metrics',
    body: () => ({ name: 'New', direction: 'down' }),
  },
  'PUT /api/metrics/:id': {
    path: (f) => `/api/metrics/${f.metric.id}`,
    body: () => ({ name: 'Renamed', target: 1 }),
    owned: true,
  },
  'DELETE /api/metrics/:id': { path: (f) => `/api/metrics/${f.metric.id}`, owned: true },
  'PUT /api/reports/:uuid/metric-values/:metric_id': {
    path: (f) => `/api/reports/${f.report.uuid}/metric-values/${f.metric.id}`,
    body: () => ({ value: 7 }),
    owned: true,
  },
  // Decisions: the decision log.
  'GET /api/decisions/': { path: () => '/api/decisions?query=secret' },
  'POST /api/decisions/': {
    path: () => '/api/decisions',
    body: () => ({ title: 'New', decided_on: '2026-11-18' }),
  },
  'PUT /api/decisions/:id': {
    path: (f) => `/api/decisions/${f.decision.id}`,
    body: () => ({ title: 'Renamed' }),
    owned: true,
  },
  'DELETE /api/decisions/:id': { path: (f) => `/api/decisions/${f.decision.id}`, owned: true },
  // Sources (issue 47): the user's connections, a report's suggestions, the draft summary.
  'GET /api/sources': { path: () => '/api/sources' },
  'POST /api/sources': {
    path: () => '/api/sources',
    body: () => ({ kind: 'linear', token: 'new-token' }),
  },
  'DELETE /api/sources/:id': { path: (f) => `/api/sources/${f.source.id}`, owned: true },
  'GET /api/reports/:uuid/suggestions': {
    path: (f) => `/api/reports/${f.report.uuid}/suggestions`,
    owned: true,
  },
  // No source offers this id (the owner's fails to answer): 404 for the owner too.
  'POST /api/reports/:uuid/suggestions/:id/accept': {
    path: (f) => `/api/reports/${f.report.uuid}/suggestions/s1-0123456789abcdef/accept`,
    owned: true,
    ownerStatus: 404,
  },
  'POST /api/reports/:uuid/suggestions/:id/dismiss': {
    path: (f) => `/api/reports/${f.report.uuid}/suggestions/s1-0123456789abcdef/dismiss`,
    owned: true,
  },
  'POST /api/reports/:uuid/draft-summary': {
    path: (f) => `/api/reports/${f.report.uuid}/draft-summary`,
    owned: true,
  },
  'GET /api/dashboard/': { path: () => '/api/dashboard' },
  // The rest of a dashboard list after one of the caller's items: another's item is a 404.
  'GET /api/dashboard/items': {
    path: (f) => `/api/dashboard/items?type=task&after=${f.item.id}`,
    owned: true,
  },
  // Marks only the caller's own answers: another's ids mark nothing (dashboard/needs-you.test.ts).
  'POST /api/dashboard/answers-seen': {
    path: () => '/api/dashboard/answers-seen',
    body: () => ({ ids: [1] }),
  },
  'GET /api/search/': { path: () => '/api/search?query=secret' },
  'POST /api/reports/import/preview': {
    path: () => '/api/reports/import/preview',
    body: () => ({ text: '## Tasks\n- x' }),
  },
  'POST /api/reports/:uuid/import': {
    path: (f) => `/api/reports/${f.report.uuid}/import`,
    body: () => ({ text: '## Tasks\n- x' }),
    owned: true,
  },
  'GET /api/reports/:uuid/export': {
    path: (f) => `/api/reports/${f.report.uuid}/export?format=md`,
    owned: true,
  },
  'GET /api/reports/:uuid/deliveries': {
    path: (f) => `/api/reports/${f.report.uuid}/deliveries`,
    owned: true,
  },
  'GET /api/reports/:uuid/email-preview': {
    path: (f) => `/api/reports/${f.report.uuid}/email-preview`,
    owned: true,
  },
  'POST /api/deliveries/:id/retry': {
    path: (f) => `/api/deliveries/${f.delivery.id}/retry`,
    owned: true,
  },
  'GET /api/export': { path: () => '/api/export' },
  'POST /api/import': {
    path: () => '/api/import',
    body: () => ({
      format: 'cadence-export',
      version: 1,
      section_templates: [],
      projects: [],
      team_members: [],
      reports: [],
    }),
  },
  'POST /api/onboarding/events': {
    path: () => '/api/onboarding/events',
    body: () => ({ step: 'welcome', action: 'started' }),
  },
  'PUT /api/reports/:uuid/project-health/:project_uuid': {
    path: (f) => `/api/reports/${f.report.uuid}/project-health/${f.project.uuid}`,
    body: () => ({ health: 'at_risk', note: 'x' }),
    owned: true,
  },
  'GET /api/projects/:uuid/health': {
    path: (f) => `/api/projects/${f.project.uuid}/health`,
    owned: true,
  },
  'POST /api/reports/:uuid/shares': {
    path: (f) => `/api/reports/${f.report.uuid}/shares`,
    body: () => ({ expires_in_days: 7 }),
    owned: true,
  },
  'GET /api/shares': { path: () => '/api/shares' },
  'PUT /api/users/me': { path: () => '/api/users/me', body: () => ({ display_title: 'CEO' }) },
  'POST /api/reports/:uuid/editions': {
    path: (f) => `/api/reports/${f.sentReport.uuid}/editions`,
    body: () => ({ note: 'x' }),
    owned: true,
  },
  'GET /api/reports/:uuid/editions': {
    path: (f) => `/api/reports/${f.sentReport.uuid}/editions`,
    owned: true,
  },
  'GET /api/reports/:uuid/editions/:number': {
    path: (f) => `/api/reports/${f.sentReport.uuid}/editions/1`,
    owned: true,
  },
  'GET /api/reports/:uuid/editions/:number/pdf': {
    path: (f) => `/api/reports/${f.sentReport.uuid}/editions/1/pdf`,
    owned: true,
  },
  'GET /api/reports/:uuid/pdf': { path: (f) => `/api/reports/${f.report.uuid}/pdf`, owned: true },
  'DELETE /api/shares/:id': { path: (f) => `/api/shares/${f.share.id}`, owned: true },
  'GET /api/questions': { path: () => '/api/questions' },
  'PUT /api/questions/:id': {
    path: (f) => `/api/questions/${f.question.id}`,
    body: () => ({ answer: 'Because' }),
    owned: true,
  },
  'GET /api/admin/stats': { path: () => '/api/admin/stats', admin: true },
  'GET /api/admin/users': { path: () => '/api/admin/users', admin: true },
  'GET /api/admin/onboarding-analytics': {
    path: () => '/api/admin/onboarding-analytics',
    admin: true,
  },
  'GET /api/admin/system-settings': { path: () => '/api/admin/system-settings', admin: true },
  'PUT /api/admin/system-settings/:key': {
    path: () => '/api/admin/system-settings/maintenance_mode',
    body: () => ({ setting_value: 'true' }),
    admin: true,
  },
  'GET /api/admin/activity-log': { path: () => '/api/admin/activity-log', admin: true },
  'POST /api/admin/users/:id/sessions/end': {
    path: (f) => `/api/admin/users/${f.otherId}/sessions/end`,
    admin: true,
  },
  // Each caller ends only their own sessions (the owner's call comes last in the matrix).
  'POST /api/sessions/revoke-all': { path: () => '/api/sessions/revoke-all' },
  // Team roll-up: the executive's side (the owner invites, revokes, reads, pulls).
  'POST /api/team-members/:uuid/invitations': {
    path: (f) => `/api/team-members/${f.member2.uuid}/invitations`,
    owned: true,
  },
  'DELETE /api/invitations/:invitation': {
    path: (f) => `/api/invitations/${f.invitation.id}`,
    owned: true,
  },
  'GET /api/my-teams': { path: () => '/api/my-teams' },
  'GET /api/assigned-to-me': { path: () => '/api/assigned-to-me' },
  'GET /api/team-updates': { path: () => '/api/team-updates?week=2026-11-16' },
  'POST /api/reports/:uuid/pull': {
    path: (f) => `/api/reports/${f.report.uuid}/pull`,
    body: (f) => ({ source_item_id: f.linkedItem.id }),
    owned: true,
  },
}
for (const kind of ['talking-points', 'tasks', 'followups']) {
  CASES[`GET /api/team-members/:uuid/${kind}`] = {
    path: (f) => `/api/team-members/${f.member.uuid}/${kind}`,
    owned: true,
  }
  CASES[`POST /api/team-members/:uuid/${kind}`] = {
    path: (f) => `/api/team-members/${f.member.uuid}/${kind}`,
    body: () => ({ content: 'New' }),
    owned: true,
  }
  CASES[`PUT /api/team-members/${kind}/:id`] = {
    path: (f) => `/api/team-members/${kind}/${f.entries[kind].id}`,
    body: () => ({ is_completed: true }),
    owned: true,
  }
  CASES[`DELETE /api/team-members/${kind}/:id`] = {
    path: (f) => `/api/team-members/${kind}/${f.entries[kind].id}`,
    owned: true,
  }
}

/** Routes outside the matrix, each with the reason. */
const EXEMPT: Record<string, string> = {
  'GET /api/health': 'public by design (load balancer check, no data); tested in health.test.ts',
  'GET /metrics': 'a bearer token (METRICS_TOKEN), not a session: its matrix below',
  'GET /api/docs': 'public API reference',
  'GET /api/openapi.json': 'public API description',
  'GET /api/docs/init.js': "the API reference page's script (public, no data)",
  'GET /api/docs/scalar.js': 'the API reference viewer, a pinned package bundle (public, no data)',
  'GET /api/oauth/google/redirect_url': 'starts sign-in; tested in auth.test.ts',
  'POST /api/sessions': 'completes sign-in; tested in auth.test.ts',
  'GET /api/logout': 'ends a session; tested in auth.test.ts',
  'POST /api/logout': 'ends a session; tested in security/session-cookies.test.ts',
  'GET /api/oauth/dev/authorize': 'development provider page; tested in auth.test.ts',
  'POST /api/oauth/dev/authorize': 'development provider form; tested in auth.test.ts',
  'GET /*': 'the web app',
  'GET /r/*': "the web app's page of a shared report (its API: the token matrix below)",
  'GET /invite/*': "the web app's invitation page (its API: the team roll-up roles below)",
  'GET /api/shared/:token': 'opened by a token, not a session: the token matrix below',
  'POST /api/shared/:token/questions': 'opened by a token, not a session: the token matrix below',
  'POST /api/shared/:token/acknowledgements':
    'opened by a token, not a session: the token matrix below',
  'POST /api/shared/:token/asks/:item_id/answers':
    'opened by a token, not a session: the token matrix below',
  'GET /api/invitations/:invitation': 'opened by a token: the team roll-up roles below',
  'POST /api/invitations/:invitation/accept': 'opened by a token: the team roll-up roles below',
  'PUT /api/assigned-to-me/:id':
    "the linked member's, not the owner's: the team roll-up roles below",
  'DELETE /api/team-members/:uuid/link':
    'the executive and the linked member both may: the team roll-up roles below',
}

const routeKeys = async () => {
  const { app } = await createTestApp()
  return app.routes.map((r) => `${r.method} ${r.path}`)
}

const call = (client: Client, method: string, c: Case, f: Fixture) =>
  client.request(
    method,
    c.path(f),
    c.body ? c.body(f) : method === 'GET' ? undefined : method === 'DELETE' ? undefined : {},
  )

describe('authorization matrix', () => {
  test('every route is in the matrix or exempt with a reason', async () => {
    const missing = (await routeKeys()).filter((k) => !(k in CASES) && !(k in EXEMPT))
    expect(missing).toEqual([])
  })

  // A read changes nothing (the checks below say so after every case): the GET cases share one
  // fixture, made at the first of them; every other case gets a fixture of its own.
  let forReads: Promise<Fixture> | null = null
  for (const key of Object.keys(CASES)) {
    const [method] = key.split(' ')
    const c = CASES[key]
    test(`${key}: 401 without a session, never the owner's data for others, success for the owner`, async () => {
      if (method === 'GET') forReads ??= makeFixture()
      const f = method === 'GET' && forReads ? await forReads : await makeFixture()
      const anon = await call(f.anonymous, method, c, f)
      if (!c.public) {
        expect(anon.status).toBe(401)
        expect(anon.json.error).toBeString()
      }
      // `other` is the owner's executive and `linked` the owner's team member (makeFixture).
      for (const stranger of [f.other, f.admin, f.linked]) {
        const res = await call(stranger, method, c, f)
        if (c.admin) {
          expect(res.status).toBe(stranger === f.admin ? 200 : 403)
          continue
        }
        if (c.owned) expect(res.status).toBe(404)
        else expect(res.status).toBeLessThan(300)
        expect(res.text).not.toContain('Owner secret')
        if (stranger !== f.linked) expect(res.text).not.toContain('Linked secret')
      }
      // Nothing a stranger did changed the owner's objects.
      const report = (await f.owner.get(`/api/reports/${f.report.uuid}`)).json
      expect(report.title).toBe('Owner secret report')
      expect(report.sections[0].items[0]).toMatchObject({
        content: 'Owner secret item',
        is_completed: false,
      })
      expect(report.metrics).toMatchObject([{ name: 'Owner secret metric', value: 42 }])
      const ownDecisions = (await f.owner.get('/api/decisions')).json
      expect(ownDecisions.map((x: { title: string }) => x.title)).toEqual(['Owner secret decision'])
      expect((await f.db.orm.select().from(reportSections)).length).toBeGreaterThan(0)
      const own = await call(f.owner, method, c, f)
      if (c.admin) expect(own.status).toBe(403)
      else if (c.ownerStatus) expect(own.status).toBe(c.ownerStatus)
      else expect(own.status).toBeLessThan(300)
      // The fixture is a few dozen requests: room for PostgreSQL on a loaded 2-core machine.
    }, 30_000)
  }
})

/**
 * The routes a private link opens: the token is the only key. A valid token
 * opens its report and nothing else; an expired, revoked or wrong one answers 404 and writes
 * nothing, whoever asks (anonymous, another user, the owner).
 */
describe('authorization matrix: shared-link tokens', () => {
  const TOKEN_ROUTES: Array<[string, string, (token: string, f: Fixture) => string, unknown]> = [
    ['GET', 'report', (t) => `/api/shared/${t}`, undefined],
    ['POST', 'question', (t) => `/api/shared/${t}/questions`, { name: 'R', text: 'Q?' }],
    ['POST', 'acknowledgement', (t) => `/api/shared/${t}/acknowledgements`, { name: 'R' }],
    [
      'POST',
      'answer to an ask',
      (t, f) => `/api/shared/${t}/asks/${f.item.id}/answers`,
      { name: 'R', answer: 'approve' },
    ],
  ]
  const count = async (f: Fixture) => {
    const { sql } = await import('drizzle-orm')
    const row = await f.db.row<{ n: number }>(
      sql`SELECT (SELECT COUNT(*) FROM share_questions) + (SELECT COUNT(*) FROM share_acknowledgements) + (SELECT COUNT(*) FROM section_items) + (SELECT COUNT(*) FROM ask_answers) AS n`,
    )
    return Number(row?.n)
  }
  for (const [method, what, path, body] of TOKEN_ROUTES) {
    test(`${method} shared ${what}: a valid token opens only its report; expired, revoked and wrong tokens answer 404 and write nothing`, async () => {
      const f = await makeFixture()
      const { sql } = await import('drizzle-orm')
      for (const client of [f.anonymous, f.other, f.owner]) {
        const ok = await client.request(method, path(f.shareToken, f), body)
        expect(ok.status).toBeLessThan(300)
        // Nothing of another account, and no e-mail of anyone.
        expect(ok.text).not.toContain('@example.com')
        expect(ok.text).not.toContain('Other project')
      }
      const expired = (
        await f.owner.post(`/api/reports/${f.report.uuid}/shares`, { expires_in_days: 7 })
      ).json
      await f.db.exec(
        sql`UPDATE shares SET expires_at = '2001-01-01T00:00:00.000Z' WHERE id = ${expired.id}`,
      )
      const revoked = (await f.owner.post(`/api/reports/${f.report.uuid}/shares`, {})).json
      await f.owner.delete(`/api/shares/${revoked.id}`)
      const tokens = {
        expired: expired.url.split('/r/')[1],
        revoked: revoked.url.split('/r/')[1],
        wrong: `${f.shareToken.slice(0, -2)}xx`,
        empty: '%20',
      }
      const before = await count(f)
      for (const [state, token] of Object.entries(tokens)) {
        for (const client of [f.anonymous, f.other, f.owner]) {
          const res = await client.request(method, path(token, f), body)
          expect({ state, status: res.status }).toEqual({ state, status: 404 })
          expect(res.text).not.toContain('Owner secret')
        }
      }
      expect(await count(f)).toBe(before)
    })
  }
})

/**
 * Team roll-up (docs/security.md "Team roll-up"): each new route as each role —
 * anonymous, an unrelated user, an admin who is not involved, the linked member, and the
 * executive of that member (the fixture's owner) — in this order, with the status each gets and
 * what it must (not) see. A linked member reaching anything but what is shared answers 404.
 */
describe('authorization matrix: team roll-up roles', () => {
  type Role = 'anonymous' | 'unrelated' | 'admin' | 'member' | 'executive'
  type RoleCase = {
    method: string
    path: (f: Fixture) => string
    body?: (f: Fixture) => unknown
    status: Record<Role, number>
    /** Text only these roles may see in the answer. */
    secret?: { text: string; seenBy: Role[] } | { text: string; seenBy: Role[] }[]
    /** The executive is the owner: their own answer may show their own objects. */
    executiveSeesOwn?: boolean
  }
  const ROLE_CASES: Record<string, RoleCase> = {
    'POST /api/team-members/:uuid/invitations': {
      method: 'POST',
      path: (f) => `/api/team-members/${f.member2.uuid}/invitations`,
      status: { anonymous: 401, unrelated: 404, admin: 404, member: 404, executive: 201 },
    },
    'DELETE /api/invitations/:invitation': {
      method: 'DELETE',
      path: (f) => `/api/invitations/${f.invitation.id}`,
      status: { anonymous: 401, unrelated: 404, admin: 404, member: 404, executive: 200 },
    },
    'GET /api/invitations/:invitation': {
      method: 'GET',
      path: (f) => `/api/invitations/${f.invitationToken}`,
      status: { anonymous: 200, unrelated: 200, admin: 200, member: 200, executive: 200 },
    },
    // It was sent to the unrelated user's address: the member, signed in with another address,
    // is refused (403); the executive cannot take their own: 400; the unrelated user accepts it,
    // and then it is spent for the admin.
    'POST /api/invitations/:invitation/accept': {
      method: 'POST',
      path: (f) => `/api/invitations/${f.invitationToken}/accept`,
      status: { anonymous: 401, member: 403, executive: 400, unrelated: 200, admin: 404 },
    },
    'DELETE /api/team-members/:uuid/link': {
      method: 'DELETE',
      path: (f) => `/api/team-members/${f.member.uuid}/link`,
      status: { anonymous: 401, unrelated: 404, admin: 404, member: 200, executive: 200 },
    },
    'GET /api/my-teams': {
      method: 'GET',
      path: () => '/api/my-teams',
      status: { anonymous: 401, unrelated: 200, admin: 200, member: 200, executive: 200 },
      secret: { text: 'Owner Report', seenBy: ['member'] },
    },
    'GET /api/assigned-to-me': {
      method: 'GET',
      path: () => '/api/assigned-to-me',
      status: { anonymous: 401, unrelated: 200, admin: 200, member: 200, executive: 200 },
      secret: { text: 'Assigned to linked', seenBy: ['member'] },
    },
    'PUT /api/assigned-to-me/:id': {
      method: 'PUT',
      path: (f) => `/api/assigned-to-me/${f.assigned.id}`,
      body: () => ({ is_completed: true, note: 'Done' }),
      status: { anonymous: 401, unrelated: 404, admin: 404, executive: 404, member: 200 },
    },
    'GET /api/team-updates': {
      method: 'GET',
      path: () => '/api/team-updates?week=2026-11-16',
      status: { anonymous: 401, unrelated: 200, admin: 200, member: 200, executive: 200 },
      secret: { text: 'Linked secret item', seenBy: ['executive'] },
    },
    // Changed by team roll-up: search covers the members' sent reports for their executive
    // ('Linked secret report') and the items assigned to a member ('Assigned to linked').
    'GET /api/search/': {
      method: 'GET',
      path: () => '/api/search?query=linked',
      status: { anonymous: 401, unrelated: 200, admin: 200, member: 200, executive: 200 },
      secret: [
        { text: 'Linked secret report', seenBy: ['member', 'executive'] },
        { text: 'Assigned to linked', seenBy: ['member', 'executive'] },
      ],
      executiveSeesOwn: true,
    },
    'POST /api/reports/:uuid/pull': {
      method: 'POST',
      path: (f) => `/api/reports/${f.report.uuid}/pull`,
      body: (f) => ({ source_item_id: f.linkedItem.id }),
      status: { anonymous: 401, unrelated: 404, admin: 404, member: 404, executive: 201 },
    },
  }

  test('every team roll-up route has its row', async () => {
    const teamRoutes = (await routeKeys()).filter((k) =>
      /invitations|assigned-to-me|team-updates|my-teams|\/link$|\/pull$/.test(k),
    )
    // Plus the routes team roll-up changed (search).
    expect([...teamRoutes, 'GET /api/search/'].sort()).toEqual(Object.keys(ROLE_CASES).sort())
  })

  for (const [key, c] of Object.entries(ROLE_CASES)) {
    test(`${key}: ${Object.entries(c.status)
      .map(([r, s]) => `${r} ${s}`)
      .join(', ')}`, async () => {
      const f = await makeFixture()
      const clients: Record<Role, Client> = {
        anonymous: f.anonymous,
        unrelated: f.other,
        admin: f.admin,
        member: f.linked,
        executive: f.owner,
      }
      // `other` is the owner's executive in makeFixture; an unrelated user here has no link.
      clients.unrelated = await signIn(f.app, 'unrelated@example.com')
      for (const [role, status] of Object.entries(c.status) as Array<[Role, number]>) {
        const res = await clients[role].request(
          c.method,
          c.path(f),
          c.body ? c.body(f) : c.method === 'GET' || c.method === 'DELETE' ? undefined : {},
        )
        expect({ role, status: res.status }).toEqual({ role, status })
        if (res.status >= 400) expect(res.json.error).toBeString()
        if (!(role === 'executive' && c.executiveSeesOwn))
          expect(res.text).not.toContain('Owner secret')
        for (const secret of [c.secret ?? []].flat()) {
          if (!secret.seenBy.includes(role)) {
            expect({ role, leaked: res.text.includes(secret.text) }).toEqual({
              role,
              leaked: false,
            })
          } else expect(res.text).toContain(secret.text)
        }
      }
      // The linked member's own objects stay theirs: the executive reaches none of them.
      expect((await f.owner.get(`/api/reports/${f.linkedReport.uuid}`)).status).toBe(404)
      expect(
        (await f.owner.put(`/api/section-items/${f.linkedItem.id}`, { content: 'x' })).status,
      ).toBe(404)
      const theirs = (await f.linked.get(`/api/reports/${f.linkedReport.uuid}`)).json
      expect(theirs.sections[0].items[0].content).toBe('Linked secret item')
    })
  }
})

/**
 * GET /metrics answers to METRICS_TOKEN only: no session of anyone (owner, other user, admin)
 * opens it, the token opens it without a session, and it carries no user's data. Unset, it is 404
 * to everyone.
 */
describe('authorization matrix: metrics', () => {
  test('404 without METRICS_TOKEN, 401 to every session without the token, 200 to the token alone; no user data', async () => {
    const f = await makeFixture()
    for (const client of [f.anonymous, f.owner, f.admin]) {
      const res = await client.get('/metrics')
      expect(res.status).toBe(404)
    }
    const { app } = await createTestApp({ METRICS_TOKEN: 'scrape-token-1-0123456789abcdef01234' })
    const owner = await signIn(app, 'owner@example.com', 'Owner')
    await owner.post('/api/projects', { name: 'Owner secret project' })
    const anonymous = makeClient(app)
    for (const client of [anonymous, owner]) {
      expect((await client.get('/metrics')).status).toBe(401)
      const wrong = await client.request('GET', '/metrics', undefined, {
        authorization: 'Bearer scrape-token-2-0123456789abcdef01234',
      })
      expect(wrong.status).toBe(401)
    }
    const scraped = await anonymous.request('GET', '/metrics', undefined, {
      authorization: 'Bearer scrape-token-1-0123456789abcdef01234',
    })
    expect(scraped.status).toBe(200)
    expect(scraped.text).toContain('http_requests_total')
    expect(scraped.text).not.toContain('Owner secret')
    expect(scraped.text).not.toContain('owner@example.com')
  }, 30_000)
})
