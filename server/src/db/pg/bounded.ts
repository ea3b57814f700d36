import type { SQL } from 'bun'
import { DatabaseUnavailable } from '../unavailable'

/**
 * A PostgreSQL client whose every statement is answered within a deadline, hung server or not.
 *
 * PostgreSQL's own `statement_timeout` (set on every connection, pg/index.ts) stops a slow
 * statement, but a server that is frozen or unreachable enforces nothing: a query on a connection
 * it no longer answers would wait forever, and so would every request behind it. So each query
 * also gets a client-side deadline: when it passes, the query is cancelled (one not yet sent never
 * runs; one running is cancelled by the server as soon as it can) and the caller gets
 * `DatabaseUnavailable`, which the API answers 503 with Retry-After. A transaction is bounded
 * while it waits for its connection and BEGIN, and again once its body is done (COMMIT); its body
 * runs bounded statements. Nothing here keeps state about the server: once it answers again, the
 * next queries simply succeed.
 */
export type Bounded = {
  client: SQL
  /** Connections running a statement or holding a transaction, and statements waiting for one. */
  stats(): { inUse: number; waiting: number }
}

type Query = Promise<unknown> & { active?: boolean; cancel?: () => unknown }
type Observer = ((text: string) => (error?: unknown) => void) | null

const isQuery = (value: unknown): value is Query =>
  !!value &&
  typeof (value as Query).then === 'function' &&
  typeof (value as Query).cancel === 'function'

/** The text of a tagged-template call (`sql\`SELECT 1\``), for spans. */
const templateText = (args: unknown[]) =>
  Array.isArray(args[0]) && 'raw' in (args[0] as object)
    ? (args[0] as string[]).join('$?')
    : String(args[0] ?? '')

type Options = { statementMs: number; observe?: () => Observer }

/** What one bounded client counts: its statements running outside transactions, its transactions. */
type State = {
  running: Set<Query>
  transactions: { open: number; starting: number }
  options: Options
}

export function bounded(sql: SQL, options: Options): Bounded {
  const state: State = {
    running: new Set<Query>(),
    transactions: { open: 0, starting: 0 },
    options,
  }
  return {
    client: wrap(state, sql, false),
    stats() {
      let active = 0
      let waiting = state.transactions.starting
      for (const q of state.running) {
        if (q.active) active++
        else waiting++
      }
      return { inUse: active + state.transactions.open, waiting }
    },
  }
}

const timedOut = (state: State) =>
  new DatabaseUnavailable(
    `The database did not answer within ${state.options.statementMs / 1000} s`,
  )

/** Runs a query: cancelled and answered DatabaseUnavailable once the deadline passes. */
function underDeadline(state: State, query: Query, text: string, inTx: boolean) {
  const end = state.options.observe?.()?.(text)
  if (!inTx) state.running.add(query)
  const settled = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        query.cancel?.()
      } catch {}
      reject(timedOut(state))
    }, state.options.statementMs)
    // The query's own `then` starts it (queries are lazy).
    query.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  }).finally(() => state.running.delete(query))
  if (end) settled.then(() => end(), end)
  return settled
}

/** A query whose `then` runs it under the deadline; its other methods keep it bounded. */
function boundQuery(state: State, query: Query, text: string, inTx: boolean): Query {
  let settled: Promise<unknown> | null = null
  const run = () => {
    settled ??= underDeadline(state, query, text, inTx)
    return settled
  }
  return new Proxy(query, {
    get(target, prop) {
      if (prop === 'then')
        return (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) =>
          run().then(ok, fail)
      if (prop === 'catch') return (fail?: (e: unknown) => unknown) => run().catch(fail)
      if (prop === 'finally') return (fn?: () => void) => run().finally(fn)
      const value = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const result = value.apply(target, args)
        // `.values()`, `.raw()`, `.simple()` answer the query (or another one): bound it too.
        return isQuery(result) ? boundQuery(state, result, text, inTx) : result
      }
    },
  })
}

/** A transaction (or savepoint) bounded until its body starts and after it ends. */
function boundTransaction(
  state: State,
  start: (body: (client: SQL) => Promise<unknown>) => Promise<unknown>,
  args: unknown[],
) {
  const { transactions } = state
  const body = args.at(-1) as (client: SQL) => Promise<unknown>
  const rest = args.slice(0, -1)
  return new Promise((resolve, reject) => {
    let phase: 'starting' | 'body' | 'ending' = 'starting'
    transactions.starting++
    // The caller has had its answer: a body that only starts now is not run.
    let expired = false
    let timer = setTimeout(() => {
      expired = true
      reject(timedOut(state))
    }, state.options.statementMs)
    const leave = () => {
      if (phase === 'starting') transactions.starting--
      else transactions.open--
    }
    const wrapped = async (client: SQL) => {
      clearTimeout(timer)
      if (expired) throw timedOut(state)
      transactions.starting--
      transactions.open++
      phase = 'body'
      try {
        return await body(wrap(state, client, true))
      } finally {
        phase = 'ending'
        timer = setTimeout(() => reject(timedOut(state)), state.options.statementMs)
      }
    }
    ;(start as (...a: unknown[]) => Promise<unknown>)(...rest, wrapped).then(
      (value) => {
        clearTimeout(timer)
        leave()
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        leave()
        reject(error)
      },
    )
  })
}

/**
 * A connection of the pool for the caller alone (`reserve()`), bounded while it waits for one:
 * its queries run bounded, and it counts as a transaction held until `release()`. A connection
 * released inside a transaction it began (a BEGIN not yet ended) is closed by Bun, never reused.
 */
async function reserveBounded(
  state: State,
  reserve: (options: { signal: AbortSignal }) => Promise<SQL & { release(): void }>,
) {
  const { transactions } = state
  transactions.starting++
  let connection: SQL & { release(): void }
  try {
    connection = await reserve({ signal: AbortSignal.timeout(state.options.statementMs) })
  } catch (error) {
    if ((error as Error)?.name === 'TimeoutError') throw timedOut(state)
    throw error
  } finally {
    transactions.starting--
  }
  transactions.open++
  let released = false
  return wrap(state, connection, true, () => {
    if (released) return
    released = true
    transactions.open--
    connection.release()
  })
}

/** The client (or a transaction's) with every query and transaction it makes bounded. */
function wrap(state: State, target: SQL, inTx: boolean, release?: () => void): SQL {
  return new Proxy(target, {
    apply(fn, _this, args) {
      const result = Reflect.apply(fn as unknown as (...a: unknown[]) => unknown, target, args)
      return isQuery(result) ? boundQuery(state, result, templateText(args), inTx) : result
    },
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj)
      if (typeof value !== 'function') return value
      if (prop === 'unsafe')
        return (text: string, params?: unknown[]) =>
          boundQuery(state, value.call(obj, text, params) as Query, text, inTx)
      if (prop === 'begin' || prop === 'transaction' || prop === 'savepoint')
        return (...args: unknown[]) => boundTransaction(state, value.bind(obj), args)
      if (prop === 'reserve') return () => reserveBounded(state, value.bind(obj))
      if (prop === 'release' && release) return release
      return value.bind(obj)
    },
  }) as SQL
}
