// Import and export: pasted text into a report (report-import.ts), a report as Markdown with its
// brief's health table, asks, decisions and metrics (markdown-export.ts), the whole account as
// JSON (account-export.ts) and back (account-import.ts).
export * from './account-export'
export * from './account-import'
export * from './markdown-export'
export * from './report-import'
