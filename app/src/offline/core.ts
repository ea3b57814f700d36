// What every part of the offline outbox shares, and what the rest of the app reads of it: the
// counts the shell shows and the localStorage hint. It is part of the first download (./fetch
// imports it) and imports nothing of the app but ./api-cache; the offline table is not (./table).
import type { OfflineMethod } from '@cadence/contract/offline'
import { proxy, useSnapshot } from 'valtio'
import { KEPT_ANSWER_HEADER } from './api-cache'

type RejectedChange = { seq: number; label: string; error: string }

type OutboxState = {
  /** Changes of the signed-in user waiting to be sent. */
  pending: number
  /** Changes the server refused on replay, oldest first, kept for Retry or Discard. */
  rejected: RejectedChange[]
  syncing: boolean
}

/** Filled by ./outbox once loaded; the shell reads it for 'N changes waiting to sync'. */
const outboxState = proxy<OutboxState>({ pending: 0, rejected: [], syncing: false })

function useOutbox() {
  return useSnapshot(outboxState) as OutboxState
}

/** localStorage: how many changes the outbox holds (any state, any user); 0 or absent = none. */
const OUTBOX_HINT = 'cadence.outbox'

type WriteMethod = OfflineMethod

/** The browser says it is offline (navigator.onLine false); unknown counts as online. */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** The origin API paths are sent to (http://localhost where there is none, as in tests). */
const origin = () =>
  typeof location !== 'undefined' && location.origin !== 'null'
    ? location.origin
    : 'http://localhost'

/** Who hears whether the server answered the last request (state/pwa.ts: the 'Offline' indicator). */
const serverAnswersListeners = new Set<(answered: boolean) => void>()

function onServerAnswers(listener: (answered: boolean) => void) {
  serverAnswersListeners.add(listener)
}

function serverAnswers(answered: boolean) {
  for (const listener of serverAnswersListeners) listener(answered)
}

/**
 * A request to the server (made now, or started early by src/early-user.js), saying whether the
 * server answered: a network failure, or a kept answer the worker served instead, is no answer
 * ('Offline' shows, whatever navigator.onLine says).
 */
async function fromServer(request: Promise<Response>): Promise<Response> {
  let response: Response
  try {
    response = await request
  } catch (error) {
    if (error instanceof TypeError) serverAnswers(false)
    throw error
  }
  serverAnswers(!response.headers.has(KEPT_ANSWER_HEADER))
  return response
}

/** fetch to the server, through fromServer. */
function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return fromServer(globalThis.fetch(input, init))
}

/** True when the outbox holds changes (read synchronously, from the hint). */
function hasQueued(): boolean {
  try {
    return Number(globalThis.localStorage?.getItem(OUTBOX_HINT) ?? 0) > 0
  } catch {
    return false
  }
}

export type { OutboxState, RejectedChange, WriteMethod }
export {
  fromServer,
  hasQueued,
  isOffline,
  OUTBOX_HINT,
  onServerAnswers,
  origin,
  outboxState,
  serverFetch,
  useOutbox,
}
