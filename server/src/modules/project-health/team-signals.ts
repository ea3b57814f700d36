import type { Health, ProjectHealth, TeamSignal } from '@cadence/contract'
import { sql } from 'drizzle-orm'
import type { Engine } from '../../db'
import { addDays } from '../../lib/weeks'
import { sentBrief } from './sent-briefs'
import { reportProjectHealth } from './table'

const RANK: Record<Health, number> = { on_track: 0, at_risk: 1, off_track: 2 }
const key = (name: string) => name.trim().toLowerCase()

type MemberReport = {
  id: number
  user_id: number
  week_start_date: string
  member_name: string
}

/**
 * Mismatched health: adds `team_signals` to a row of the executive's own health table (only where
 * there is one, so every other row answers as before), one per team member linked to this executive whose SENT report of that week (a week starting within
 * the 7 days from the report's, as Team updates line them up) gives a project of the same name
 * (trimmed, any case) a worse health than this report does. Drafts never count; a row without a
 * health of its own has nothing to be contradicted. Only for the report's owner: readers' copies
 * (the shared page, editions, e-mail) never carry it. A member's table is read from the latest
 * edition of their report (team-roll-up/sent.ts): what they sent, not what they changed since.
 */
export async function withTeamSignals(
  db: Engine,
  report: { user_id: number; week_start_date: string },
  rows: ProjectHealth[],
): Promise<ProjectHealth[]> {
  if (!rows.some((r) => r.health)) return rows
  // Each linked member's newest sent report of the week (one per member).
  const sent = await db.rows<MemberReport>(sql`
    SELECT r.id, r.user_id, r.week_start_date, m.name AS member_name
    FROM team_members m
    JOIN reports r ON r.user_id = m.linked_user_id
    WHERE m.user_id = ${report.user_id} AND m.linked_user_id IS NOT NULL
      AND m.linked_user_id <> ${report.user_id}
      AND r.is_submitted = 1
      AND r.week_start_date >= ${report.week_start_date}
      AND r.week_start_date <= ${addDays(report.week_start_date, 6)}
    ORDER BY m.name, m.id, r.week_start_date DESC`)
  const found = new Map<string, TeamSignal[]>()
  const seen = new Set<number>()
  for (const member of sent) {
    if (seen.has(member.user_id)) continue
    seen.add(member.user_id)
    // What the member sent (the latest edition's table), never a note changed after the Send.
    const brief = await sentBrief(db, member.id)
    const table = brief ? brief.project_health : await reportProjectHealth(db, member)
    for (const theirs of table) {
      if (!theirs.health) continue
      const list = found.get(key(theirs.project_name)) ?? []
      list.push({ team_member_name: member.member_name, health: theirs.health, note: theirs.note })
      found.set(key(theirs.project_name), list)
    }
  }
  // Present only where a member's health is worse: every other row answers as before.
  return rows.map((row) => {
    const mine = row.health
    const worse = mine
      ? (found.get(key(row.project_name)) ?? []).filter((s) => RANK[s.health] > RANK[mine])
      : []
    return worse.length ? { ...row, team_signals: worse } : row
  })
}
