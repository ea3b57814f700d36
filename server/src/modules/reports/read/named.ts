import { eq } from 'drizzle-orm'
import type { AppContext } from '../../../context'
import { projects, teamMembers } from '../../../db/schema'
import { nextTurn } from '../../../lib/time-slices'
import type { Report } from './find'
import { loadReport } from './find'

/**
 * A report as the renderers take it (the Markdown export, the e-mail, the shared page): sections and items with
 * each item's project and assignee names resolved, in two queries whatever the report's size.
 */
export async function namedReport(ctx: AppContext, report: Report) {
  const full = await loadReport(ctx, report)
  await nextTurn()
  const names = async (table: typeof projects | typeof teamMembers) =>
    new Map(
      (
        await ctx.db.orm
          .select({ id: table.id, name: table.name })
          .from(table)
          .where(eq(table.user_id, report.user_id))
      ).map((row) => [row.id, row.name]),
    )
  const projectNames = await names(projects)
  const memberNames = await names(teamMembers)
  return {
    projectNames,
    /** The report as loadReport read it (with the ageing fields), for 'Since last week'. */
    loaded: full,
    report: {
      week_start_date: full.week_start_date,
      title: full.title,
      summary: full.summary,
      sections: full.sections.map((s) => ({
        id: s.id,
        section_name: s.section_name,
        section_type: s.section_type,
        content: s.content,
        items: s.items.map((i) => ({
          id: i.id,
          content: i.content,
          is_completed: i.is_completed,
          item_type: i.item_type,
          project_id: i.project_id,
          projectName: (i.project_id && projectNames.get(i.project_id)) || null,
          assignee:
            (i.assigned_to_team_member_id && memberNames.get(i.assigned_to_team_member_id)) || null,
          from: i.source_author_name ?? null,
        })),
      })),
    },
  }
}
