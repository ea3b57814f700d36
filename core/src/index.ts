// @cadence/core: pure logic shared by ui, app and server (no DOM, no Node APIs).
export * from './brief'
export * from './units'
export * from './weeks'
