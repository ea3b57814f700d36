// @cadence/core: pure logic shared by ui, app and server (no DOM, no Node APIs).
export * from './brief'
export * from './stalled'
export * from './units'
export * from './weeks'
