// Bad input, property-based: for every JSON body route, generated wrong types, missing and extra
// fields, nulls, huge strings, deep nesting, unicode, control characters, SQL- and HTML-looking
// strings. Each must answer a 4xx with {error} (or a 2xx when the junk happens to be valid), never
// a 5xx, and a rejected request must leave the database exactly as it was.
import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { type Client, createTestApp, signIn } from '../test/helpers'

async function setup() {
  const ctx = await createTestApp({ ADMIN_EMAILS: 'ada@example.com', SECRET_KEY: 'bad-input-key' })
  const ada = await signIn(ctx.app, 'ada@example.com')
  await ada.post('/api/section-templates', { name: 'Tasks', type: 'tasks' })
  const project = (await ada.post('/api/projects', { name: 'Apollo' })).json
  const member = (await ada.post('/api/team-members', { name: 'Bo', email: 'bo@example.com' })).json
  const report = (await ada.post('/api/reports', { week_start_date: '2026-11-16' })).json
  const item = (
    await ada.post('/api/section-items', { section_id: report.sections[0].id, content: 'x' })
  ).json
  // Asks: the item is asked of the readers.
  await ada.put(`/api/section-items/${item.id}`, { is_ask: true })
  const tp = (await ada.post(`/api/team-members/${member.uuid}/talking-points`, { content: 'tp' }))
    .json
  const template = (await ada.get('/api/section-templates')).json[0]
  const share = (await ada.post(`/api/reports/${report.uuid}/shares`, {})).json
  const token = share.url.split('/r/')[1] as string
  const question = (
    await ada.post(`/api/shared/${token}/questions`, { name: 'Reader', text: 'Why?' })
  ).json
  const project2 = (await ada.post('/api/projects', { name: 'Zephyr' })).json
  // Metrics: one metric with a value on the report.
  const metric = (await ada.post('/api/metrics', { name: 'ARR', direction: 'up' })).json
  await ada.put(`/api/reports/${report.uuid}/metric-values/${metric.id}`, { value: 1 })
  // Decisions: one decision, from the report's item.
  const decision = (
    await ada.post('/api/decisions', {
      title: 'D',
      decided_on: '2026-11-16',
      source_item_id: item.id,
    })
  ).json
  // Team roll-up: Ada is on Boss's team with an item assigned to her, and Bo (on Ada's team) has
  // a sent report whose item Ada may pull.
  const accept = (client: Client, url: string) =>
    client.post(`/api/invitations/${url.split('/invite/')[1]}/accept`)
  const boss = await signIn(ctx.app, 'boss@example.com')
  await boss.post('/api/section-templates', { name: 'Tasks', type: 'tasks' })
  const bossMember = (
    await boss.post('/api/team-members', { name: 'Ada', email: 'ada@example.com' })
  ).json
  await accept(ada, (await boss.post(`/api/team-members/${bossMember.uuid}/invitations`)).json.url)
  const bossReport = (await boss.post('/api/reports', { week_start_date: '2026-11-16' })).json
  const assigned = (
    await boss.post('/api/section-items', {
      section_id: bossReport.sections[0].id,
      content: 'For Ada',
      assigned_to_team_member_id: bossMember.id,
    })
  ).json
  const bo = await signIn(ctx.app, 'bo@example.com')
  await accept(bo, (await ada.post(`/api/team-members/${member.uuid}/invitations`)).json.url)
  await bo.post('/api/section-templates', { name: 'Wins', type: 'standard' })
  const boReport = (await bo.post('/api/reports', { week_start_date: '2026-11-16' })).json
  const boItem = (
    await bo.post('/api/section-items', { section_id: boReport.sections[0].id, content: 'Bo win' })
  ).json
  await bo.put(`/api/reports/${boReport.uuid}`, { is_submitted: true })
  // A sent report of Ada's, for 'Send update'.
  const sentReport = (await ada.post('/api/reports', { week_start_date: '2026-11-09' })).json
  await ada.put(`/api/reports/${sentReport.uuid}`, { is_submitted: true })
  return {
    sentReport,
    assigned,
    boItem,
    ...ctx,
    ada,
    project,
    project2,
    member,
    report,
    item,
    tp,
    template,
    share,
    token,
    question,
    metric,
    decision,
  }
}
type Setup = Awaited<ReturnType<typeof setup>>

