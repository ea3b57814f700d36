// Stalled items grouped by person, as 'Needs you' shows them: the server groups the dashboard's
// first page (server/src/modules/dashboard/needs-you.ts) and the app merges the pages it loads
// after (app/src/state/dashboard.ts), so both must agree on the order.

export type StalledEntry = {
  id: number
  content: string
  open_weeks: number
  report_uuid: string
}

export type StalledGroup = {
  team_member_uuid: string | null
  name: string | null
  items: StalledEntry[]
}

export type StalledSource = StalledEntry & {
  assignee_uuid: string | null
  assignee_name: string | null
}

/**
 * Adds `items` to `groups` by person: the executive's own (no assignee) last, then the person whose
 * oldest item waited longest first; oldest first within a group, ties by id. An item already held
 * is not added twice. Neither input is changed.
 */
export function groupStalled(groups: StalledGroup[], items: StalledSource[]): StalledGroup[] {
  const byKey = new Map<string, StalledGroup>(
    groups.map((g) => [g.team_member_uuid ?? '', { ...g, items: [...g.items] }]),
  )
  const held = new Set(groups.flatMap((g) => g.items.map((i) => i.id)))
  for (const item of items) {
    if (held.has(item.id)) continue
    held.add(item.id)
    const key = item.assignee_uuid ?? ''
    const group = byKey.get(key) ?? {
      team_member_uuid: item.assignee_uuid,
      name: item.assignee_uuid ? item.assignee_name : null,
      items: [],
    }
    group.items.push({
      id: item.id,
      content: item.content,
      open_weeks: item.open_weeks,
      report_uuid: item.report_uuid,
    })
    byKey.set(key, group)
  }
  const oldest = (g: StalledGroup) => g.items[0]?.open_weeks ?? 0
  return [...byKey.values()]
    .map((g) => ({
      ...g,
      items: g.items.sort((a, b) => b.open_weeks - a.open_weeks || a.id - b.id),
    }))
    .sort(
      (a, b) =>
        Number(a.team_member_uuid === null) - Number(b.team_member_uuid === null) ||
        oldest(b) - oldest(a),
    )
}
