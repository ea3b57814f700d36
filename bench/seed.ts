// The large benchmark dataset, deterministic: 500 users; one heavy user with 5 years of weekly
// reports (260 × 5 sections × 12 items), 200 projects (half archived), 60 team members with 3,000
// talking points and standalone tasks; the others a few months each. Two more of one shape that
// differ only in their history (issue 45): 500 weekly reports against 8 (bench/history.ts compares
// their uncached answers). Written through the server's own services, one transaction per user;
// the search index is brought up to date before the file is closed, as a running server keeps it
// (left pending, a started server spends its first seconds indexing ~50,000 items in the
// background, inside whatever is measured first).
import { rmSync } from 'node:fs'
import {
  type AppContext,
  createEntry,
  createItem,
  createMember,
  createProject,
  createReport,
  createSession,
  createTemplate,
  loadConfig,
  openDatabase,
  updateItem,
  updateProject,
  upsertUser,
} from '@cadence/server/testing'

export const HEAVY_EMAIL = 'heavy@bench.example.com'
export const RARE_WORD = 'zanzibar'
/** The same shape of account, with 500 weekly reports and with 8 (bench/history.ts). */
export const HISTORY_EMAIL = 'history@bench.example.com'
export const LIGHT_EMAIL = 'light@bench.example.com'
const HISTORY_SHAPE = { projects: 20, members: 10, sections: 5, items: 6, entries: 100 }

function mulberry32(seed: number) {
  let a = seed
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const VERBS = [
  'Launch',
  'Review',
  'Draft',
  'Finalize',
  'Hire',
  'Negotiate',
  'Ship',
  'Audit',
  'Plan',
  'Present',
]
const NOUNS = [
  'pricing page',
  'Q3 budget',
  'vendor contract',
  'onboarding flow',
  'board deck',
  'hiring plan',
  'security review',
  'roadmap',
  'partner API',
  'customer survey',
]
const TAILS = [
  'with finance',
  'before Friday',
  'for the board',
  'with legal',
  'for EMEA',
  'after the offsite',
  'with the design team',
  '',
]

const iso = (d: Date) => d.toISOString().slice(0, 10)

/**
 * `heavyUsers` (default 1): how many users have the heavy user's history; the others after the first
 * are `heavy2@…`, `heavy3@…`, seeded after the ordinary users, so the default dataset is unchanged
 * (the capacity model, bench/capacity.ts, measures several heavy users side by side).
 */
export async function seed(path: string, heavyUsers = 1) {
  const started = performance.now()
  rmSync(path, { force: true })
  rmSync(`${path}-wal`, { force: true })
  rmSync(`${path}-shm`, { force: true })
  const db = openDatabase(path)
  const config = loadConfig({ DATABASE_PATH: path })
  const rand = mulberry32(20261122)
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]
  const sentence = () => `${pick(VERBS)} ${pick(NOUNS)} ${pick(TAILS)}`.trim()
  let rareUsed = false

  const seedUser = (
    email: string,
    weeks: number,
    opts: { projects: number; members: number; sections: number; items: number; entries: number },
  ) =>
    db.tx(async (tx) => {
      const ctx: AppContext = { db: tx, config }
      const user = await upsertUser(ctx, {
        provider: 'dev',
        providerUserId: email,
        email,
        name: email.split('@')[0],
      })
      const types = ['standard', 'tasks', 'followups', 'tasks', 'standard'] as const
      for (let s = 0; s < opts.sections; s++) {
        await createTemplate(ctx, user.id, {
          name: ['Highlights', 'Action Items', 'Follow-ups', 'Risks', 'Next Week'][s],
          type: types[s],
        })
      }
      const projects = []
      for (let i = 0; i < opts.projects; i++)
        projects.push(
          await createProject(ctx, user.id, { name: `Project ${i + 1} ${pick(NOUNS)}` }),
        )
      for (const [i, p] of projects.entries()) {
        if (i % 2 === 1) await updateProject(ctx, user.id, p.uuid, { status: 'archived' })
      }
      const members = []
      for (let i = 0; i < opts.members; i++)
        members.push(
          await createMember(ctx, user.id, {
            name: `Member ${i + 1}`,
            title: pick(['VP Sales', 'CTO', 'Head of People', 'CFO', 'Engineer']),
            email: `m${i}@${email.split('@')[1]}`,
          }),
        )
      for (let e = 0; e < opts.entries; e++) {
        const member = members[e % members.length]
        await createEntry(ctx, user.id, member.uuid, e % 2 ? 'talking-points' : 'tasks', {
          content: sentence(),
          project_id: rand() < 0.5 ? pick(projects).id : null,
        })
      }
      const monday = new Date(Date.UTC(2026, 10, 16))
      for (let w = 0; w < weeks; w++) {
        const week = new Date(monday.getTime() - w * 7 * 86_400_000)
        const report = await createReport(ctx, user.id, {
          week_start_date: iso(week),
          title: `Week ${iso(week)}`,
          summary: sentence(),
        })
        for (const section of report.sections) {
          for (let k = 0; k < opts.items; k++) {
            let content = sentence()
            if (!rareUsed && email === HEAVY_EMAIL && w === 100) {
              content = `Visit the ${RARE_WORD} office`
              rareUsed = true
            }
            const item = await createItem(ctx, user.id, {
              section_id: section.id,
              content,
              project_id: projects.length && rand() < 0.6 ? pick(projects).id : null,
              assigned_to_team_member_id:
                members.length && section.section_type !== 'standard' && rand() < 0.5
                  ? pick(members).id
                  : null,
            })
            if (w > 2 && rand() < 0.85)
              await updateItem(ctx, user.id, item.id, { is_completed: true })
          }
        }
      }
      return user
    })

  const heavy = await seedUser(HEAVY_EMAIL, 260, {
    projects: 200,
    members: 60,
    sections: 5,
    items: 12,
    entries: 3000,
  })
  for (let u = 1; u < 500; u++) {
    await seedUser(`user${u}@bench.example.com`, 8, {
      projects: 5,
      members: 3,
      sections: 3,
      items: 3,
      entries: 6,
    })
  }
  for (let h = 2; h <= heavyUsers; h++)
    await seedUser(`heavy${h}@bench.example.com`, 260, {
      projects: 200,
      members: 60,
      sections: 5,
      items: 12,
      entries: 3000,
    })
  await seedUser(HISTORY_EMAIL, 500, HISTORY_SHAPE)
  await seedUser(LIGHT_EMAIL, 8, HISTORY_SHAPE)
  const { token } = await createSession({ db, config }, heavy.id)
  await db.q.search.prepare()
  db.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.sqlite.close()
  const seconds = (performance.now() - started) / 1000
  return { token, seconds }
}

if (import.meta.main) {
  const path = process.argv[2] ?? 'bench/tmp/bench.db'
  const { seconds } = await seed(path)
  console.log(`seeded ${path} in ${seconds.toFixed(1)} s`)
}