const ROUTES: Array<[string, (s: Setup) => string, Record<string, unknown>]> = [
  [
    'PUT',
    () => '/api/user-settings',
    { weekly_start_day: 'monday', report_frequency: 'weekly', onboarding_complete: true },
  ],
  [
    'PUT',
    () => '/api/settings',
    { webhook_urls: ['https://hooks.slack.com/services/T/B/x'], reminder_enabled: false },
  ],
  // The memo header and the document (issue 41).
  [
    'PUT',
    () => '/api/settings',
    {
      organisation_name: 'O',
      confidentiality_line: 'C',
      paper_size: 'a4',
      email_attach_pdf: true,
    },
  ],
  ['POST', () => '/api/section-templates', { name: 'S', type: 'standard', sort_order: 1 }],
  ['PUT', (s) => `/api/section-templates/${s.template.id}`, { name: 'S', type: 'tasks' }],
  ['PUT', () => '/api/section-templates/reorder', { sections: [{ id: 1, sort_order: 0 }] }],
  ['POST', () => '/api/projects', { name: 'P', status: 'active' }],
  ['PUT', (s) => `/api/projects/${s.project.uuid}`, { name: 'P', status: 'archived' }],
  ['POST', () => '/api/projects/combine', { projectUuids: ['a', 'b'], newProjectName: 'N' }],
  ['POST', () => '/api/team-members', { name: 'N', title: 'T', email: 'n@example.com' }],
  [
    'PUT',
    (s) => `/api/team-members/${s.member.uuid}`,
    { name: 'N', title: 'T', email: 'n@example.com' },
  ],
  [
    'POST',
    (s) => `/api/team-members/${s.member.uuid}/talking-points`,
    { content: 'c', project_id: 1 },
  ],
  [
    'PUT',
    (s) => `/api/team-members/talking-points/${s.tp.id}`,
    { content: 'c', is_completed: true, project_id: null },
  ],
  ['POST', () => '/api/reports', { week_start_date: '2026-01-05', title: 't', summary: 's' }],
  [
    'PUT',
    (s) => `/api/reports/${s.report.uuid}`,
    { title: 't', summary: 's', is_submitted: true, sent_date: '2026-01-05' },
  ],
  ['PUT', (s) => `/api/report-sections/${s.report.sections[0].id}`, { content: 'c' }],
  [
    'POST',
    () => '/api/section-items',
    { section_id: 1, content: 'c', project_id: null, item_type: 'task' },
  ],
  [
    'PUT',
    (s) => `/api/section-items/${s.item.id}`,
    { content: 'c', is_completed: true, project_id: null },
  ],
  // Her order: an item moved, a report's sections put in order.
  ['PUT', (s) => `/api/section-items/${s.item.id}/position`, { section_id: 1, before_id: null }],
  ['PUT', (s) => `/api/reports/${s.report.uuid}/sections/order`, { section_ids: [1] }],
  ['DELETE', (s) => `/api/projects/${s.project2.uuid}`, { move_to_project_id: 1 }],
  ['POST', () => '/api/reports/import/preview', { text: '## Tasks\n- [ ] x [Apollo]' }],
  ['POST', (s) => `/api/reports/${s.report.uuid}/import`, { text: '## Tasks\n- [x] y' }],
  [
    'POST',
    () => '/api/import',
    {
      format: 'cadence-export',
      version: 1,
      section_templates: [],
      projects: [{ uuid: 'p', name: 'Imported', status: 'active' }],
      team_members: [],
      reports: [],
    },
  ],
  ['POST', () => '/api/onboarding/events', { step: 'welcome', action: 'started', duration_ms: 5 }],
  ['PUT', () => '/api/admin/system-settings/maintenance_mode', { setting_value: 'false' }],
  [
    'PUT',
    (s) => `/api/reports/${s.report.uuid}/project-health/${s.project.uuid}`,
    { health: 'at_risk', note: 'n' },
  ],
  ['POST', (s) => `/api/reports/${s.report.uuid}/shares`, { expires_in_days: 30 }],
  ['PUT', (s) => `/api/questions/${s.question.id}`, { answer: 'a', seen: true }],
  // 'Needs you': answers to asks marked seen (ids of the caller's own answers; others mark nothing).
  ['POST', () => '/api/dashboard/answers-seen', { ids: [1] }],
  ['POST', (s) => `/api/shared/${s.token}/questions`, { name: 'n', text: 't', item_id: null }],
  ['POST', (s) => `/api/shared/${s.token}/acknowledgements`, { name: 'n' }],
  // Asks: marking, a reader's answer, closing.
  ['PUT', (s) => `/api/section-items/${s.item.id}`, { is_ask: true }],
  [
    'POST',
    (s) => `/api/shared/${s.token}/asks/${s.item.id}/answers`,
    { name: 'n', answer: 'comment', text: 't' },
  ],
  ['PUT', (s) => `/api/asks/${s.item.id}`, { closed: true }],
  ['PUT', (s) => `/api/assigned-to-me/${s.assigned.id}`, { is_completed: true, note: 'n' }],
  ['POST', (s) => `/api/reports/${s.report.uuid}/pull`, { source_item_id: 1 }],
  ['POST', (s) => `/api/reports/${s.sentReport.uuid}/editions`, { note: 'n' }],
  ['PUT', () => '/api/users/me', { name: 'N', display_title: 't' }],
  // A reader's follow-up: 'Include in brief'.
  ['PUT', (s) => `/api/section-items/${s.item.id}`, { include_in_brief: true }],
  // Metrics: defining one, changing it, a report's value.
  ['POST', () => '/api/metrics', { name: 'M', unit: '%', direction: 'up', target: 5 }],
  [
    'PUT',
    (s) => `/api/metrics/${s.metric.id}`,
    { name: 'M', unit: null, direction: 'down', target: null },
  ],
  ['PUT', (s) => `/api/reports/${s.report.uuid}/metric-values/${s.metric.id}`, { value: 2.5 }],
  // Decisions: recording one, changing it.
  [
    'POST',
    () => '/api/decisions',
    {
      title: 'T',
      decided_on: '2026-11-17',
      decided_by_member_uuid: null,
      rationale: 'r',
      revisit_on: '2026-12-01',
      project_uuid: null,
      source_item_id: null,
    },
  ],
  [
    'PUT',
    (s) => `/api/decisions/${s.decision.id}`,
    { title: 'T', decided_on: '2026-11-17', rationale: null, revisit_on: null },
  ],
  // Sources: connecting one (the token is write-only).
  [
    'POST',
    () => '/api/sources',
    {
      kind: 'linear',
      base_url: 'https://api.linear.app',
      token: 't',
      filter: 'ENG',
      project_uuid: null,
    },
  ],
]

