import type { ActivityEntry } from '../types'

/** Who did it, as a person reads it: their name, else their e-mail, else 'Someone'. */
function who(entry: ActivityEntry) {
  return entry.user_name?.trim() || entry.user_email || 'Someone'
}

const paren = (details: string | null) => (details ? ` (${details})` : '')

/**
 * An activity-log entry as a sentence ('Ada Lovelace updated their settings'), from the codes the
 * server records (`server/src/lib/activity.ts` callers). An unknown code still reads as words.
 */
export function activitySentence(entry: ActivityEntry): string {
  const name = who(entry)
  const d = entry.details
  switch (entry.action) {
    case 'sign_in':
      return `${name} signed in`
    case 'settings_updated':
      return `${name} updated their settings${paren(d?.replaceAll('_', ' ') ?? null)}`
    case 'report_created':
      return `${name} created a report`
    case 'report_submitted':
      return `${name} sent a report`
    case 'report_deleted':
      return `${name} deleted a report`
    case 'report_carried_over':
      return `${name} carried open items into a report${paren(d)}`
    case 'report_shared':
      return `${name} shared a report by private link${paren(d)}`
    case 'share_revoked':
      return `${name} revoked a private link`
    case 'question_received':
      return `A reader asked ${name} a question`
    case 'project_deleted':
      return `${name} deleted a project${paren(d)}`
    case 'projects_combined':
      return `${name} combined projects${paren(d)}`
    case 'account_imported':
      return `${name} imported an account export${paren(d)}`
    case 'system_setting_updated':
      return `${name} changed the system setting ${entry.entity_id ?? ''}${paren(d)}`.replace(
        '  ',
        ' ',
      )
    default: {
      const words = entry.action.replace(/[._]+/g, ' ').trim()
      return `${name}: ${words}${entry.entity_type ? ` (${entry.entity_type.replace(/_/g, ' ')})` : ''}`
    }
  }
}
