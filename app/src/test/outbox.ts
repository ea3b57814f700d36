// Test helper: the outbox as a reload leaves it. The database is closed (the next use opens it
// again, in the IndexedDB then installed), the retry timer and listeners stop, and the in-memory
// counts are forgotten; what IndexedDB holds stays.

import { outboxState } from '../offline/fetch'
import { stopOutbox } from '../offline/outbox'

async function resetOutbox() {
  await stopOutbox()
  Object.assign(outboxState, { pending: 0, rejected: [], syncing: false })
}

export { resetOutbox }
