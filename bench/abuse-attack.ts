// One attack of bench/abuse.ts, in a process of its own (so the health probe's process measures
// only the server): `bun bench/abuse-attack.ts '<json Attack>'`. Prints one JSON line at the end:
// how many requests were sent, by status, and how long the attack ran.

export type Attack = {
  kind:
    | 'nested-chunked'
    | 'nested-length'
    | 'flat-length'
    | 'search-ordinary'
    | 'search-largest'
    | 'refused-sign-in'
    | 'refused-acks'
    | 'shared-views'
    | 'read-control'
    | 'account-import'
    | 'report-import'
  base: string
  origin: string
  /** The signed-in attacker's cookie (searches, nested bodies to signed-in routes, imports). */
  cookie: string
  seconds: number
  /** Open-loop floods: requests per second. */
  rate: number
  /** A shared link's token (views, acknowledgements); a report of the importer (report import). */
  token?: string
  reportUuid?: string
  query?: string
}

export type AttackResult = { sent: number; statuses: Record<string, number>; ms: number }

/** `[` × depth then `]` × depth, in 64 KB chunks made as they are read. */
function nestedStream(depth: number) {
  const chunk = 64 * 1024
  let open = depth
  let close = depth
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (open > 0) {
        const n = Math.min(chunk, open)
        open -= n
        controller.enqueue(new TextEncoder().encode('['.repeat(n)))
      } else if (close > 0) {
        const n = Math.min(chunk, close)
        close -= n
        controller.enqueue(new TextEncoder().encode(']'.repeat(n)))
      } else controller.close()
    },
  })
}

/** The largest account document the import takes: 50 projects, 49 weeks of 500 items. */
export function largestAccountDocument() {
  const items = (n: number, offset: number) =>
    Array.from({ length: n }, (_, i) => ({
      content: `Item ${offset + i} of the largest import with a few words`,
      is_completed: i % 3 === 0,
      item_type: 'task',
      project_id: (i % 50) + 1,
      assigned_to_team_member_id: null,
    }))
  const projects = Array.from({ length: 50 }, (_, i) => ({
    id: i + 1,
    name: `Imported project ${i + 1}`,
    status: 'active',
  }))
  const reports = Array.from({ length: 49 }, (_, w) => ({
    week_start_date: new Date(Date.UTC(2019, 0, 7 + 7 * w)).toISOString().slice(0, 10),
    title: `Imported week ${w}`,
    summary: null,
    is_submitted: true,
    sent_date: null,
    sections: [
      {
        section_template_id: null,
        section_name: 'Action Items',
        section_type: 'tasks',
        content: null,
        items: items(500, w * 500),
      },
    ],
  }))
  return {
    format: 'cadence-export',
    version: 1,
    section_templates: [],
    projects,
    team_members: [],
    reports,
  }
}

/** The largest report import: 5,000 lines, 200 new project names. */
export function largestReportText() {
  const lines = ['## Action Items']
  for (let i = 1; lines.length < 5_000; i++) {
    const project = `Bench import ${String(i % 200).padStart(3, '0')}`
    lines.push(`- [ ] [${project}] Item ${i} with some words to parse @Nobody`)
  }
  return lines.join('\n')
}

async function run(a: Attack): Promise<AttackResult> {
  const statuses: Record<string, number> = {}
  let sent = 0
  const count = (status: number | string) => {
    statuses[status] = (statuses[status] ?? 0) + 1
  }
  const signed = { cookie: a.cookie, origin: a.origin, 'content-type': 'application/json' }
  const request = (): Promise<Response> => {
    switch (a.kind) {
      case 'nested-chunked':
        return fetch(`${a.base}/api/sessions`, {
          method: 'POST',
          headers: { origin: a.origin, 'content-type': 'application/json' },
          body: nestedStream(3_500_000),
        })
      case 'nested-length':
        return fetch(`${a.base}/api/projects`, {
          method: 'POST',
          headers: signed,
          body: `{"name": ${'['.repeat(500_000)}${']'.repeat(500_000)}}`,
        })
      case 'flat-length':
        return fetch(`${a.base}/api/projects`, {
          method: 'POST',
          headers: signed,
          body: `{"name": "${'x'.repeat(1_000_000)}"}`,
        })
      case 'search-ordinary':
      case 'search-largest':
        return fetch(`${a.base}/api/search?query=${encodeURIComponent(a.query ?? '')}`, {
          headers: { cookie: a.cookie },
        })
      case 'refused-sign-in':
        return fetch(`${a.base}/api/oauth/google/redirect_url`)
      case 'refused-acks':
        return fetch(`${a.base}/api/shared/${a.token}/acknowledgements`, {
          method: 'POST',
          headers: { origin: a.origin, 'content-type': 'application/json' },
          body: '{"name":"Flood"}',
        })
      case 'shared-views':
        return fetch(`${a.base}/api/shared/${a.token}`)
      case 'read-control':
        return fetch(`${a.base}/api/config`)
      case 'account-import':
        return fetch(`${a.base}/api/import`, {
          method: 'POST',
          headers: signed,
          body: JSON.stringify(largestAccountDocument()),
        })
      case 'report-import':
        return fetch(`${a.base}/api/reports/${a.reportUuid}/import`, {
          method: 'POST',
          headers: signed,
          body: JSON.stringify({ text: largestReportText() }),
        })
    }
  }
  const one = async () => {
    sent++
    try {
      const res = await request()
      await res.arrayBuffer()
      count(res.status)
    } catch {
      count('error')
    }
  }
  const started = performance.now()
  const until = started + a.seconds * 1000
  if (a.kind === 'account-import' || a.kind === 'report-import') {
    await one()
  } else if (a.kind.startsWith('search') || a.kind.endsWith('-length')) {
    // One request at a time, the next as soon as one is answered: what one such request costs.
    while (performance.now() < until) await one()
  } else {
    // An open-loop flood at `rate` requests per second, whatever the answers take.
    const inFlight = new Set<Promise<void>>()
    const tick = 10
    let due = 0
    while (performance.now() < until) {
      due += (a.rate * tick) / 1000
      while (due >= 1 && inFlight.size < 256) {
        due--
        const p = one().finally(() => inFlight.delete(p))
        inFlight.add(p)
      }
      await Bun.sleep(tick)
    }
    await Promise.all(inFlight)
  }
  return { sent, statuses, ms: performance.now() - started }
}

if (import.meta.main) {
  const attack = JSON.parse(process.argv[2]) as Attack
  console.log(JSON.stringify(await run(attack)))
}
