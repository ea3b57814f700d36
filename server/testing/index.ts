// The server package's testing entry, `@cadence/server/testing`: what tests, e2e journeys,
// benchmarks and the seeder outside the server use, through one public door instead of paths
// into server/src. Production code never imports it (nothing under server/src does).

// The real app and database, for in-process profiles and seeding a database through the
// server's own services.
export { createApp } from '../src/app'
export { loadConfig } from '../src/config'
export type { AppContext } from '../src/context'
export { openDatabase } from '../src/db'
export { startCheckpointer } from '../src/db/sqlite/checkpointer'
export { createSession, upsertUser } from '../src/modules/auth/service'
export { createProject, updateProject } from '../src/modules/projects/service'
export { createReport } from '../src/modules/reports/service'
export { createItem, updateItem } from '../src/modules/section-items/service'
export { createTemplate } from '../src/modules/section-templates/service'
export { createEntry, createMember } from '../src/modules/team-members/service'
// The largest account document of the stall measures.
export { largestImportDocument } from './largest-import'
// A real SMTP server on a random local port and a reader for what it receives.
export {
  closedPort,
  leaves,
  type MimePart,
  parseMime,
  type Received,
  startTestSmtp,
  type TestSmtp,
} from './smtp-test-server'
// Stand-ins for the sources' vendors and the model endpoint (modules/sources).
export { type StandIn, startVendorStandIn } from './vendor-stand-in'
