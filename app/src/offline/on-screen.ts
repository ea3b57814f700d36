// What is on screen, for the offline table's words and answers (./outbox): a queued change's label
// ('Complete "Ship the deck"', the words are its entry's in contract/src/offline.ts) is named from
// what the user sees or from the queue itself, and a queued create's answer takes its section's type
// or its member from the open page.
import type { OnScreen } from '@cadence/contract/offline'
import { outboxContext as app } from './context'
import type { OutboxEntry } from './store'

/** The content of an item or entry the user can see, for labels. */
function contentOf(id: number, entries: OutboxEntry[]): string | null {
  for (const section of app.openReport()?.sections ?? []) {
    const item = section.items.find((i) => i.id === id)
    if (item) return item.content
  }
  const member = app.openMember()
  if (member) {
    const lists: Array<Array<{ id: number; content: string }>> = [
      member.talkingPoints,
      member.standaloneTasks,
      member.standaloneFollowups,
      member.assignedTasks,
      member.assignedFollowups,
    ]
    for (const list of lists) {
      const found = list.find((e) => e.id === id)
      if (found) return found.content
    }
  }
  const dashboard = app.cachedDashboard()
  const task = [...(dashboard?.activeTasks ?? []), ...(dashboard?.activeFollowups ?? [])].find(
    (i) => i.id === id,
  )
  if (task) return task.content
  const assigned = app.assignedItems().find((i) => i.id === id)
  if (assigned) return assigned.content
  const created = entries.find((e) => e.tempId === id)?.created
  return typeof created?.content === 'string' ? created.content : null
}

/** What the user sees now; `entries` is the queue (a queued create's content). */
function onScreen(entries: OutboxEntry[]): OnScreen {
  return {
    report: app.openReport(),
    member: app.openMember(),
    contentOf: (id) => contentOf(id, entries),
  }
}

export { onScreen }
