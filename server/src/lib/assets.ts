/**
 * Where the server reads the files it ships beside its code (migrations, the API reference's
 * script, the built app) and the folder relative paths start from. Unset: the repository's own.
 * The one-file build (`bun run compile`) sets these before the server loads, to the copies it
 * carries inside, and starts relative paths from the current directory.
 */
export type Assets = {
  root?: string
  appDist?: string
  drizzle?: string
  drizzlePg?: string
  scalar?: string
  /** The WAL checkpointer's worker script (db/sqlite/checkpointer.ts). */
  checkpointWorker?: string
  /** The report import's Markdown parse worker (modules/import-export/parse-off-thread.ts). */
  parseWorker?: string
  /** The memo's PDF worker (modules/sending/editions/pdf-off-thread.ts). */
  pdfWorker?: string
}

export const assets: Assets = (globalThis as { cadenceAssets?: Assets }).cadenceAssets ?? {}