// A team member's tasks and follow-ups take the same bodies as the talking points.
for (const kind of ['tasks', 'followups']) {
  ROUTES.push(
    ['POST', (s) => `/api/team-members/${s.member.uuid}/${kind}`, { content: 'c', project_id: 1 }],
    ['PUT', () => `/api/team-members/${kind}/1`, { content: 'c', is_completed: true }],
  )
}

/** Write routes that take no body worth generating, each with the reason. */
const NO_BODY: Record<string, string> = {
  'POST /api/sessions': 'the sign-in handshake; its bad input is in security/sign-in.test.ts',
  'POST /api/oauth/dev/authorize': 'a form post of the development provider (auth.test.ts)',
  'POST /api/reports/:uuid/carry-over': 'no body',
  'POST /api/reports/:uuid/starter-sections': 'no body',
  'POST /api/logout': 'no body',
  'POST /api/reports/:uuid/suggestions/:id/accept':
    'no body (bad ids: sources/suggestions.test.ts)',
  'POST /api/reports/:uuid/suggestions/:id/dismiss':
    'no body (bad ids: sources/suggestions.test.ts)',
  'POST /api/reports/:uuid/draft-summary': 'no body; saves nothing (sources/draft.test.ts)',
  'POST /api/deliveries/:id/retry': 'no body',
  'POST /api/team-members/:uuid/invitations': 'no body',
  'POST /api/team-members/:uuid/nudge': 'no body',
  'POST /api/invitations/:invitation/accept': 'no body (the token is in the path)',
  'POST /api/sessions/revoke-all':
    "no body; ends the caller's own sessions (auth.test.ts — 'sign out everywhere')",
  'POST /api/admin/users/:id/sessions/end':
    "no body; a bad or foreign id is in admin.test.ts — 'an admin ends a user's sessions'",
}

