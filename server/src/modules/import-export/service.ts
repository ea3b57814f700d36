// Import and export, in three parts: pasted text into a report and a report as Markdown
// (report-import.ts), the whole account as JSON (account-export.ts) and back (account-import.ts).
export * from './account-export'
export * from './account-import'
// 'Copy as Markdown' with the brief's asks and decisions (this named export wins over the star's).
export { exportMarkdown as exportReportMarkdown } from './markdown-export'
export * from './report-import'
