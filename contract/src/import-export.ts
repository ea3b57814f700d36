// Response schemas of import and export (server/src/modules/import-export). The report export
// (GET /api/reports/{uuid}/export) answers a file (Markdown, HTML or text), not JSON.
import { t } from 'elysia'

/** POST /api/reports/import/preview: the pasted text as sections and items, nothing written. */
export const ImportStructure = t.Object({
  sections: t.Array(
    t.Object({
      sectionName: t.String(),
      items: t.Array(
        t.Object({
          content: t.String(),
          projectName: t.Nullable(t.String()),
          /** Present when the line said (a check box, '✓ Completed'). */
          is_completed: t.Optional(t.Boolean()),
          /** Present when the line ends '— Assigned to Name'. */
          assignee: t.Optional(t.String()),
        }),
      ),
    }),
  ),
})
export type ImportStructure = typeof ImportStructure.static

/** POST /api/reports/{uuid}/import: what was added to the report. */
export const ReportImportResult = t.Object({
  importedItems: t.Number(),
  createdProjects: t.Number(),
  assignedItems: t.Number(),
  skippedProjects: t.Number(),
  matchedSections: t.Number(),
  /** Parsed sections with items that matched none of the report's sections. */
  unmatchedSections: t.Array(t.String()),
  message: t.String(),
})
export type ReportImportResult = typeof ReportImportResult.static

/** One object of the account document, kept as it is (its shape is the import's body schema). */
const ExportRow = t.Record(t.String(), t.Unknown())

/**
 * GET /api/export: the whole account as one document (format 'cadence-export', version 1), the
 * body POST /api/import takes back. Precise at the top level only: the rows are generic records,
 * so a field added to the export is never dropped here; the import's body schema
 * (server modules/import-export/model.ts) describes them field by field.
 */
export const ExportDocument = t.Object({
  format: t.Literal('cadence-export'),
  version: t.Literal(1),
  exported_at: t.String(),
  settings: ExportRow,
  section_templates: t.Array(ExportRow),
  projects: t.Array(ExportRow),
  team_members: t.Array(ExportRow),
  reports: t.Array(ExportRow),
  metrics: t.Array(ExportRow),
  decisions: t.Array(ExportRow),
})
export type ExportDocument = typeof ExportDocument.static

/** POST /api/import: how many objects of each kind were written. */
export const ImportCounts = t.Object({
  /** Whether the document's settings replaced the account's. */
  settings: t.Boolean(),
  sectionTemplates: t.Number(),
  projects: t.Number(),
  teamMembers: t.Number(),
  talkingPoints: t.Number(),
  tasks: t.Number(),
  followups: t.Number(),
  reports: t.Number(),
  sections: t.Number(),
  items: t.Number(),
  /** Reports for weeks the account already had, left out. */
  skippedReports: t.Number(),
})
export type ImportCounts = typeof ImportCounts.static
