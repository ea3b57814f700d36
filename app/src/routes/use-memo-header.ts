import { useEffect } from 'react'
import { useAuth } from '../state/auth'
import { cache, useSettings } from '../state/cache'

/**
 * Who the memo is from, as its header says it: the signed-in author's name and display title
 * and the organisation of the account's settings (the same fields the server puts in a brief).
 */
export function useMemoHeader() {
  const { user } = useAuth()
  const settings = useSettings()
  useEffect(() => {
    cache.settings.load().catch(() => {})
  }, [])
  return {
    author: { name: user?.name ?? null, title: user?.display_title ?? null },
    organisationName: settings.data?.organisation_name ?? null,
    /** The author's week days: the memo's week range. */
    weekDays: settings.data
      ? { start: settings.data.weekly_start_day, end: settings.data.weekly_end_day }
      : null,
    /** Settings › Profile and organisation: printed at the foot of each page. */
    confidentiality: settings.data?.confidentiality_line ?? null,
    /** Settings › Profile and organisation: the print's page size. */
    paperSize: settings.data?.paper_size ?? null,
  }
}