/** A route pattern (/api/x/:id) as a regular expression over concrete paths. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/\/$/, '').replace(/:[^/]+/g, '[^/]+')}/?$`)

/** Every row of every table that holds user data, in a stable order. */
async function snapshot(s: Setup) {
  const tables = [
    'users',
    'user_settings',
    'section_templates',
    'projects',
    'team_members',
    'reports',
    'report_sections',
    'section_items',
    'talking_points',
    'member_tasks',
    'member_followups',
    'project_health',
    'shares',
    'share_questions',
    'share_acknowledgements',
    'ask_answers',
    'metrics',
    'metric_values',
    'decisions',
    'decision_revisits',
    'sources',
    'source_suggestion_states',
    'invitations',
    'report_editions',
    'system_settings',
    'onboarding_events',
  ]
  const dumps: string[] = []
  for (const t of tables)
    dumps.push(JSON.stringify(await s.db.rows(sql.raw(`SELECT * FROM ${t} ORDER BY 1`))))
  return dumps.join('\n')
}

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "'; DROP TABLE projects; --",
    '<script>alert(1)</script>',
    '\u0000\u0001\u001f',
    'half \ud800 pair',
    '"\\',
    '   ',
    '',
    'x'.repeat(1_000_000),
    '2026-13-45',
    'NaN',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 3 }),
  fc.constant(JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`)),
)

/** A valid body with some fields replaced by junk, some removed, some extra. */
const mutatedBody = (valid: Record<string, unknown>) =>
  fc
    .record({
      replace: fc.subarray(Object.keys(valid)),
      remove: fc.subarray(Object.keys(valid)),
      extra: fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 2 }),
      values: fc.array(nasty, { minLength: 8, maxLength: 8 }),
    })
    .map(({ replace, remove, extra, values }) => {
      const body: Record<string, unknown> = { ...extra, ...valid }
      replace.forEach((k, i) => {
        body[k] = values[i % values.length]
      })
      for (const k of remove) delete body[k]
      return body
    })

const anyBody = (valid: Record<string, unknown>) =>
  fc.oneof(mutatedBody(valid), fc.anything(), nasty)

describe('bad input never breaks anything', () => {
  test('every route that writes is generated here (or has no body, with the reason)', async () => {
    const s = await setup()
    const writes = s.app.routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
    const covered = (method: string, path: string) =>
      ROUTES.some(([m, p]) => m === method && patternOf(path).test(p(s)))
    const missing = writes
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => {
        const [method, path] = key.split(' ')
        if (key in NO_BODY) return false
        // A DELETE takes no body (the authorization matrix covers it), but a project's does.
        if (method === 'DELETE' && !path.startsWith('/api/projects/')) return false
        return !covered(method, path)
      })
    expect(missing).toEqual([])
  })

  for (const [method, path, valid] of ROUTES) {
    test(`${method} ${path.toString().includes('s.') ? path.toString().split('`')[1] : path({} as Setup)}: 4xx with {error} or success, never 5xx; a rejection changes nothing`, async () => {
      const s = await setup()
      // The database as it is before each run: taken once, then after each run (a success may
      // change it; a rejection must not), so each run reads the tables once, not twice.
      let before = await snapshot(s)
      await fc.assert(
        fc.asyncProperty(anyBody(valid), async (body) => {
          const res = await s.ada.request(method, path(s), JSON.stringify(body), {
            'content-type': 'application/json',
          })
          const after = await snapshot(s)
          const was = before
          before = after
          expect(res.status).toBeLessThan(500)
          if (res.status >= 400) {
            expect(typeof res.json?.error).toBe('string')
            expect(res.text).not.toMatch(/at .*\.ts:\d+|SQLITE|sqlite3?_|stack/i)
            expect(after).toBe(was)
          }
        }),
        { numRuns: 25, seed: 42 },
      )
    }, 60_000)
  }

  test('lists inside bodies are capped: one element over the cap is refused and changes nothing', async () => {
    const s = await setup()
    const before = await snapshot(s)
    const over: Array<[string, string, unknown]> = [
      [
        'PUT',
        '/api/section-templates/reorder',
        { sections: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, sort_order: i })) },
      ],
      [
        'POST',
        '/api/projects/combine',
        { projectUuids: Array.from({ length: 201 }, (_, i) => `p${i}`), newProjectName: 'N' },
      ],
      [
        'PUT',
        '/api/settings',
        { webhook_urls: Array.from({ length: 51 }, (_, i) => `https://e.org/${i}`) },
      ],
      [
        'PUT',
        '/api/user-settings',
        { report_recipients: Array.from({ length: 201 }, (_, i) => `r${i}@example.com`) },
      ],
      [
        'POST',
        '/api/import',
        {
          format: 'cadence-export',
          version: 1,
          section_templates: [],
          projects: [],
          team_members: [],
          reports: [
            {
              week_start_date: '2020-01-06',
              title: null,
              summary: null,
              is_submitted: false,
              sent_date: null,
              sections: [
                {
                  section_name: 'S',
                  section_type: 'standard',
                  content: null,
                  items: Array.from({ length: 5_001 }, () => ({
                    content: 'x',
                    is_completed: false,
                    item_type: 'standard',
                  })),
                },
              ],
            },
          ],
        },
      ],
    ]
    for (const [method, path, body] of over) {
      const res = await s.ada.request(method, path, body)
      expect({ path, status: res.status }).toEqual({ path, status: 400 })
      expect(res.json.error).toBeString()
    }
    expect(await snapshot(s)).toBe(before)
  })

  test('a non-JSON body on a JSON route is refused with 400 and changes nothing', async () => {
    const s = await setup()
    const before = await snapshot(s)
    for (const type of [
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await s.ada.request('POST', '/api/projects', 'name=Apollo', {
        'content-type': type,
      })
      expect(res.status).toBe(400)
      expect(res.json.error).toBeString()
    }
    expect(await snapshot(s)).toBe(before)
  })

  // Its timeout is sized for PostgreSQL on a busy 2-core machine (~8 s seen there).
  test('stored strings come back byte for byte', async () => {
    const s = await setup()
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 200 })
          .filter((x) => x.trim() === x && x.length > 0),
        async (content) => {
          const res = await s.ada.post('/api/section-items', {
            section_id: s.report.sections[0].id,
            content,
          })
          expect(res.status).toBe(200)
          const got = (await s.ada.get(`/api/reports/${s.report.uuid}`)).json
          expect(
            got.sections[0].items.find((i: { id: number }) => i.id === res.json.id).content,
          ).toBe(content)
        },
      ),
      { numRuns: 40, seed: 7 },
    )
  }, 60_000)
})

