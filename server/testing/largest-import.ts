/**
 * The largest account document of the stall measures (bench/stalls.ts on the real server,
 * server/src/security/stall.test.ts in process): 7.8 MB of 9 reports of 500 items, one item with
 * half a surrogate pair escaped near the start (made storable as it is parsed). `weekOf(r)` is the
 * r-th report's week; two documents with other weeks fit one account's items together.
 */
export function largestImportDocument(weekOf: (r: number) => string): string {
  const item = (k: number) => ({
    content: `${k === 0 ? '\ud800 ' : ''}Imported item ${k} ${'x'.repeat(1_630)}`,
    is_completed: false,
    item_type: 'task',
  })
  return JSON.stringify({
    format: 'cadence-export',
    version: 1,
    section_templates: [],
    projects: [],
    team_members: [],
    reports: Array.from({ length: 9 }, (_, r) => ({
      week_start_date: weekOf(r),
      title: null,
      summary: null,
      is_submitted: false,
      sent_date: null,
      sections: [
        {
          section_name: 'Action Items',
          section_type: 'tasks',
          content: null,
          items: Array.from({ length: 500 }, (_, k) => item(r * 500 + k)),
        },
      ],
    })),
  })
}
