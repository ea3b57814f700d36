// @cadence/contract: the API's answers, written once as TypeBox schemas (Elysia's `t`).
// The server declares them as each route's `response` (validated, and in the OpenAPI document);
// ui and app read their types (`typeof X.static`), so a renamed field fails to compile everywhere.
// One file per feature, the same stem as its server module (server/src/modules/<feature>/); names are the ui's type names (Report, SectionItem, …).
// Ids and counts are t.Number(), never t.Integer() (see section-items.ts: it makes every
// validation slow).

export * from './admin'
export * from './asks'
export * from './auth'
export * from './common'
export * from './dashboard'
export * from './decisions'
export * from './delivery'
export * from './editions'
export * from './import-export'
export * from './metrics'
export * from './project-health'
export * from './projects'
export * from './reports'
export * from './search'
export * from './section-items'
export * from './section-templates'
export * from './settings'
export * from './sharing'
export * from './sources'
export * from './system'
export * from './team-members'
export * from './team-roll-up'
