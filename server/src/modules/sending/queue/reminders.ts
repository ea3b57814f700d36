/**
 * The weekly reminders, claimed by the database: one statement per pass and kind, whatever the
 * number of users. Each pass (every minute on every instance, from 09:00 UTC) inserts a reminder
 * only for the users due one — week end day today, reminders on, this week's report not sent, no
 * reminder of this week yet — so a pass with nothing due writes nothing and takes no id from the
 * deliveries' sequence. The partial unique indexes (deliveries_reminder_once,
 * deliveries_team_reminder_once) settle two instances inserting the same one at the same moment:
 * ON CONFLICT DO NOTHING, and the reminder is recorded once.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { Config } from '../../../config'
import type { Db } from '../../../db'
import { currentWeekWindow, WEEKDAYS, weekStart } from '../../../lib/weeks'

/** Reminders are due from this hour (UTC) on the user's week end day. */
export const REMINDER_HOUR_UTC = 9

const utcDate = (d: Date) => d.toISOString().slice(0, 10)

/**
 * For each possible start day: the start of the current week and the window a sent report of it
 * may lie in (lib/weeks.ts), as a VALUES table the statement joins each user to.
 */
function weeksOf(today: string) {
  const rows = WEEKDAYS.map((day) => {
    const window = currentWeekWindow(today, day)
    return sql`(${day}, ${weekStart(today, day)}, ${window.from}, ${window.to})`
  })
  return sql`weeks(day, week_start, win_from, win_to) AS (VALUES ${sql.join(rows, sql`, `)})`
}

/** A stored day, or the default for one that is not a weekday's name. */
const dayOr = (column: SQL, fallback: string) =>
  sql`COALESCE(CASE WHEN ${column} IN (${sql.join(
    WEEKDAYS.map((d) => sql`${d}`),
    sql`, `,
  )}) THEN ${column} END, ${fallback})`

const recipientsOf = (db: Db) =>
  db.kind === 'pg' ? sql`json_build_array(u.email)::text` : sql`json_array(u.email)`

/** Neither sent this week (by the user's own start day) nor reminded of it already. */
const notSentNorReminded = (kind: 'reminder' | 'team_reminder') => sql`
  NOT EXISTS (
    SELECT 1 FROM reports r
    WHERE r.user_id = u.id AND r.is_submitted = 1
      AND r.week_start_date >= w.win_from AND r.week_start_date <= w.win_to)
  AND NOT EXISTS (
    SELECT 1 FROM deliveries d
    WHERE d.user_id = u.id AND d.kind = ${kind} AND d.week_start_date = w.week_start)`

/**
 * Records this week's reminder for every user whose week end day is today (UTC), from 09:00 UTC,
 * with reminder_enabled, while this week's report is not sent. Answers how many were recorded.
 */
export async function queueReminders(db: Db, config: Config, now: Date = new Date()) {
  if (!config.smtp || now.getUTCHours() < REMINDER_HOUR_UTC) return 0
  const today = utcDate(now)
  const rows = await db.rows<{ id: number }>(sql`
    WITH ${weeksOf(today)}
    INSERT INTO deliveries (user_id, kind, week_start_date, recipients, next_attempt_at)
    SELECT u.id, 'reminder', w.week_start, ${recipientsOf(db)}, ${now.toISOString()}
    FROM users u
    LEFT JOIN user_settings s ON s.user_id = u.id
    JOIN weeks w ON w.day = ${dayOr(sql`s.weekly_start_day`, 'monday')}
    WHERE COALESCE(s.reminder_enabled, 1) <> 0
      AND ${dayOr(sql`s.weekly_end_day`, 'friday')} = ${WEEKDAYS[now.getUTCDay()]}
      AND ${notSentNorReminded('reminder')}
    ON CONFLICT DO NOTHING
    RETURNING id`)
  return rows.length
}

/**
 * Team roll-up: on the week end day of an executive with team_reminder_enabled (from 09:00 UTC),
 * records a reminder for each linked team member whose report of their own current week is not
 * sent: once per person and week, however many executives' teams they are on.
 */
export async function queueTeamReminders(db: Db, config: Config, now: Date = new Date()) {
  if (!config.smtp || now.getUTCHours() < REMINDER_HOUR_UTC) return 0
  const today = utcDate(now)
  const rows = await db.rows<{ id: number }>(sql`
    WITH ${weeksOf(today)}
    INSERT INTO deliveries (user_id, kind, week_start_date, recipients, next_attempt_at)
    SELECT DISTINCT u.id, 'team_reminder', w.week_start, ${recipientsOf(db)}, ${now.toISOString()}
    FROM user_settings es
    JOIN team_members m ON m.user_id = es.user_id
    JOIN users u ON u.id = m.linked_user_id
    LEFT JOIN user_settings ms ON ms.user_id = u.id
    JOIN weeks w ON w.day = ${dayOr(sql`ms.weekly_start_day`, 'monday')}
    WHERE es.team_reminder_enabled = 1 AND es.weekly_end_day = ${WEEKDAYS[now.getUTCDay()]}
      AND m.linked_user_id <> es.user_id
      AND ${notSentNorReminded('team_reminder')}
    ON CONFLICT DO NOTHING
    RETURNING id`)
  return rows.length
}