/**
 * The operator's routes take no body: their input is headers and the query. Junk in either (an
 * Authorization that is not the token, an X-Request-Id or traceparent of any shape, any query)
 * answers 2xx or 4xx {error}, never a 5xx, and a request id of the server's own making unless a
 * trusted proxy sent a well-formed one (none is trusted here).
 */
describe('bad input to the operations routes', () => {
  const header = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'bearer  x',
      `Bearer ${'x'.repeat(5000)}`,
      '"; DROP',
      '00-zz-zz-01',
    ),
  )
  // A header value a client can send: printable ASCII (fetch refuses control characters).
  const sendable = (value: string) => value.replace(/[^\x20-\x7e]/g, '').trim()
  test("junk headers and queries never give a 5xx; the request id is always the server's own", async () => {
    const { app } = await createTestApp({ METRICS_TOKEN: 'the-token-0123456789abcdef0123456789' })
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/health/live', '/api/health/ready', '/metrics', '/api/health'),
        fc.string({ maxLength: 200 }),
        header,
        header,
        header,
        async (path, query, authorization, requestId, traceparent) => {
          const url = `http://localhost:3000${path}?${encodeURIComponent(query)}`
          const res = await app.handle(
            new Request(url, {
              headers: {
                authorization: sendable(authorization),
                'x-request-id': sendable(requestId),
                traceparent: sendable(traceparent),
              },
            }),
          )
          expect(res.status).toBeLessThan(500)
          expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
          if (res.status >= 400) expect(typeof (await res.json()).error).toBe('string')
        },
      ),
      { numRuns: 60, seed: 29 },
    )
  })
})

/**
 * The dashboard's paged lists (GET /api/dashboard/items, issue 45) take their input in the query:
 * any type, cursor and page size answer 2xx or 4xx {error}, never a 5xx, and change nothing.
 */
describe('bad input to the dashboard pages', () => {
  test('junk queries never give a 5xx and change nothing', async () => {
    const s = await setup()
    const before = await snapshot(s)
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer().map(String),
      fc.constantFrom('task', 'followup', '1e3', '-1', '2147483648', '0x10', '', 'null'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.option(value),
        fc.option(fc.oneof(value, fc.constant(String(s.item.id)))),
        fc.option(value),
        async (type, after, limit) => {
          const query = new URLSearchParams()
          if (type !== null) query.set('type', type)
          if (after !== null) query.set('after', after)
          if (limit !== null) query.set('limit', limit)
          const res = await s.ada.get(`/api/dashboard/items?${query}`)
          expect(res.status).toBeLessThan(500)
          if (res.status >= 400) expect(typeof res.json?.error).toBe('string')
        },
      ),
      { numRuns: 60, seed: 45 },
    )
    expect(await snapshot(s)).toBe(before)
  }, 60_000)
})

export type { Client }
