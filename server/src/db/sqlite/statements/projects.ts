import type { ProjectWithCounts } from '@cadence/contract'
import type { ProjectStatements } from '../../statements'
import { ready, type SqliteCore } from '../core'

/**
 * Counts per project. References are report items plus a member's talking points, tasks and
 * follow-ups tagged to it; task_count and followup_count include both report items and the
 * standalone ones; reports_count is the number of reports with at least one item tagged to it.
 * The report items' share is kept by the database at every write (`project_counts`, triggers in
 * src/db/sqlite/features/project-counts.sql): one row per project, whatever the user's history;
 * the member entries are per user, not per week (`*_user_project` indexes).
 */
export const COUNTS_SQL = `
SELECT p.*,
  COALESCE(si.refs, 0) + COALESCE(tp.c, 0) + COALESCE(mt.c, 0) + COALESCE(mf.c, 0) AS total_references,
  COALESCE(si.tasks, 0) + COALESCE(mt.c, 0) AS task_count,
  COALESCE(si.followups, 0) + COALESCE(mf.c, 0) AS followup_count,
  COALESCE(si.reports, 0) AS reports_count
FROM projects p
LEFT JOIN project_counts si ON si.project_id = p.id AND si.user_id = ?1
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM talking_points WHERE user_id = ?1 GROUP BY project_id) tp ON tp.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM member_tasks WHERE user_id = ?1 GROUP BY project_id) mt ON mt.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM member_followups WHERE user_id = ?1 GROUP BY project_id) mf ON mf.project_id = p.id
WHERE p.user_id = ?1`

/** The projects list with its counts, a measured hot path (twin: src/db/pg/statements/projects.ts). */
export const projectsStatements = (db: SqliteCore): ProjectStatements => ({
  /** The user's projects with their counts (one project with `projectId`), in no set order. */
  async withCounts(userId: number, projectId: number | null = null) {
    await ready(db)
    if (projectId === null) return db.prepare(COUNTS_SQL).all(userId) as ProjectWithCounts[]
    return db.prepare(`${COUNTS_SQL} AND p.id = ?2`).all(userId, projectId) as ProjectWithCounts[]
  },
})
