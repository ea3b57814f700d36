// What a queued change is, for people (./outbox): the label the rejected list shows ('Complete
// "Ship the deck"'), named from what is on screen or from the queue itself.
import { outboxContext as app } from './context'
import { type WriteMethod, writeOf } from './core'
import type { OutboxEntry } from './store'

const KIND_NOUN: Record<string, string> = {
  'talking-points': 'talking point',
  tasks: 'task',
  followups: 'follow-up',
}

function quote(text: unknown) {
  const s = typeof text === 'string' ? text.trim() : ''
  return s.length > 60 ? `"${s.slice(0, 57)}…"` : `"${s}"`
}

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

function labelFor(
  method: WriteMethod,
  path: string,
  body: Record<string, unknown> | undefined,
  entries: OutboxEntry[],
): string {
  const match = writeOf({ method, path, body })
  const params = match?.params ?? {}
  if (method === 'POST') {
    const noun = params.kind ? KIND_NOUN[params.kind] : 'item'
    return `Add ${noun} ${quote(body?.content)}`
  }
  if (match?.write.path === '/api/reports/:uuid/metric-values/:metric_id') {
    const open = app.openReport()
    const metric = open?.metrics?.find((m) => m.id === Number(params.metric_id))
    const name = quote(metric?.name ?? 'metric')
    const value = body?.value
    return typeof value === 'number' ? `Set ${name} to ${value}` : `Clear ${name}`
  }
  if (match?.write.path === '/api/reports/:uuid') {
    const open = app.openReport()
    const current = open?.uuid === params.uuid ? open : null
    const fields = Object.keys(body ?? {}).join(' and ')
    const name = current?.title || (current ? `Week of ${current.week_start_date}` : 'report')
    return `Edit ${fields} of ${quote(name)}`
  }
  const id = Number(params.id)
  const noun = params.kind ? KIND_NOUN[params.kind] : 'item'
  const content = contentOf(id, entries)
  const what = content !== null ? quote(content) : `${noun} #${id}`
  if (method === 'DELETE') return `Delete ${content !== null ? `${noun} ${what}` : what}`
  if (body && typeof body.is_completed === 'boolean' && Object.keys(body).length === 1)
    return `${body.is_completed ? 'Complete' : 'Reopen'} ${what}`
  if (body && typeof body.content === 'string') return `Edit ${noun} ${quote(body.content)}`
  return `Edit ${content !== null ? `${noun} ${what}` : what}`
}

export { labelFor }
