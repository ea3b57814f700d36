/**
 * Who watches database statements: the tracing (observability/tracing.ts) sets `current` when
 * traces are exported; the engines call it at each statement and call what it answers when the
 * statement ends (with the error, if it failed). Null: nothing is watched and nothing is paid.
 */
export type QueryObserver = (text: string) => (error?: unknown) => void

export const queryObserver: { current: QueryObserver | null } = { current: null }
