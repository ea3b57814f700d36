import type { reports } from '../../db/schema'

/** A report row (shared by service.ts and carry-over.ts, which must not import each other). */
export type Report = typeof reports.$inferSelect
