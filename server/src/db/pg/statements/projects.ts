import type { ProjectWithCounts } from '@cadence/contract'
import type { Statements } from '../../statements'
import type { PgCore } from '../core'

/** As SQLite's: counts cast to integer (PostgreSQL's are bigint), comparisons summed by CASE. */
export const COUNTS_SQL = `
SELECT p.*,
  CAST(COALESCE(si.refs, 0) + COALESCE(tp.c, 0) + COALESCE(mt.c, 0) + COALESCE(mf.c, 0) AS INTEGER) AS total_references,
  CAST(COALESCE(si.tasks, 0) + COALESCE(mt.c, 0) AS INTEGER) AS task_count,
  CAST(COALESCE(si.followups, 0) + COALESCE(mf.c, 0) AS INTEGER) AS followup_count,
  CAST(COALESCE(si.reports, 0) AS INTEGER) AS reports_count
FROM projects p
LEFT JOIN project_counts si ON si.project_id = p.id AND si.user_id = $1
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM talking_points WHERE user_id = $1 GROUP BY project_id) tp ON tp.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM member_tasks WHERE user_id = $1 GROUP BY project_id) mt ON mt.project_id = p.id
LEFT JOIN (SELECT project_id, COUNT(*) AS c FROM member_followups WHERE user_id = $1 GROUP BY project_id) mf ON mf.project_id = p.id
WHERE p.user_id = $1`

/** PostgreSQL's twin of src/db/sqlite/statements/projects.ts. */
export const projectsStatements = (db: PgCore): Statements['projects'] => ({
  async withCounts(userId, projectId = null) {
    if (projectId === null)
      return (await db.sql.unsafe(COUNTS_SQL, [userId])) as ProjectWithCounts[]
    return (await db.sql.unsafe(`${COUNTS_SQL} AND p.id = $2`, [
      userId,
      projectId,
    ])) as ProjectWithCounts[]
  },
})
