// "Today" for the tests whose data lives in the current week. The server reads today (UTC) on
// every request, so a test must read it as it seeds, never once at module load: a file loaded on
// Sunday 23:59 UTC and run on Monday seeds last week while the server answers for this one (seen:
// the dashboard's stalled total 52 against 40). And a test that seeds and asserts across midnight
// UTC could still see two days: `test` below runs its body again then, so every run a test
// reports starts and ends on the same UTC day as the server saw it.
import { test as bunTest } from 'bun:test'
import { isoDate } from '../lib/time'
import { addDays, weekStart } from '../lib/weeks'

/** This week's Monday, from the clock now (the server's UTC today). */
export const thisWeek = () => weekStart(isoDate(), 'monday')

/** The Monday `n` weeks from this week's (before it when `n` is negative). */
export const weekFrom = (n: number) => addDays(thisWeek(), 7 * n)

/** A run that crosses midnight is followed by another, at most this many in all. */
const RUNS = 3

/**
 * Runs `body` and answers (or throws) what its first run inside one UTC day answered: a run that
 * started on one day and ended on the next is run again, from the start. Only the clock decides a
 * rerun, never the outcome, so a body that fails within one day fails. The body must make its own
 * data (a fresh test app), as every test using it does.
 */
export async function onOneDay<T>(body: () => T | Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    const day = isoDate()
    let outcome: { ok: true; value: T } | { ok: false; error: unknown }
    try {
      outcome = { ok: true, value: await body() }
    } catch (error) {
      outcome = { ok: false, error }
    }
    const now = isoDate()
    if (now !== day && run < RUNS)
      console.warn(`Midnight UTC passed during the run (${day} to ${now}): running it again.`)
    if (now === day || run === RUNS) {
      if (outcome.ok) return outcome.value
      throw outcome.error
    }
  }
}

/**
 * bun:test's `test` for a body that seeds "this week" and asserts what the server says of it: run
 * through `onOneDay`. A rerun shares the test's timeout; it happens at most once a day.
 */
export function test(
  name: string,
  body: () => unknown | Promise<unknown>,
  options?: Parameters<typeof bunTest>[2],
) {
  bunTest(name, () => onOneDay(body), options)
}
